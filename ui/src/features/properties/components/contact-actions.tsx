import { CalendarDays, MessageSquare, Pencil } from "lucide-react";
import { Link } from "react-router-dom";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

interface ContactActionsProps {
  propertyId: number;
  title: string;
}

/**
 * ContactActions are the Contact Landlord and Schedule Viewing buttons. SPEC does
 * not say what they do and RentProof has no messaging or booking yet, so each opens
 * a dialog that says so plainly and offers the contact form, where the support team
 * passes the request on to the landlord, with the property's reference to quote.
 */
export function ContactActions({ propertyId, title }: ContactActionsProps) {
  const reference = `Property #${propertyId}: ${title}`;
  return (
    <div className="contact-actions">
      <Dialog
        title="Contact Landlord"
        description="Messaging landlords directly from RentProof is not available yet."
        trigger={
          <Button variant="primary" size="lg">
            <MessageSquare aria-hidden="true" size={18} /> Contact Landlord
          </Button>
        }
      >
        <p>
          Send us your question through the contact form and our support team will pass it on to the landlord. Please
          quote this reference:
        </p>
        <p className="contact-actions__reference">{reference}</p>
        <div className="dialog__actions">
          <Link to="/contact" className={buttonClass("primary")}>
            Go to the contact form
          </Link>
        </div>
      </Dialog>
      <Dialog
        title="Schedule Viewing"
        description="Booking viewings online is not available yet."
        trigger={
          <Button variant="outline" size="lg">
            <CalendarDays aria-hidden="true" size={18} /> Schedule Viewing
          </Button>
        }
      >
        <p>
          Tell us two or three times that suit you through the contact form and we will ask the landlord to confirm one.
          Please quote this reference:
        </p>
        <p className="contact-actions__reference">{reference}</p>
        <div className="dialog__actions">
          <Link to="/contact" className={buttonClass("primary")}>
            Go to the contact form
          </Link>
        </div>
      </Dialog>
    </div>
  );
}

/**
 * OwnerActions take the place of ContactActions for the property's owner: contacting oneself or
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
