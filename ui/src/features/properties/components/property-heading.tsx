import { MapPin, ShieldCheck, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { PropertyTypeIcon } from "@/components/property-card/property-type-icon";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { fullAddress, isDemoProperty, propertyTypeLabel, verificationBadge } from "@/lib/property";

/**
 * PropertyHeading is the top of the page: the type, verification and demo badges, the title,
 * the full address, and the actions beside them (save, share, verification).
 */
export function PropertyHeading({ property: p, actions }: { property: Property; actions: ReactNode }) {
  const badge = verificationBadge(p);
  return (
    <header className="property-detail__header">
      <div className="property-detail__heading">
        <div className="property-detail__badges">
          <span className="badge badge--category">
            <PropertyTypeIcon type={p.propertyType} size={14} />
            {propertyTypeLabel(p.propertyType)}
          </span>
          {/* In words, for every reader (not a hover title). */}
          {badge.verified ? (
            <>
              <span className="badge badge--verified">
                <ShieldCheck aria-hidden="true" size={14} /> {badge.text}
              </span>
              {/* How it was verified, next to the badge: "Confirmed by 2 people". */}
              {badge.proof ? <span className="badge badge--proof">{badge.proof}</span> : null}
            </>
          ) : (
            <span className="badge badge--unverified">{badge.text}</span>
          )}
          {isDemoProperty(p.id) ? (
            <span className="badge badge--demo">
              <Sparkles aria-hidden="true" size={14} /> Demo listing
            </span>
          ) : null}
        </div>
        <h1 className="property-detail__title">{p.title}</h1>
        <p className="property-detail__address">
          <MapPin aria-hidden="true" size={18} />
          {fullAddress(p)}
        </p>
      </div>
      <div className="property-detail__actions">{actions}</div>
    </header>
  );
}
