import { skipToken, useQuery } from "@connectrpc/connect-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { BadgeCheck, EyeOff, Info, Send, ShieldQuestion } from "lucide-react";
import { useEffect, useRef, type RefObject } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { ImageUploader } from "@/components/image-uploader/image-uploader";
import { useImageUploads } from "@/components/image-uploader/use-image-uploads";
import { reviewTypeLabel } from "@/components/review-card/review-labels";
import { proofText, publicName } from "@/components/review-card/review-proof";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { VocabSelect } from "@/components/ui/vocab-select";
import { pluralize } from "@/lib/rating";
import { TENANCY_RULES } from "@/lib/rules";
import { charCount } from "@/lib/text";
import { LIMITS, REVIEW_CATEGORIES, REVIEW_LANGUAGES, REVIEW_TYPES, STAY_PERIODS } from "@/lib/vocab";
import type { Review } from "@/gen/rentproof/review/v1/review_pb";
import { TenancyService, type Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { useCreateReview } from "../api/use-create-review";
import { useMyReviewsOfProperty } from "../api/use-my-reviews-of-property";
import { REVIEW_PHOTOS } from "../api/review-photos";
import { defaultReviewValues, reviewSchema, toCreateRequest, type ReviewFormValues } from "../review-form";
import {
  BLIND_REVEAL_RULE,
  LANDLORD_LABEL,
  myTenancyAt,
  reviewableTenancies,
  stillLabels,
  tenancyOption,
  tenantLabel,
  type MyTenancyHere,
} from "../review-tenancy";
import { reviewTypesFor } from "../review-types";
import { PointsEditor } from "./points-editor";
import { StarRatingInput } from "./star-rating-input";

/** entryErrors lists the messages of a list's entries, by position. */
function entryErrors(errors: unknown): (string | undefined)[] {
  return Array.isArray(errors) ? Array.from(errors, (e: { message?: string } | undefined) => e?.message) : [];
}

interface ReviewFormProps {
  propertyId: number;
  /** The signed-in user's role: it decides the review types offered. */
  role: string;
  /** True when the user is the property's landlord. */
  isOwner: boolean;
  /** The form's name: "Write a Review", or the owner's "Review a Tenant". */
  label: string;
  /** Where the form keeps what is typed, so that it outlives the form (a dialog closed and opened again). */
  draft?: RefObject<Partial<ReviewFormValues> | undefined>;
  /** Called once a review is sent and the form emptied. */
  onSubmitted?: () => void;
  /** The owner's "Review this tenant" link: the verified tenancy chosen at first. 0: none. */
  tenancyId?: number;
}

/** The photos' message when a submit finds one the server refused (kept, neither removed nor retried). */
const PHOTOS_FAILED = "Remove or retry the photos that could not be uploaded.";

/** How the author reads the status of one of their reviews. */
const WRITTEN_STATUS: Record<string, string> = {
  published: "published",
  hidden: "under review",
  removed: "removed by a moderator",
};

/**
 * ReviewForm is Write a Review (SPEC §2, §5 "Review"). Before the fields it says which reviews
 * the user already wrote about the property (one of each type is allowed: the server refuses a
 * second), and offers only the types left; when none is left, it says so instead of the form. A
 * landlord reviews each verified tenancy at their property once (and one tenant without one), so
 * the owner's form waits for their tenancy claims (TenancyService.ListTenancyClaims); anyone
 * else's asks for their own tenancies (ListMyTenancies) without waiting, to say which label
 * their review will carry. Both are asked only once the form is open.
 */
export function ReviewForm(props: ReviewFormProps) {
  const mine = useMyReviewsOfProperty(props.propertyId);
  const claims = useQuery(TenancyService.method.listTenancyClaims, props.isOwner ? { propertyId: props.propertyId } : skipToken);
  const myTenancies = useQuery(TenancyService.method.listMyTenancies, props.isOwner ? skipToken : {});
  if (mine.isPending || (props.isOwner && claims.isPending)) return <Spinner label="Loading the form" />;
  // Unread, every type is offered: the server still refuses a second review of one.
  const written = mine.data?.reviews ?? [];
  const reviewable = reviewableTenancies(claims.data?.tenancies ?? [], props.propertyId, written);
  // A landlord's review without a verified tenancy is one per property.
  const unverifiedLeft = !written.some((r) => r.reviewType === "landlord_to_tenant" && r.tenancyId === 0);
  const types = reviewTypesFor(props.role, props.isOwner).filter((t) =>
    t === "landlord_to_tenant" ? reviewable.length > 0 || unverifiedLeft : !written.some((r) => r.reviewType === t),
  );
  const here = myTenancies.data ? myTenancyAt(myTenancies.data.tenancies, props.propertyId) : undefined;
  return (
    <>
      {written.length ? <WrittenReviews reviews={written} isOwner={props.isOwner} /> : null}
      {props.isOwner && claims.isError ? (
        <p className="review-form__note" role="alert">
          Your tenants&apos; verified tenancies could not be loaded, so only a review without the Verified Landlord label can be
          written now. Close the form and open it again to retry.
        </p>
      ) : null}
      {props.isOwner && props.tenancyId && !reviewable.some((t) => t.id === props.tenancyId) && claims.isSuccess ? (
        <p className="review-form__note">
          The tenancy you came to review is not one you can review now: it is not verified at this property, or you have
          reviewed it already.
        </p>
      ) : null}
      {types.length ? (
        <ReviewFields {...props} types={types} reviewable={reviewable} unverifiedLeft={unverifiedLeft} here={here} />
      ) : (
        <p className="review-form__done">You have written every kind of review you can write about this property.</p>
      )}
    </>
  );
}

/** writtenName names one of the user's reviews: its type, and the tenant a landlord's review is about. */
function writtenName(r: Review): string {
  const tenant = r.reviewType === "landlord_to_tenant" ? publicName(r.tenant) : "";
  return `${reviewTypeLabel(r.reviewType)}${tenant ? ` of ${tenant}` : ""} (${WRITTEN_STATUS[r.status] ?? r.status})`;
}

/** WrittenReviews names the types the user already wrote about the property, with their status. */
function WrittenReviews({ reviews, isOwner }: { reviews: Review[]; isOwner: boolean }) {
  return (
    <div className="review-form__written">
      <Info aria-hidden="true" size={16} />
      <p>
        You have already reviewed this property: {reviews.map(writtenName).join(", ")}.{" "}
        {isOwner
          ? "You may review each verified tenancy once, and one tenant without a verified tenancy."
          : "One review of each type is allowed, so the form offers the others."}
      </p>
    </div>
  );
}

/**
 * LandlordVerification says what the owner's review of a tenant will carry: the Verified Landlord
 * label and its proof with a verified tenancy chosen, no label without one.
 */
function LandlordVerification({ tenancy }: { tenancy?: Tenancy }) {
  if (!tenancy) {
    return (
      <p className="review-form__verification">
        <Info aria-hidden="true" size={16} />
        <span>
          Without a verified tenancy this review carries no label and names no tenant. A tenant&apos;s stay is verified once
          they claim it and you confirm it under Tenancy Claims on your dashboard, or our team checks their documents.
        </span>
      </p>
    );
  }
  const proof = proofText({ proof: tenancy.proof, fromMonth: tenancy.fromMonth, toMonth: tenancy.toMonth });
  return (
    <p className="review-form__verification review-form__verification--verified">
      <BadgeCheck aria-hidden="true" size={16} />
      <span>
        Your review will be labelled <strong>{LANDLORD_LABEL}</strong> and shown as about tenant{" "}
        {publicName({ firstName: tenancy.tenantFirstName, lastName: tenancy.tenantLastName })}
        {proof ? ` (${proof})` : ""}.
      </span>
    </p>
  );
}

/**
 * TenantVerification sits beside the stay fields of a member's review: the label their review
 * will carry when they hold a verified tenancy here that still labels it, their claim being
 * checked, or "Verify your stay", which opens the claim on the dashboard. Agents' reviews are never
 * verified, so it says nothing on one.
 */
function TenantVerification({ propertyId, reviewType, here }: { propertyId: number; reviewType: string; here?: MyTenancyHere }) {
  const label = tenantLabel(reviewType);
  if (!label) return null;
  const verified = here?.verified;
  if (verified && stillLabels(verified)) {
    const proof = proofText({ proof: verified.proof, fromMonth: verified.fromMonth, toMonth: verified.toMonth });
    return (
      <p className="review-form__verification review-form__verification--verified">
        <BadgeCheck aria-hidden="true" size={16} />
        <span>
          Your review will be labelled <strong>{label}</strong>
          {proof ? ` (${proof})` : ""}.
        </span>
      </p>
    );
  }
  if (verified) {
    return (
      <p className="review-form__verification">
        <Info aria-hidden="true" size={16} />
        <span>
          Your verified tenancy here ended more than {pluralize(TENANCY_RULES.reviewYearsAfter, "year")} ago, so this review
          will not carry the {label} label.
        </span>
      </p>
    );
  }
  return (
    <p className="review-form__verification">
      <ShieldQuestion aria-hidden="true" size={16} />
      {here?.pending ? (
        <span>
          Your claim to have lived here is being checked: once it is verified, your reviews of this property are labelled{" "}
          {label}. <Link to="/dashboard?tab=tenancies">My Tenancies</Link>
        </span>
      ) : (
        <span>
          Lived here? Your review is labelled {label} once your tenancy is checked.{" "}
          <Link to={`/dashboard?tab=tenancies&claim=${propertyId}`}>Verify your stay</Link>
        </span>
      )}
    </p>
  );
}

/**
 * ReviewFields are the form itself: a keyboard-friendly star rating (none chosen at first),
 * title, review text with a counter, the review types offered, the language, the stay period
 * (tenant reviews of the property only), categories, pros and cons, and up to 5 photos, each
 * uploaded as soon as it is chosen. A photo the server refuses is shown refused, to remove or
 * retry; nothing typed is lost, and the review is sent only with every photo stored.
 */
interface ReviewFieldsProps extends ReviewFormProps {
  types: string[];
  /** The owner's verified tenancies at the property not reviewed yet. */
  reviewable: Tenancy[];
  /** True while the owner may still write their one review of a tenant without a verified tenancy. */
  unverifiedLeft: boolean;
  /** The member's own tenancy here; undefined until known (or for the owner). */
  here?: MyTenancyHere;
}

function ReviewFields({
  propertyId,
  types,
  label,
  draft,
  onSubmitted,
  tenancyId: linked = 0,
  reviewable,
  unverifiedLeft,
  here,
}: ReviewFieldsProps) {
  // The tenancy from the owner's link, else the first one left to review, else none.
  const firstTenancy = reviewable.some((t) => t.id === linked) ? linked : (reviewable[0]?.id ?? 0);
  const { control, handleSubmit, reset, formState, subscribe, setValue } = useForm<ReviewFormValues>({
    resolver: zodResolver(reviewSchema),
    defaultValues: { ...defaultReviewValues(types, firstTenancy), ...draft?.current },
    mode: "onChange",
  });
  // The photos kept in a draft are stored already: the form shows them again.
  const photos = useImageUploads(REVIEW_PHOTOS, draft?.current?.photos ?? []);
  const photosInput = useRef<HTMLInputElement>(null);
  const stored = photos.items.flatMap((i) => (i.url ? [i.url] : [])).join("\n");
  useEffect(() => {
    // The stored photos are a value of the form, so the draft keeps them with the rest.
    setValue("photos", stored ? stored.split("\n") : []);
  }, [stored, setValue]);
  useEffect(() => {
    if (!draft) return;
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        draft.current = values;
      },
    });
  }, [subscribe, draft]);
  const create = useCreateReview();
  // As in FormField: on in the submit event itself, before validation ends.
  const submitted = formState.isSubmitting || formState.isSubmitted;
  const [selectedType, title, content, selectedTenancy] = useWatch({ control, name: ["reviewType", "title", "content", "tenancyId"] });
  // A role that changes under the form (sign-out and in as someone else) cannot keep a type it may not write.
  const reviewType = types.includes(selectedType) ? selectedType : (types[0] ?? "general");
  // Likewise a tenancy reviewed meanwhile (or a draft's) gives way to one that may be.
  const tenancyChoices = [...reviewable.map((t) => String(t.id)), ...(unverifiedLeft ? ["0"] : [])];
  const tenancyValue = tenancyChoices.includes(selectedTenancy) ? selectedTenancy : (tenancyChoices[0] ?? "0");
  const tenancy = reviewable.find((t) => String(t.id) === tenancyValue);
  // The blind reveal holds a review that names a verified tenancy: the landlord's of it, the tenant's of the landlord.
  const blind =
    reviewType === "landlord_to_tenant" ? !!tenancy : reviewType === "tenant_to_landlord" && !!here?.verified && stillLabels(here.verified);

  const uploading = photos.items.some((i) => i.status === "uploading");
  const photosError = submitted && photos.items.some((i) => i.status === "failed") ? PHOTOS_FAILED : "";

  const onValid = async (values: ReviewFormValues) => {
    // Photos still on their way are waited for: submitting is the only step.
    const items = await photos.settled();
    if (items.some((i) => i.status === "failed")) {
      photosInput.current?.focus();
      return;
    }
    const urls = items.flatMap((i) => (i.url ? [i.url] : []));
    create.mutate(toCreateRequest(propertyId, { ...values, reviewType, tenancyId: tenancyValue, photos: urls }), {
      onSuccess: () => {
        reset(defaultReviewValues(types));
        photos.clear();
        onSubmitted?.();
      },
    });
  };

  return (
    <form className="review-form" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} aria-label={label}>
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => {
          const error = submitted ? fieldState.error?.message : undefined;
          const errorId = `${field.name}-error`;
          return (
            <>
              <StarRatingInput
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                inputRef={field.ref}
                invalid={!!error}
                errorId={error ? errorId : undefined}
              />
              {error ? (
                <p id={errorId} className="field__error">
                  {error}
                </p>
              ) : null}
            </>
          );
        }}
      />

      <FormField
        control={control}
        name="title"
        label="Title"
        hint={`${charCount(title.trim())}/${LIMITS.review.title.maxChars}`}
      >
        {(props) => <input {...props} className="input" placeholder="Sum up your experience" />}
      </FormField>

      <FormField
        control={control}
        name="content"
        label="Your Review"
        hint={`${charCount(content.trim())}/${LIMITS.review.content.maxChars} characters`}
      >
        {(props) => (
          <textarea
            {...props}
            className="textarea"
            rows={6}
            placeholder={
              reviewType === "landlord_to_tenant"
                ? "How was the tenancy? Rent on time, care of the home, communication…"
                : "What was it like to live here? The building, the landlord, repairs, noise, the neighbourhood…"
            }
          />
        )}
      </FormField>

      <div className="review-form__grid">
        <FormField control={control} name="reviewType" label="Review Type">
          {(props) => <VocabSelect {...props} value={reviewType} vocabulary={REVIEW_TYPES} only={types} />}
        </FormField>
        <FormField control={control} name="language" label="Language">
          {(props) => <VocabSelect {...props} vocabulary={REVIEW_LANGUAGES} />}
        </FormField>
        {reviewType === "tenant_to_property" ? (
          <FormField control={control} name="stayPeriod" label="Stay Period">
            {(props) => <VocabSelect {...props} vocabulary={STAY_PERIODS} />}
          </FormField>
        ) : null}
      </div>

      {reviewType === "landlord_to_tenant" ? (
        <>
          <FormField control={control} name="tenancyId" label="Tenant">
            {(props) => (
              <select {...props} value={tenancyValue} className="select">
                {reviewable.map((t) => (
                  <option key={t.id} value={String(t.id)}>
                    {tenancyOption(t)} (verified tenancy)
                  </option>
                ))}
                {unverifiedLeft ? <option value="0">A tenant without a verified tenancy (no label)</option> : null}
              </select>
            )}
          </FormField>
          <LandlordVerification tenancy={tenancy} />
        </>
      ) : (
        <TenantVerification propertyId={propertyId} reviewType={reviewType} here={here} />
      )}
      {blind ? (
        <p className="review-form__verification review-form__blind">
          <EyeOff aria-hidden="true" size={16} />
          <span>{BLIND_REVEAL_RULE}</span>
        </p>
      ) : null}

      <Controller
        control={control}
        name="categories"
        render={({ field }) => (
          <fieldset className="review-form__categories">
            <legend className="field__label">
              Categories <span className="field__optional">(optional)</span>
            </legend>
            <ul>
              {REVIEW_CATEGORIES.values.map((c) => (
                <li key={c}>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={field.value.includes(c)}
                      onChange={(e) => field.onChange(e.target.checked ? [...field.value, c] : field.value.filter((v) => v !== c))}
                    />
                    {c}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      />

      <div className="review-form__points">
        <Controller
          control={control}
          name="pros"
          render={({ field }) => (
            <PointsEditor
              kind="Pros"
              items={field.value}
              onChange={field.onChange}
              placeholder="e.g. Fast repairs"
              errors={submitted ? entryErrors(formState.errors.pros) : undefined}
            />
          )}
        />
        <Controller
          control={control}
          name="cons"
          render={({ field }) => (
            <PointsEditor
              kind="Cons"
              items={field.value}
              onChange={field.onChange}
              placeholder="e.g. Thin walls"
              errors={submitted ? entryErrors(formState.errors.cons) : undefined}
            />
          )}
        />
      </div>

      <fieldset className="review-form__photos">
        <legend className="field__label">
          Photos <span className="field__optional">(optional)</span>
        </legend>
        <ImageUploader
          uploads={photos}
          title="Add photos"
          hint={`Up to ${REVIEW_PHOTOS.max} photos of the home: JPG, PNG, GIF or WebP. Click to browse or drag them here; they upload as soon as you choose them, and we keep a resized copy without location data. They are shown with your review once you submit it.`}
          inputRef={photosInput}
          error={photosError}
        />
      </fieldset>

      <div className="review-form__actions">
        <Button type="submit" size="lg" disabled={create.isPending} aria-busy={create.isPending || uploading || undefined}>
          {create.isPending ? (
            <>
              <Spinner size="sm" label="Submitting review" /> Submitting...
            </>
          ) : uploading && formState.isSubmitting ? (
            <>
              <Spinner size="sm" label="Uploading photos" /> Uploading photos...
            </>
          ) : (
            <>
              <Send aria-hidden="true" size={18} /> Submit Review
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
