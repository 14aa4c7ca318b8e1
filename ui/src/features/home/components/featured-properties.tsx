import { ArrowRight } from "lucide-react";
import { Link } from "react-router-dom";
import { PropertyCard, PropertyCardSkeleton } from "@/components/property-card/property-card";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { useInviteToList } from "@/components/use-invite-to-list";
import { errorTypeFromError } from "@/lib/errors";
import { FEATURED_COUNT, useFeaturedProperties } from "../api/use-home-data";

/** FeaturedProperties shows the first three properties of the featured order. */
export function FeaturedProperties() {
  const result = useFeaturedProperties();
  const inviteToList = useInviteToList();

  let body;
  if (result.isPending) {
    body = (
      <div role="status" aria-label="Loading featured properties">
        <ul className="property-grid">
          {Array.from({ length: FEATURED_COUNT }, (_, i) => (
            <li key={i}>
              <PropertyCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  } else if (result.isError) {
    body = (
      <ErrorPanel
        type={errorTypeFromError(result.error)}
        message="Featured properties could not be loaded."
        onRetry={() => void result.refetch()}
        retrying={result.isFetching}
      />
    );
  } else if (result.data.properties.length === 0) {
    body = (
      <EmptyState
        type="properties"
        title="No properties listed yet"
        message={
          inviteToList
            ? "Be the first landlord to list a property on RentProof."
            : "Listings will appear here as landlords add them."
        }
        headingLevel={3}
        action={
          inviteToList ? (
            <Link to="/add-property" className={buttonClass("primary")}>
              Add Your Property
            </Link>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <ul className="property-grid" aria-label="Featured properties">
        {result.data.properties.map((property) => (
          <li key={property.id}>
            <PropertyCard property={property} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="section home-section" aria-labelledby="featured-title">
      <div className="container">
        <div className="home-section__header">
          <div>
            <h2 id="featured-title" className="section__title">
              Featured Properties
            </h2>
            <p className="section__subtitle">Verified homes with the best reviews from their tenants.</p>
          </div>
          <Link to="/find-properties" className={buttonClass("outline")}>
            View More Properties <ArrowRight aria-hidden="true" size={16} />
          </Link>
        </div>
        {body}
      </div>
    </section>
  );
}
