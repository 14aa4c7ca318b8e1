import { ArrowLeft } from "lucide-react";
import { Link } from "react-router-dom";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { Loading } from "@/components/ui/query-state";

/** The breadcrumb's first two steps on every state of the property page. */
export const PROPERTY_CRUMBS = [
  { label: "Home", to: "/" },
  { label: "Find Properties", to: "/find-properties" },
];

/** BackLink is the page's way back to the search (SPEC §2). */
export function BackLink() {
  return (
    <Link to="/find-properties" className="back-link">
      <ArrowLeft aria-hidden="true" size={16} /> Back to Find Properties
    </Link>
  );
}

/**
 * PropertyDetailSkeleton is the page's shape while the property loads: the same layout
 * classes and sizes as the page, so nothing moves when the data arrives.
 */
export function PropertyDetailSkeleton() {
  return (
    <div className="property-detail">
      <div className="container">
        <div className="property-detail__top">
          <BackLink />
          <Breadcrumb items={[...PROPERTY_CRUMBS, { label: "Property Details" }]} />
        </div>
        <h1 className="visually-hidden">Property Details</h1>
        <Loading label="Loading property" className="property-detail--loading">
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
        </Loading>
      </div>
    </div>
  );
}
