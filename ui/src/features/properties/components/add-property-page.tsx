import { ShieldAlert } from "lucide-react";
import { Link, useNavigate } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { buttonClass } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/errors";
import { canListProperties } from "@/lib/rules";
import { usePageTitle } from "@/lib/use-page-title";
import { useCreateProperty } from "../api/use-create-property";
import { DEFAULT_PROPERTY_VALUES } from "../property-form";
import { ListingForm } from "./listing-form";
import "../properties.css";

/** The toast text when listing fails without a message from the server (SPEC §8). */
export const ADD_PROPERTY_FALLBACK = "There was an error adding your property. Please try again.";

/**
 * AddPropertyPage is /add-property (SPEC §2 "Add property"): five sections, the
 * rules of SPEC §5, the image uploader, and CreateProperty. Tenants are told that
 * only landlords, agents and property managers can list. `role` is the signed-in
 * user's role (undefined while unknown: the server has the last word anyway).
 */
export function AddPropertyPage({ role }: { role: string | undefined }) {
  usePageTitle("Add Property");

  if (role !== undefined && !canListProperties(role)) {
    return (
      <>
        <PageHeader title="Add Property" />
        <div className="container container--narrow section">
          <section className="state-panel" aria-labelledby="cannot-list-title">
            <ShieldAlert className="state-panel__icon" aria-hidden="true" size={40} />
            <h2 id="cannot-list-title" className="state-panel__title">
              Only landlords can list properties
            </h2>
            <p className="state-panel__message">
              Only landlords, agents and property managers can list properties on RentProof. Your account is a tenant
              account: you can search properties and review the places you have rented.
            </p>
            <div className="state-panel__actions">
              <Link to="/find-properties" className={buttonClass("primary")}>
                Find Properties
              </Link>
              <Link to="/dashboard" className={buttonClass("outline")}>
                Go to Dashboard
              </Link>
            </div>
          </section>
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Add Property">
        <p>
          List your rental property. It is published as soon as you add it, in search and on its own page, marked
          &ldquo;Not verified yet&rdquo; until it is verified: from its page you can ask people who know it to
          confirm it, or send ownership documents.
        </p>
      </PageHeader>
      <div className="container section">
        <AddPropertyForm />
      </div>
    </>
  );
}

const ADD_LABELS = { form: "Add property", submit: "Add Property", pending: "Adding Property...", spinner: "Adding property" };

/** AddPropertyForm lists the form's property with CreateProperty, then goes to the dashboard. */
function AddPropertyForm() {
  const navigate = useNavigate();
  const create = useCreateProperty();
  return (
    <ListingForm
      defaultValues={DEFAULT_PROPERTY_VALUES}
      labels={ADD_LABELS}
      cancelTo="/"
      pending={create.isPending}
      onSave={(request) =>
        create.mutate(request, {
          onSuccess: () => {
            toast({
              title: "Property Added",
              description: "Your property has been listed and is pending verification.",
            });
            navigate("/dashboard");
          },
          onError: (err) => {
            toast({
              title: "Error Adding Property",
              description: errorMessage(err) || ADD_PROPERTY_FALLBACK,
              variant: "destructive",
            });
          },
        })
      }
    />
  );
}
