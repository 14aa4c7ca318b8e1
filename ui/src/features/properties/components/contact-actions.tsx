import { Pencil } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";

/**
 * OwnerActions take the place of the contact slot (Contact Landlord and Schedule Viewing) for the property's owner: contacting oneself or
 * booking a viewing of one's own home means nothing, editing the listing does.
 */
export function OwnerActions({ propertyId }: { propertyId: number }) {
  return (
    <div className="contact-actions">
      <p className="contact-actions__owner">This is your listing.</p>
      <Link to={`/properties/${propertyId}/edit`} className={buttonClass("primary", "lg")}>
        <Pencil aria-hidden="true" size={18} /> Edit Property
      </Link>
    </div>
  );
}
