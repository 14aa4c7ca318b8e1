import { BadgeCheck, LogIn, MessageSquareReply, PenLine } from "lucide-react";
import { Suspense, lazy, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router-dom";
import { Button, buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Dialog } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { formatCount } from "@/lib/count";
import { REVIEW_TABS, type ReviewTab } from "../api/use-property-reviews";
import { useReviewCounts } from "../api/use-review-counts";
import { unratedIn } from "../review-counts";
import type { ReviewFormValues } from "../review-form";
import { reviewTypesFor } from "../review-types";
import { tabCaption } from "../tab-captions";
import { AllTabSummary, TabCount, UnratedSummary, tabName } from "./review-counts";
import { ReviewList } from "./review-list";
import "../reviews.css";

// The form's code (and its validation library) is a chunk of its own, fetched when the dialog opens.
const ReviewForm = lazy(async () => ({ default: (await import("./review-form")).ReviewForm }));

export interface PropertyReviewsProps {
  property: Property;
  /** The signed-in user, or null. */
  viewer: User | null;
  /** True until it is known whether someone is signed in. */
  viewerLoading: boolean;
}

function isReviewTab(value: string): value is ReviewTab {
  return REVIEW_TABS.some((t) => t.value === value);
}

/**
 * The page's query parameters the reviews read: "reviews=verified" keeps "Verified reviews only"
 * on (the search page's "verified" means verified properties, so a name of its own), and
 * "reviewTenancy" is the tenancy whose owner followed "Review this tenant" from the dashboard.
 */
export const REVIEWS_PARAM = "reviews";
export const REVIEW_TENANCY_PARAM = "reviewTenancy";
/** The reviews section's anchor ("#write-review"), where the dashboard's links land. */
export const WRITE_REVIEW_ANCHOR = "write-review";

/** parseTenancyId reads a positive tenancy id from the query, or 0. */
function parseTenancyId(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * PropertyReviews is the reviews part of the property page (SPEC §2 "Property detail"):
 * the reviews under the tabs All, Tenant, Landlord, Neighborhood, Agent, each with its
 * count and, under the open one, who wrote about whom; above them a Write a Review button that opens the form in a dialog for
 * signed-in users (a Sign In link, which comes back here, for the others). The property's rating counts only the reviews of the property
 * itself, so the All tab says what it holds and which of its reviews make the rating, and
 * the other kinds get a summary of their own. The property's owner may respond to each review.
 */
export function PropertyReviews({ property, viewer, viewerLoading }: PropertyReviewsProps) {
  const listId = useId();
  const [tab, setTab] = useState<ReviewTab>("all");
  const isOwner = viewer !== null && viewer.id === property.landlordId;
  const types = viewer ? reviewTypesFor(viewer.role, isOwner) : [];
  const { query: summary, counts } = useReviewCounts(property.id);
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(REVIEWS_PARAM) === "verified";
  // The box turns at once: the router applies the new address in a transition, and a checkbox
  // bound to it alone would spring back until then. It follows the address when that changes
  // by itself (Back, a link).
  const [verifiedOnly, setVerifiedOnlyNow] = useState(inAddress);
  const [followed, setFollowed] = useState(inAddress);
  if (followed !== inAddress) {
    setFollowed(inAddress);
    setVerifiedOnlyNow(inAddress);
  }
  const reviewTenancy = parseTenancyId(params.get(REVIEW_TENANCY_PARAM));
  const location = useLocation();
  const section = useRef<HTMLElement>(null);
  const linked = location.hash === `#${WRITE_REVIEW_ANCHOR}`;
  useEffect(() => {
    // The section renders after the page's first paint, too late for the browser's own jump.
    if (linked) section.current?.scrollIntoView({ block: "start" });
  }, [linked]);

  /** withParam is the page's query with one parameter set, or removed when value is null. */
  const withParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    return next;
  };
  const setVerifiedOnly = (on: boolean) => {
    setVerifiedOnlyNow(on);
    setParams(withParam(REVIEWS_PARAM, on ? "verified" : null), { replace: true });
  };
  const allReviewsHref = `?${withParam(REVIEWS_PARAM, null).toString()}${location.hash}`;

  return (
    <section
      ref={section}
      id={WRITE_REVIEW_ANCHOR}
      className="card detail-section reviews-section"
      aria-labelledby={listId}
    >
      <div className="reviews-section__header">
        <h2 id={listId} className="detail-section__title">
          Reviews
        </h2>
        {viewerLoading ? (
          // The button's place, kept while it is unknown who is reading.
          <span className="skeleton reviews-section__action-placeholder" aria-hidden="true" />
        ) : viewer ? (
          types.length ? (
            <WriteReview
              key={`${viewer.id}-${viewer.role}`}
              property={property}
              role={viewer.role}
              isOwner={isOwner}
              // Only the owner reviews a tenancy; for anyone else the link's parameter means nothing.
              tenancyId={isOwner ? reviewTenancy : 0}
              onSent={() => {
                if (reviewTenancy) setParams(withParam(REVIEW_TENANCY_PARAM, null), { replace: true });
              }}
            />
          ) : null
        ) : (
          <SignInLink />
        )}
      </div>
      {viewerLoading ? null : viewer ? (
        isOwner ? (
          <p className="write-review__owner">
            <MessageSquareReply aria-hidden="true" size={16} />
            {types.length
              ? // The server's own words when it refuses an owner's rating.
                "You cannot review your own property. As its owner, you can write a landlord review of a tenant and respond to reviews."
              : "You cannot review your own property. As its owner, you can respond to its reviews below."}
          </p>
        ) : null
      ) : (
        <p className="write-review__signin">
          Lived here, managed it or know the neighbourhood? Sign in to share your experience with other renters.
        </p>
      )}
      <p className="muted">
        <Link to="/how-reviews-work">How reviews work</Link>: who can write them, their order, and what counts in the rating.
      </p>
      <VerifiedFilter verifiedOnly={verifiedOnly} onChange={setVerifiedOnly} verifiedCount={summary.data?.verifiedCount} />
      <Tabs value={tab} onValueChange={(value) => isReviewTab(value) && setTab(value)}>
        <TabsList aria-label="Review types" className="review-tabs">
          {REVIEW_TABS.map((t) => (
            <TabsTrigger
              key={t.value}
              value={t.value}
              // The name in words: a count read out of its pill would run into the label.
              aria-label={counts ? tabName(t.label, counts.byTab[t.value]) : undefined}
            >
              {t.label}
              {counts ? <TabCount count={counts.byTab[t.value]} /> : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {REVIEW_TABS.map((t) => (
          <TabsContent key={t.value} value={t.value} aria-describedby={`${listId}-${t.value}-caption`}>
            {/* SPEC's tab names are short: who wrote about whom, in words. */}
            <p id={`${listId}-${t.value}-caption`} className="review-tabs__caption">
              {tabCaption(t.types)}
            </p>
            {t.value === "all" ? (
              <AllTabSummary
                counts={counts}
                failed={summary.isError}
                retrying={summary.isFetching}
                onRetry={() => void summary.refetch()}
              />
            ) : counts ? (
              <UnratedSummary items={unratedIn(counts, t.value)} />
            ) : null}
            <ReviewList
              propertyId={property.id}
              tab={t.value}
              viewerId={viewer?.id ?? null}
              viewerIsOwner={isOwner}
              verifiedOnly={verifiedOnly}
              allReviewsHref={allReviewsHref}
            />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

interface VerifiedFilterProps {
  verifiedOnly: boolean;
  onChange: (on: boolean) => void;
  /** How many of the property's published reviews are verified; undefined until known. */
  verifiedCount: number | undefined;
}

/**
 * VerifiedFilter is "Verified reviews only", kept in the page's address, and how many of the
 * property's reviews are verified (GetRatingSummary's verified_count).
 */
function VerifiedFilter({ verifiedOnly, onChange, verifiedCount }: VerifiedFilterProps) {
  return (
    <div className="reviews-filter">
      <label className="checkbox">
        <input type="checkbox" checked={verifiedOnly} onChange={(e) => onChange(e.target.checked)} />
        Verified reviews only
      </label>
      {verifiedCount !== undefined ? (
        <span className="reviews-filter__count">
          <BadgeCheck aria-hidden="true" size={16} />
          {formatCount(verifiedCount)} verified
        </span>
      ) : null}
    </div>
  );
}

/**
 * WriteReview is the Write a Review button and its dialog with the form, offering the types
 * the viewer may write about this property. The owner (a landlord) cannot review their own
 * property, only a tenant of it: their button and form are "Review a Tenant". A successful review
 * closes the dialog; a failed one keeps it open with everything typed, and so does closing it
 * before sending (the draft waits for the next open).
 */
interface WriteReviewProps {
  property: Property;
  role: string;
  isOwner: boolean;
  /** The tenancy the owner came to review ("Review this tenant"): the dialog opens on it at once. 0: none. */
  tenancyId: number;
  /** Called once a review is sent. */
  onSent: () => void;
}

function WriteReview({ property, role, isOwner, tenancyId, onSent }: WriteReviewProps) {
  const [open, setOpen] = useState(tenancyId > 0);
  const draft = useRef<Partial<ReviewFormValues> | undefined>(undefined);
  const label = isOwner ? "Review a Tenant" : "Write a Review";
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={label}
      description={property.title}
      className="review-dialog"
      trigger={
        <Button>
          <PenLine aria-hidden="true" size={18} /> {label}
        </Button>
      }
    >
      <Suspense fallback={<Spinner label="Loading the form" />}>
        <ReviewForm
          propertyId={property.id}
          role={role}
          isOwner={isOwner}
          label={label}
          draft={draft}
          tenancyId={tenancyId}
          onSubmitted={() => {
            draft.current = undefined;
            setOpen(false);
            onSent();
          }}
        />
      </Suspense>
    </Dialog>
  );
}

function SignInLink() {
  const location = useLocation();
  return (
    <Link to="/auth" state={{ from: location }} className={buttonClass("primary")}>
      <LogIn aria-hidden="true" size={18} /> Sign In
    </Link>
  );
}
