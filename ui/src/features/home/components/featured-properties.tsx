import { ArrowRight } from "lucide-react";
import { Link } from "react-router-dom";
import { PropertyCard, PropertyCardsLoading } from "@/components/property-card/property-card";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryState } from "@/components/ui/query-state";
import { useInviteToList } from "@/components/use-invite-to-list";
import { FEATURED_COUNT, useFeaturedProperties } from "../api/use-home-data";

/** FeaturedProperties shows the first three properties of the featured order. */
export function FeaturedProperties() {
  const result = useFeaturedProperties();
  const inviteToList = useInviteToList();

  const body = (
    <QueryState
      query={result}
      loading={<PropertyCardsLoading label="Loading featured properties" count={FEATURED_COUNT} />}
      error="Featured properties could not be loaded."
      isEmpty={(data) => data.properties.length === 0}
      empty={
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
      }
    >
      {(data) => (
        <ul className="property-grid" aria-label="Featured properties">
          {data.properties.map((property) => (
            <li key={property.id}>
              <PropertyCard property={property} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );

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
