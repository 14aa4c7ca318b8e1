import { Code } from "@connectrpc/connect";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { LocationMap } from "@/components/location-map/location-map";
import { SaveButton } from "@/components/save-button/save-button";
import { ShareControl } from "@/components/share-control/share-control";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { buttonClass } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { errorTypeFromError, isCode } from "@/lib/errors";
import { fullAddress, shareDescription, shareTitle, verificationBadge } from "@/lib/property";
import { useAfterFirstPaint } from "@/lib/use-after-first-paint";
import { usePageTitle } from "@/lib/use-page-title";
import { parsePropertyId, useProperty } from "../api/use-property";
import { useShownReviews } from "../api/use-shown-reviews";
import { OwnerActions } from "./contact-actions";
import { BackLink, PROPERTY_CRUMBS, PropertyDetailSkeleton } from "./property-detail-skeleton";
import { PropertyGallery } from "./property-gallery";
import { PropertyHeading } from "./property-heading";
import { DetailSection, PropertyAmenities, PropertyDescription, PropertyFacts } from "./property-sections";
import { RatingSummary } from "./rating-summary";
import { RentCard } from "./rent-card";
import { SimilarProperties } from "./similar-properties";
import "../properties.css";

/** The parts of the property page that other features provide (who reads it, reviews, verification). */
export interface PropertyDetailSlots {
  /**
   * The signed-in reader's id; undefined for a visitor or while unknown. The owner gets Edit
   * Property where others get Contact Landlord and Schedule Viewing.
   */
  viewerId?: number;
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
  /**
   * SLOT (enquiries): Contact Landlord and Schedule Viewing, in the rent card, for everyone but
   * the owner (who gets Edit Property).
   */
  renderContact?: (property: Property) => ReactNode;
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
        <Breadcrumb items={[...PROPERTY_CRUMBS, { label: "Property Not Found" }]} />
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
        <Breadcrumb items={[...PROPERTY_CRUMBS, { label: "Property Details" }]} />
        <h1 className="visually-hidden">Property Details</h1>
        <ErrorPanel type={errorTypeFromError(result.error)} onRetry={() => void result.refetch()} retrying={result.isFetching} />
      </div>
    );
  }

  if (!property) return <PropertyDetailSkeleton />;

  return <PropertyDetail key={property.id} property={property} {...slots} />;
}

/**
 * PropertyDetail is a loaded property: its heading, gallery, rent card, facts, description and
 * amenities, then below the fold its location, ratings, reviews and similar properties.
 */
function PropertyDetail({
  property: p,
  viewerId,
  renderVerification,
  renderReviews,
  renderContact,
}: { property: Property } & PropertyDetailSlots) {
  const address = fullAddress(p);
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
          <Breadcrumb items={[...PROPERTY_CRUMBS, { label: p.title }]} />
        </div>

        <PropertyHeading
          property={p}
          actions={
            <>
              <SaveButton property={p} variant="page" />
              <ShareControl content={share} />
              {/* SLOT (verification): SPEC §2 "Verification dialog" goes here. */}
              {renderVerification?.(p)}
            </>
          }
        />

        <div className="property-detail__layout">
          <div className="property-detail__gallery">
            <PropertyGallery images={p.images} title={p.title} badge={verificationBadge(p)} />
          </div>

          <RentCard
            property={p}
            actions={
              viewerId !== undefined && viewerId === p.landlordId ? (
                <OwnerActions propertyId={p.id} />
              ) : (
                renderContact?.(p)
              )
            }
          />

          <div className="property-detail__main">
            <PropertyFacts property={p} />
            <PropertyDescription text={p.description} />
            <PropertyAmenities amenities={p.amenities} />

            {/* Below the fold: rendered once the part in view is on screen (useAfterFirstPaint). */}
            {belowFold ? (
              <>
                <DetailSection title="Location">
                  <LocationMap latitude={p.latitude} longitude={p.longitude} address={address} />
                </DetailSection>
                <DetailSection title="Ratings & Reviews">
                  <RatingSummary summary={p.ratingSummary} shown={shown} />
                </DetailSection>
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
