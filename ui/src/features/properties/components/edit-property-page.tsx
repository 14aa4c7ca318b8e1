import { Code } from "@connectrpc/connect";
import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { buttonClass } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { errorMessage, errorTypeFromError, isCode } from "@/lib/errors";
import { usePageTitle } from "@/lib/use-page-title";
import { useProperty } from "../api/use-property";
import { useUpdateProperty } from "../api/use-update-property";
import { valuesOfProperty } from "../property-form";
import { ListingForm } from "./listing-form";
import { PLACE_PROMPT } from "./location-pin-field";
import "../properties.css";

/** NOT_OWNER is the server's word for an edit by someone other than the landlord, and the page's. */
export const NOT_OWNER = "You can only edit your own listings";
/** The toast text when saving fails without a message from the server. */
export const EDIT_PROPERTY_FALLBACK = "There was an error updating your property. Please try again.";
/** The toast of a save that moved a verified listing (its verification was about the old address). */
export const VERIFICATION_REMOVED = {
  title: "Verification Removed",
  description:
    "This listing is no longer verified because its address changed. You can request verification again for the new address.",
};

const EDIT_LABELS = { form: "Edit property", submit: "Save Changes", pending: "Saving...", spinner: "Saving property" };

interface EditPropertyPageProps {
  /** The listing's id, or null when the address names none. */
  id: number | null;
  /** The signed-in user's id (undefined while unknown). */
  userId: number | undefined;
}

/**
 * EditPropertyPage is /properties/:id/edit: the add-property form filled with the listing, for
 * its landlord. Save answers "Property Updated" and shows the property; when the change of address
 * withdrew the listing's verification, a second toast says so. Cancel goes back to the dashboard.
 * Who may edit is the server's call: the listing's landlord as the server reports it, and a
 * refused save shows the same "only your own listings" state.
 */
export function EditPropertyPage({ id, userId }: EditPropertyPageProps) {
  usePageTitle("Edit Property");
  const query = useProperty(id);
  const [refused, setRefused] = useState(false);
  const property = query.data?.property;

  let body;
  if (id === null || isCode(query.error, Code.NotFound)) {
    body = <ErrorPanel type="notFound" message="Property Not Found" />;
  } else if (query.error) {
    body = <ErrorPanel type={errorTypeFromError(query.error)} message={errorMessage(query.error)} />;
  } else if (!property || userId === undefined) {
    body = (
      <div className="state-panel">
        <Spinner label="Loading property" />
      </div>
    );
  } else if (refused || property.landlordId !== userId) {
    body = <NotYourListing id={property.id} />;
  } else {
    body = <EditForm property={property} onRefused={() => setRefused(true)} />;
  }

  return (
    <>
      <PageHeader title="Edit Property">
        {property ? <p>{property.title}</p> : null}
      </PageHeader>
      <div className="container section">{body}</div>
    </>
  );
}

/** NotYourListing is what someone other than the landlord sees. */
function NotYourListing({ id }: { id: number }) {
  return (
    <section className="state-panel" aria-labelledby="not-your-listing-title">
      <ShieldAlert className="state-panel__icon" aria-hidden="true" size={40} />
      <h2 id="not-your-listing-title" className="state-panel__title">
        {NOT_OWNER}
      </h2>
      <p className="state-panel__message">Only the landlord who listed this property can change it.</p>
      <div className="state-panel__actions">
        <Link to={`/properties/${id}`} className={buttonClass("primary")}>
          View Property
        </Link>
        <Link to="/dashboard" className={buttonClass("outline")}>
          Go to Dashboard
        </Link>
      </div>
    </section>
  );
}

/** EditForm saves the form with UpdateProperty. */
function EditForm({ property, onRefused }: { property: Property; onRefused: () => void }) {
  const navigate = useNavigate();
  const update = useUpdateProperty();
  return (
    <ListingForm
      defaultValues={valuesOfProperty(property)}
      images={property.images}
      labels={EDIT_LABELS}
      cancelTo="/dashboard"
      pending={update.isPending}
      // A listing without a position is not on the map: its owner is asked to place it (issue 32).
      locationPrompt={!property.latitude.trim() || !property.longitude.trim() ? PLACE_PROMPT : undefined}
      onSave={(listing) =>
        update.mutate(
          { id: property.id, listing },
          {
            onSuccess: (res) => {
              toast({ title: "Property Updated", description: "Your changes to the listing have been saved." });
              if (res.verificationRemoved) toast(VERIFICATION_REMOVED);
              navigate(`/properties/${property.id}`);
            },
            onError: (err) => {
              if (isCode(err, Code.PermissionDenied)) {
                onRefused();
                return;
              }
              toast({
                title: "Error Updating Property",
                description: errorMessage(err) || EDIT_PROPERTY_FALLBACK,
                variant: "destructive",
              });
            },
          },
        )
      }
    />
  );
}
