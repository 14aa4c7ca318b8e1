import { Send } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import {
  REVIEW_CATEGORIES,
  REVIEW_LANGUAGES,
  STAY_PERIODS,
  reviewTypeLabel,
  textLength,
  type ReviewType,
} from "@/components/review-card/review-labels";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCreateReview } from "../api/use-create-review";
import {
  REVIEW_FIELD_ORDER,
  REVIEW_LIMITS,
  defaultReviewValues,
  reviewTypesFor,
  toCreateRequest,
  validateReview,
  type ReviewErrors,
  type ReviewField,
  type ReviewFormValues,
} from "../review-form";
import { PointsEditor } from "./points-editor";
import { StarRatingInput } from "./star-rating-input";

interface ReviewFormProps {
  propertyId: number;
  /** The signed-in user's role: it decides the review types offered. */
  role: string;
  /** True when the user is the property's landlord. */
  isOwner: boolean;
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  /** A lasting note under the control (a character counter, say). */
  hint?: ReactNode;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}

function Field({ id, label, error, hint, children }: FieldProps) {
  const describedBy = [hint !== undefined ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint !== undefined ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * ReviewForm is Write a Review (SPEC §2, §5 "Review"): a keyboard-friendly star rating,
 * title, review text with a counter, the review types the user's role may write, the
 * language, the stay period (tenant reviews of the property only), categories, and
 * pros and cons. Messages show after a first submit and then follow every change.
 */
export function ReviewForm({ propertyId, role, isOwner }: ReviewFormProps) {
  const base = useId();
  const idOf = (field: string) => `${base}-${field}`;
  const types = reviewTypesFor(role, isOwner);
  const [values, setValues] = useState<ReviewFormValues>(() => defaultReviewValues(types));
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateReview();

  const errors: ReviewErrors = submitted ? validateReview(values) : {};
  const set = <K extends keyof ReviewFormValues>(field: K, value: ReviewFormValues[K]) =>
    setValues((prev) => ({ ...prev, [field]: value }));
  // A role that changes under the form (sign-out and in as someone else) cannot keep a type it may not write.
  const reviewType: ReviewType = types.includes(values.reviewType) ? values.reviewType : (types[0] ?? "general");

  const toggleCategory = (category: string, on: boolean) =>
    set("categories", on ? [...values.categories, category] : values.categories.filter((c) => c !== category));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateReview(values);
    const first = REVIEW_FIELD_ORDER.find((f: ReviewField) => found[f]);
    if (first) {
      const target = first === "rating" ? document.querySelector<HTMLInputElement>(`input[name="${idOf("rating")}"]`) : document.getElementById(idOf(first));
      target?.focus();
      return;
    }
    create.mutate(toCreateRequest(propertyId, { ...values, reviewType }), {
      onSuccess: () => {
        setValues(defaultReviewValues(types));
        setSubmitted(false);
      },
    });
  };

  return (
    <form className="review-form" noValidate onSubmit={onSubmit} aria-label="Write a Review">
      <StarRatingInput
        name={idOf("rating")}
        value={values.rating}
        onChange={(n) => set("rating", n)}
        invalid={!!errors.rating}
        errorId={errors.rating ? idOf("rating-error") : undefined}
      />
      {errors.rating ? (
        <p id={idOf("rating-error")} className="field__error">
          {errors.rating}
        </p>
      ) : null}

      <Field id={idOf("title")} label="Title" error={errors.title} hint={`${textLength(values.title)}/${REVIEW_LIMITS.titleMax}`}>
        {(aria) => (
          <input
            {...aria}
            className="input"
            placeholder="Sum up your experience"
            value={values.title}
            onChange={(e) => set("title", e.target.value)}
          />
        )}
      </Field>

      <Field
        id={idOf("content")}
        label="Your Review"
        error={errors.content}
        hint={`${textLength(values.content)}/${REVIEW_LIMITS.contentMax} characters`}
      >
        {(aria) => (
          <textarea
            {...aria}
            className="textarea"
            rows={6}
            placeholder={
              reviewType === "landlord_to_tenant"
                ? "How was the tenancy? Rent on time, care of the home, communication…"
                : "What was it like to live here? The building, the landlord, repairs, noise, the neighbourhood…"
            }
            value={values.content}
            onChange={(e) => set("content", e.target.value)}
          />
        )}
      </Field>

      <div className="review-form__grid">
        <Field id={idOf("reviewType")} label="Review Type">
          {(aria) => (
            <select
              {...aria}
              className="select"
              value={reviewType}
              onChange={(e) => set("reviewType", e.target.value as ReviewType)}
            >
              {types.map((t) => (
                <option key={t} value={t}>
                  {reviewTypeLabel(t)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={idOf("language")} label="Language">
          {(aria) => (
            <select {...aria} className="select" value={values.language} onChange={(e) => set("language", e.target.value)}>
              {REVIEW_LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {reviewType === "tenant_to_property" ? (
          <Field id={idOf("stayPeriod")} label="Stay Period">
            {(aria) => (
              <select {...aria} className="select" value={values.stayPeriod} onChange={(e) => set("stayPeriod", e.target.value)}>
                {STAY_PERIODS.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
      </div>

      <fieldset className="review-form__categories">
        <legend className="field__label">
          Categories <span className="field__optional">(optional)</span>
        </legend>
        <ul>
          {REVIEW_CATEGORIES.map((c) => (
            <li key={c}>
              <label className="checkbox">
                <input type="checkbox" checked={values.categories.includes(c)} onChange={(e) => toggleCategory(c, e.target.checked)} />
                {c}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className="review-form__points">
        <PointsEditor kind="Pros" items={values.pros} onChange={(pros) => set("pros", pros)} placeholder="e.g. Fast repairs" />
        <PointsEditor kind="Cons" items={values.cons} onChange={(cons) => set("cons", cons)} placeholder="e.g. Thin walls" />
      </div>

      <div className="review-form__actions">
        <Button type="submit" size="lg" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? (
            <>
              <Spinner size="sm" label="Submitting review" /> Submitting...
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
