import { BadgeCheck, Bath, BedDouble, MapPin, Ruler, ShieldCheck, Sparkles, ThumbsUp, UserCheck, type LucideIcon } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { SaveButton } from "@/components/save-button/save-button";
import { buttonClass } from "@/components/ui/button";
import { Loading } from "@/components/ui/query-state";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { formatCount } from "@/lib/count";
import { formatCurrency } from "@/lib/currency";
import {
  DEFAULT_PROPERTY_IMAGE,
  IMAGE_FALLBACK,
  formatArea,
  fullAddress,
  isDemoProperty,
  propertyTypeLabel,
  verificationBadge,
  type VerificationFacts,
} from "@/lib/property";
import { pluralize } from "@/lib/rating";
import { LazyImage } from "./lazy-image";
import { PropertyTypeIcon } from "./property-type-icon";
import { RatingCircle } from "./rating-circle";
import { StarRow } from "./star-row";
import "./property-card.css";

/**
 * What its reviewers say a property is good at (Property.reviewer_highlights, issue 27), with
 * their icons: SPEC's "Responsive landlord" and "Great location" are judgements, so the card
 * takes them from the reviews, never from the owner's amenities (where the property page still
 * lists them, and "Energy efficient", as the owner's).
 */
const HIGHLIGHT_ICONS: Record<string, LucideIcon> = {
  "Responsive landlord": UserCheck,
  "Great location": MapPin,
};

interface PropertyCardProps {
  property: Property;
  /** grid: picture above the text (default); list: picture beside it. */
  layout?: "grid" | "list";
  /** Heading level of the title: h3 inside a titled section (default), h2 at top level. */
  headingLevel?: 2 | 3;
  /** Load the picture at once (the first cards of a page). */
  eagerImage?: boolean;
}

/**
 * PropertyCard is one property in a list (SPEC §2 "Property card"): picture,
 * verification badge, rating circle, title, address, rent, type, area, beds, baths,
 * reviews with stars, recommend count, how many reviews are verified, highlights (what its
 * reviewers say) and a View Details link, and the heart that saves it (issue 15).
 * Everything comes from the property itself (its stored rating summary): a card
 * never asks for reviews.
 */
