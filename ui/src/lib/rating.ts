/**
 * Ratings (SPEC §4 "Rating bands", §9): averages are shown to one decimal, coloured
 * by band and named by label at the thresholds 4.5, 4, 3 and 2.
 */
import { formatCount } from "./count";

/** RatingBand is the colour band of an average rating. */
export type RatingBand = "excellent" | "very-good" | "average" | "poor" | "bad";

const BANDS: { min: number; band: RatingBand; label: string }[] = [
  { min: 4.5, band: "excellent", label: "Excellent" },
  { min: 4, band: "very-good", label: "Very Good" },
  { min: 3, band: "average", label: "Average" },
  { min: 2, band: "poor", label: "Poor" },
];

/** ratingBand names the colour band of an average: green, light green, amber, orange, red. */
export function ratingBand(average: number): RatingBand {
  return BANDS.find((b) => average >= b.min)?.band ?? "bad";
}

/** ratingLabel is the word on the rating circle: Excellent, Very Good, Average, Poor or Bad. */
export function ratingLabel(average: number): string {
  return BANDS.find((b) => average >= b.min)?.label ?? "Bad";
}

/** roundRating rounds an average to one decimal (0 when there is none). */
export function roundRating(average: number): number {
  if (!Number.isFinite(average) || average <= 0) return 0;
  return Math.round(average * 10) / 10;
}

/** formatRating writes an average with one decimal: "4.0", "3.7". */
export function formatRating(average: number): string {
  return roundRating(average).toFixed(1);
}

/** starFill returns, for each of the five stars, how full it is (0, 0.5 or 1), rounding to the nearest half. */
export function starFill(average: number): number[] {
  const halves = Math.round(roundRating(average) * 2);
  return Array.from({ length: 5 }, (_, i) => Math.max(0, Math.min(1, (halves - i * 2) / 2)));
}

/** pluralize writes "1 review", "2 reviews". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/**
 * shownAndCounted says how many reviews are shown and how many of them count toward a rating:
 * "12 reviews · 9 count toward the rating." Null when they are the same number, or there are no
 * reviews: then a count alone says it.
 */
export function shownAndCounted(shown: number, counted: number, rating = "the rating"): string | null {
  if (shown === 0 || counted >= shown) return null;
  const counting = counted === 0 ? "none counts" : counted === 1 ? "1 counts" : `${formatCount(counted)} count`;
  return `${pluralize(shown, "review")} · ${counting} toward ${rating}${counted === 0 ? " yet" : ""}.`;
}
