import { ArrowRight } from "lucide-react";
import { Link } from "react-router-dom";
import { PropertyCard } from "@/components/property-card/property-card";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { propertyTypeLabel } from "@/lib/property";
import { useSimilarProperties } from "../api/use-property";

/**
 * SimilarProperties lists properties like this one (same city, same type first)
 * and links to searches of its city and of its type (SPEC §2).
 */
export function SimilarProperties({ property }: { property: Property }) {
  const result = useSimilarProperties(property.id);
  const similar = result.data?.properties ?? [];
  const cityHref = `/find-properties?${new URLSearchParams({ city: property.city })}`;
  const typeHref = `/find-properties?${new URLSearchParams({ propertyType: property.propertyType })}`;
  return (
    <section className="section similar-properties" aria-labelledby="similar-title">
      <div className="similar-properties__header">
        <h2 id="similar-title" className="section__title">
          Similar Properties
        </h2>
        <ul className="similar-properties__links">
          <li>
            <Link to={cityHref} className="arrow-link">
              More properties in {property.city} <ArrowRight aria-hidden="true" size={14} />
            </Link>
          </li>
          <li>
            <Link to={typeHref} className="arrow-link">
              More {propertyTypeLabel(property.propertyType)} listings <ArrowRight aria-hidden="true" size={14} />
            </Link>
          </li>
        </ul>
      </div>
      {similar.length > 0 ? (
        <ul className="property-grid" aria-label="Similar properties">
          {similar.map((p) => (
            <li key={p.id}>
              <PropertyCard property={p} />
            </li>
          ))}
        </ul>
      ) : result.isPending || result.isError ? null : (
        <p className="muted">No other properties in {property.city} yet.</p>
      )}
    </section>
  );
}
