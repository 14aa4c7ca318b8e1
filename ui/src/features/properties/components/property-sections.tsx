import { Bath, BedDouble, CalendarRange, Check, PawPrint, Ruler, Sofa, type LucideIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { PropertyTypeIcon } from "@/components/property-card/property-type-icon";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { formatArea, propertyTypeLabel } from "@/lib/property";

/** DetailSection is one card of the page's main column, named by its heading. */
export function DetailSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card detail-section" aria-labelledby={id}>
      <h2 id={id} className="detail-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ icon: Icon, term, children }: { icon: LucideIcon; term: string; children: ReactNode }) {
  return (
    <div className="facts__item">
      <dt>
        <Icon aria-hidden="true" size={18} /> {term}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** PropertyFacts is Property Details: rooms, area, type, year built, pets and furnishing. */
export function PropertyFacts({ property: p }: { property: Property }) {
  return (
    <DetailSection title="Property Details">
      <dl className="facts">
        <Fact icon={BedDouble} term="Bedrooms">
          {p.bedrooms}
        </Fact>
        <Fact icon={Bath} term="Bathrooms">
          {p.bathrooms}
        </Fact>
        <Fact icon={Ruler} term="Area">
          {formatArea(p.squareFeet, p.areaUnit)}
        </Fact>
        <div className="facts__item">
          <dt>
            <PropertyTypeIcon type={p.propertyType} size={18} /> Type
          </dt>
          <dd>{propertyTypeLabel(p.propertyType)}</dd>
        </div>
        <Fact icon={CalendarRange} term="Year built">
          {p.yearBuilt > 0 ? p.yearBuilt : "N/A"}
        </Fact>
        <Fact icon={PawPrint} term="Pets">
          {p.petsAllowed ? "Allowed" : "Not allowed"}
        </Fact>
        <Fact icon={Sofa} term="Furnished">
          {p.furnished ? "Yes" : "No"}
        </Fact>
      </dl>
    </DetailSection>
  );
}

/** PropertyDescription is the owner's description, a paragraph per blank-line-separated block. */
export function PropertyDescription({ text }: { text: string }) {
  return (
    <DetailSection title="Description">
      <div className="property-detail__description">
        {text
          .split(/\n{2,}/)
          .filter((para) => para.trim())
          .map((para, i) => (
            <p key={i}>{para}</p>
          ))}
      </div>
    </DetailSection>
  );
}

/** PropertyAmenities lists the amenities, or says there are none. */
export function PropertyAmenities({ amenities }: { amenities: string[] }) {
  return (
    <DetailSection title="Amenities">
      {amenities.length ? (
        <ul className="amenities">
          {amenities.map((a) => (
            <li key={a}>
              <Check aria-hidden="true" size={16} /> {a}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No amenities listed.</p>
      )}
    </DetailSection>
  );
}