export function PropertyCard({ property: p, layout = "grid", headingLevel = 3, eagerImage = false }: PropertyCardProps) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const summary = p.ratingSummary;
  const count = summary?.count ?? 0;
  const average = summary?.average ?? p.rating;
  const recommend = summary?.recommendCount ?? 0;
  const special = p.reviewerHighlights.filter((h) => Object.hasOwn(HIGHLIGHT_ICONS, h));
  const verifiedReviews = p.verifiedReviewCount;

  return (
    <article className={`card property-card property-card--${layout}`} aria-labelledby={titleId}>
      <div className="property-card__media">
        <LazyImage
          key={p.images[0] ?? ""}
          src={p.images[0]}
          empty={DEFAULT_PROPERTY_IMAGE}
          fallback={IMAGE_FALLBACK}
          eager={eagerImage}
          className="property-card__image"
          width={640}
          height={420}
        />
        <VerificationBadge property={p} />
        <SaveButton property={p} describedBy={titleId} />
      </div>

      <div className="property-card__body">
        <div className="property-card__heading">
          <Heading id={titleId} className="property-card__title">
            {p.title}
          </Heading>
          <RatingCircle average={average} count={count} className="property-card__rating" />
        </div>
        <p className="property-card__address">
          <MapPin aria-hidden="true" size={15} />
          <span>{fullAddress(p)}</span>
        </p>
        <p className="property-card__rent">
          <strong>{formatCurrency(p.monthlyRent, p.currency)}</strong>
          <span className="property-card__period">/month</span>
        </p>

        <ul className="property-card__facts" aria-label="Property facts">
          <li className="meta-item">
            <PropertyTypeIcon type={p.propertyType} size={15} />
            {propertyTypeLabel(p.propertyType)}
          </li>
          <li className="meta-item">
            <Ruler aria-hidden="true" size={15} />
            <span>
              <span className="visually-hidden">Area: </span>
              {formatArea(p.squareFeet, p.areaUnit)}
            </span>
          </li>
          <li className="meta-item">
            <BedDouble aria-hidden="true" size={15} />
            {pluralize(p.bedrooms, "bed")}
          </li>
          <li className="meta-item">
            <Bath aria-hidden="true" size={15} />
            {pluralize(p.bathrooms, "bath")}
          </li>
        </ul>

        <div className="property-card__reviews">
          <StarRow rating={average} size={15} />
          <span className="property-card__review-count">{pluralize(count, "review")}</span>
          <span className="property-card__recommend">
            <ThumbsUp aria-hidden="true" size={14} />
            {formatCount(recommend)} recommend
          </span>
          {verifiedReviews > 0 ? (
            <span className="property-card__verified-reviews">
              <BadgeCheck aria-hidden="true" size={14} />
              {pluralize(verifiedReviews, "verified review")}
            </span>
          ) : null}
        </div>

        {special.length > 0 ? (
          <ul className="property-card__highlights" aria-label="What reviewers say">
            {special.map((h) => {
              const Icon = HIGHLIGHT_ICONS[h];
              return (
                <li key={h} className="highlight">
                  <Icon aria-hidden="true" size={14} />
                  {h}
                </li>
              );
            })}
          </ul>
        ) : null}

        <div className="property-card__footer">
          {isDemoProperty(p.id) ? (
            <p className="property-card__demo">
              <Sparkles aria-hidden="true" size={14} /> Demo listing
              <span className="visually-hidden">: a sample that shows how RentProof works</span>
            </p>
          ) : null}
          <Link to={`/properties/${p.id}`} className={buttonClass("outline", "sm", "stretched-link property-card__link")}>
            View Details<span className="visually-hidden">: {p.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

/**
 * VerificationBadge is the card's badge on the picture ("Verified", "Not verified yet", lib/property's
 * verificationBadge) shown in full, and under it the proof of a verified property ("Confirmed by 2
 * people"): a phrase in a tooltip is one touch and keyboard users never see, and a tooltip library
 * would weigh on every page that lists cards.
 */
function VerificationBadge({ property }: { property: VerificationFacts }) {
  const { verified, text, proof } = verificationBadge(property);
  return (
    <div className="property-card__verification">
      <span className={`badge badge--${verified ? "verified" : "unverified"}`}>
        {verified ? <ShieldCheck aria-hidden="true" size={14} /> : null}
        {text}
      </span>
      {proof ? <span className="badge badge--proof">{proof}</span> : null}
    </div>
  );
}

interface PropertyCardSkeletonProps {
  layout?: "grid" | "list";
  /** Marks the picture's place for the server, which puts the page's main picture there (internal/web/firstload.go). */
  pictureSlot?: boolean;
}

/** PropertyCardSkeleton is the grey shape of a card while a list loads. */
export function PropertyCardSkeleton({ layout = "grid", pictureSlot = false }: PropertyCardSkeletonProps) {
  return (
    <div className={`card property-card property-card--${layout} property-card--skeleton`} aria-hidden="true">
      <div className="skeleton property-card__media" data-picture-slot={pictureSlot ? "" : undefined} />
      <div className="property-card__body">
        <div className="skeleton skeleton--line skeleton--w80" />
        <div className="skeleton skeleton--line skeleton--w60" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--w60" />
      </div>
    </div>
  );
}

interface PropertyCardsLoadingProps {
  /** The loading state's name ("Loading featured properties"). */
  label: string;
  count: number;
  layout?: "grid" | "list";
  /** The first card's picture is the page's main picture (the search's first result). */
  firstPictureSlot?: boolean;
}

/** PropertyCardsLoading is a list of cards while it loads: a status around a list of card skeletons. */
export function PropertyCardsLoading({ label, count, layout = "grid", firstPictureSlot = false }: PropertyCardsLoadingProps) {
  return (
    <Loading label={label}>
      <ul className={layout === "list" ? "property-list" : "property-grid"}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <PropertyCardSkeleton layout={layout} pictureSlot={firstPictureSlot && i === 0} />
          </li>
        ))}
      </ul>
    </Loading>
  );
}
