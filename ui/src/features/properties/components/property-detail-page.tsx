import { Code } from "@connectrpc/connect";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import {
  ArrowLeft,
  Bath,
  BedDouble,
  CalendarRange,
  Check,
  MapPin,
  PawPrint,
  Ruler,
  ShieldCheck,
  Sofa,
  Sparkles,
  ThumbsUp,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { LocationMap } from "@/components/location-map/location-map";
import { PropertyTypeIcon } from "@/components/property-card/property-type-icon";
import { RatingCircle } from "@/components/property-card/rating-circle";
import { SaveButton } from "@/components/save-button/save-button";
import { ShareControl } from "@/components/share-control/share-control";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { buttonClass } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { formatCurrency } from "@/lib/currency";
import { errorTypeFromError, isCode } from "@/lib/errors";
import { formatDate } from "@/lib/format";
import {
  formatArea,
  fullAddress,
  isDemoProperty,
  propertyTypeLabel,
  shareDescription,
  shareTitle,
  verificationProofLabel,
} from "@/lib/property";
import { pluralize } from "@/lib/rating";
import { timeAgo } from "@/lib/relative-time";
import { useAfterFirstPaint } from "@/lib/use-after-first-paint";
import { usePageTitle } from "@/lib/use-page-title";
import { parsePropertyId, useProperty } from "../api/use-property";
import { useShownReviews } from "../api/use-shown-reviews";
import { ContactActions } from "./contact-actions";
import { PropertyGallery } from "./property-gallery";
import { RatingSummary } from "./rating-summary";
import { SimilarProperties } from "./similar-properties";
import "../properties.css";

/** The parts of the property page that other features provide (reviews, verification). */
export interface PropertyDetailSlots {
  /**
   * SLOT (verification): the verification button or dialog of SPEC §2 "Verification
   * dialog", shown beside Share. Nothing is shown until that feature provides it.
   */
  renderVerification?: (property: Property) => ReactNode;
  /**
   * SLOT (reviews): the Write a Review form (or Sign In link) and the review tabs
   * All, Tenant, Landlord, Neighborhood, Agent, shown under the rating summary.
   */
  renderReviews?: (property: Property) => ReactNode;
}

const FIND = { label: "Find Properties", to: "/find-properties" };
const HOME = { label: "Home", to: "/" };

function BackLink() {
  return (
    <Link to="/find-properties" className="back-link">
      <ArrowLeft aria-hidden="true" size={16} /> Back to Find Properties
    </Link>
  );
}

/** PropertyDetailPage is /properties/{id} (SPEC §2 "Property detail"). */
export function PropertyDetailPage(slots: PropertyDetailSlots) {
  const { id: rawId } = useParams();
  const id = parsePropertyId(rawId);
  const result = useProperty(id);
  const notFound = id === null || isCode(result.error, Code.NotFound) || (result.isSuccess && !result.data.property);
  const property = result.data?.property;
  usePageTitle(notFound ? "Property Not Found" : (property?.title ?? "Property Details"));

  if (notFound) {
    return (
      <div className="container section property-missing">
        <Breadcrumb items={[HOME, FIND, { label: "Property Not Found" }]} />
        <div className="not-found__card property-missing__card">
          <h1>Property Not Found</h1>
          <p>This property does not exist or is no longer listed.</p>
          <Link to="/find-properties" className={buttonClass("primary")}>
            Back to Find Properties
          </Link>
        </div>
      </div>
    );
  }

  if (result.isError && !property) {
    return (
      <div className="container section">
        <Breadcrumb items={[HOME, FIND, { label: "Property Details" }]} />
        <h1 className="visually-hidden">Property Details</h1>
        <ErrorPanel type={errorTypeFromError(result.error)} onRetry={() => void result.refetch()} retrying={result.isFetching} />
      </div>
    );
  }

  if (!property) return <PropertyDetailSkeleton />;

  return <PropertyDetail key={property.id} property={property} {...slots} />;
}

/**
 * PropertyDetailSkeleton is the page's shape while the property loads: the same layout
 * classes and sizes as the page, so nothing moves when the data arrives.
 */
function PropertyDetailSkeleton() {
  return (
    <div className="property-detail">
      <div className="container">
        <div className="property-detail__top">
          <BackLink />
          <Breadcrumb items={[HOME, FIND, { label: "Property Details" }]} />
        </div>
        <h1 className="visually-hidden">Property Details</h1>
        <div className="property-detail--loading" role="status" aria-label="Loading property">
          <div className="property-detail__header" aria-hidden="true">
            <div className="property-detail__heading">
              <span className="skeleton property-skeleton__badges" />
              <span className="skeleton property-skeleton__title" />
              <span className="skeleton skeleton--line skeleton--w60" />
            </div>
          </div>
          <div className="property-detail__layout" aria-hidden="true">
            <div className="property-detail__gallery">
              {/* The server puts the first photo here when the page comes with the property (internal/web/firstload.go). */}
              <div className="skeleton gallery__stage" data-picture-slot="" />
              <div className="property-skeleton__thumbs" />
            </div>
            <div className="property-detail__aside">
              <div className="card rent-card property-skeleton__rent">
                <span className="skeleton skeleton--line skeleton--w60" />
                <span className="skeleton skeleton--line skeleton--w80" />
                <span className="skeleton skeleton--line" />
              </div>
            </div>
            <div className="property-detail__main">
              {["facts", "description", "amenities", "location"].map((part) => (
                <div key={part} className={`card detail-section property-skeleton__${part}`}>
                  <span className="skeleton skeleton--line property-skeleton__heading" />
                  <span className="skeleton skeleton--line skeleton--w80" />
                  <span className="skeleton skeleton--line skeleton--w60" />
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

function PropertyDetail({ property: p, renderVerification, renderReviews }: { property: Property } & PropertyDetailSlots) {
  const summary = p.ratingSummary;
  const count = summary?.count ?? 0;
  const address = fullAddress(p);
  const listed = p.createdAt ? timestampDate(p.createdAt) : null;
  const proof = verificationProofLabel(p);
  const belowFold = useAfterFirstPaint();
  const shown = useShownReviews(p.id, belowFold);
  const share = {
    url: typeof window === "undefined" ? `/properties/${p.id}` : `${window.location.origin}/properties/${p.id}`,
    title: shareTitle(p),
    text: shareDescription(p),
  };

  return (
    <div className="property-detail">
      <div className="container">
        <div className="property-detail__top">
          <BackLink />
          <Breadcrumb items={[HOME, FIND, { label: p.title }]} />
        </div>

        <header className="property-detail__header">
          <div className="property-detail__heading">
            <div className="property-detail__badges">
              <span className="badge badge--category">
                <PropertyTypeIcon type={p.propertyType} size={14} />
                {propertyTypeLabel(p.propertyType)}
              </span>
              {/* SPEC §4's phrase in words, for every reader (not a hover title). */}
              {p.verified ? (
                <>
                  <span className="badge badge--verified">
                    <ShieldCheck aria-hidden="true" size={14} /> Verified by tenants
                  </span>
                  {/* How it was verified, next to the badge: "Confirmed by 2 people". */}
                  {proof ? <span className="badge badge--proof">{proof}</span> : null}
                </>
              ) : (
                <span className="badge badge--unverified">Not verified by tenants yet</span>
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
              {address}
            </p>
          </div>
          <div className="property-detail__actions">
            <SaveButton property={p} variant="page" />
            <ShareControl content={share} />
            {/* SLOT (verification): SPEC §2 "Verification dialog" goes here. */}
            {renderVerification?.(p)}
          </div>
        </header>

        <div className="property-detail__layout">
          <div className="property-detail__gallery">
            <PropertyGallery images={p.images} title={p.title} verified={p.verified} />
          </div>

          <aside className="property-detail__aside" aria-label="Rent and contact">
            <div className="card rent-card">
              <p className="rent-card__rent">
                <strong>{formatCurrency(p.monthlyRent, p.currency)}</strong>
                <span>/month</span>
              </p>
              <div className="rent-card__rating">
                <RatingCircle average={summary?.average ?? p.rating} count={count} />
                <div>
                  <p>{count ? pluralize(count, "review") : "No reviews yet"}</p>
                  {count ? (
                    <p className="rent-card__recommend">
                      <ThumbsUp aria-hidden="true" size={14} /> {summary?.recommendCount ?? 0} recommend
                    </p>
                  ) : null}
                </div>
              </div>
              <ul className="rent-card__facts">
                <li>
                  <BedDouble aria-hidden="true" size={16} /> {pluralize(p.bedrooms, "bedroom")}
                </li>
                <li>
                  <Bath aria-hidden="true" size={16} /> {pluralize(p.bathrooms, "bathroom")}
                </li>
                <li>
                  <Ruler aria-hidden="true" size={16} /> {formatArea(p.squareFeet, p.areaUnit)}
                </li>
              </ul>
              <ContactActions propertyId={p.id} title={p.title} />
              {listed ? (
                <p className="rent-card__listed">
                  Listed <time dateTime={listed.toISOString()}>{timeAgo(listed)}</time> ({formatDate(p.createdAt)})
                </p>
              ) : null}
            </div>
          </aside>

          <div className="property-detail__main">

            <section className="card detail-section" aria-labelledby="facts-title">
              <h2 id="facts-title" className="detail-section__title">
                Property Details
              </h2>
              <dl className="facts">
                <div className="facts__item">
                  <dt>
                    <BedDouble aria-hidden="true" size={18} /> Bedrooms
                  </dt>
                  <dd>{p.bedrooms}</dd>
                </div>
                <div className="facts__item">
                  <dt>
                    <Bath aria-hidden="true" size={18} /> Bathrooms
                  </dt>
                  <dd>{p.bathrooms}</dd>
                </div>
                <div className="facts__item">
                  <dt>
                    <Ruler aria-hidden="true" size={18} /> Area
                  </dt>
                  <dd>{formatArea(p.squareFeet, p.areaUnit)}</dd>
                </div>
                <div className="facts__item">
                  <dt>
                    <PropertyTypeIcon type={p.propertyType} size={18} /> Type
                  </dt>
                  <dd>{propertyTypeLabel(p.propertyType)}</dd>
                </div>
                <div className="facts__item">
                  <dt>
                    <CalendarRange aria-hidden="true" size={18} /> Year built
                  </dt>
                  <dd>{p.yearBuilt > 0 ? p.yearBuilt : "N/A"}</dd>
                </div>
                <div className="facts__item">
                  <dt>
                    <PawPrint aria-hidden="true" size={18} /> Pets
                  </dt>
                  <dd>{p.petsAllowed ? "Allowed" : "Not allowed"}</dd>
                </div>
                <div className="facts__item">
                  <dt>
                    <Sofa aria-hidden="true" size={18} /> Furnished
                  </dt>
                  <dd>{p.furnished ? "Yes" : "No"}</dd>
                </div>
              </dl>
            </section>

            <section className="card detail-section" aria-labelledby="description-title">
              <h2 id="description-title" className="detail-section__title">
                Description
              </h2>
              <div className="property-detail__description">
                {p.description
                  .split(/\n{2,}/)
                  .filter((para) => para.trim())
                  .map((para, i) => (
                    <p key={i}>{para}</p>
                  ))}
              </div>
            </section>

            <section className="card detail-section" aria-labelledby="amenities-title">
              <h2 id="amenities-title" className="detail-section__title">
                Amenities
              </h2>
              {p.amenities.length ? (
                <ul className="amenities">
                  {p.amenities.map((a) => (
                    <li key={a}>
                      <Check aria-hidden="true" size={16} /> {a}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">No amenities listed.</p>
              )}
            </section>

            {/* Below the fold: rendered once the part in view is on screen (useAfterFirstPaint). */}
            {belowFold ? (
              <>
                <section className="card detail-section" aria-labelledby="location-title">
                  <h2 id="location-title" className="detail-section__title">
                    Location
                  </h2>
                  <LocationMap latitude={p.latitude} longitude={p.longitude} address={address} />
                </section>

                <section className="card detail-section" aria-labelledby="ratings-title">
                  <h2 id="ratings-title" className="detail-section__title">
                    Ratings &amp; Reviews
                  </h2>
                  <RatingSummary summary={summary} shown={shown} />
                </section>
                {/* SLOT (reviews): Write a Review / Sign In and the review tabs (SPEC §2) go here. */}
                {renderReviews?.(p)}
              </>
            ) : null}
          </div>

        </div>

        {belowFold ? <SimilarProperties property={p} /> : null}
      </div>
    </div>
  );
}
