import type { CSSProperties } from "react";
import { formatRating, ratingBand, ratingLabel, type RatingBand } from "@/lib/rating";

/** The colours of one band: the circle's fill, the number on it, and the label (on white). */
export interface BandColours {
  fill: string;
  text: string;
  label: string;
}

/**
 * BAND_COLOURS are SPEC §4's bands (green, light green, amber, orange, red) plus "none" for a
 * property without reviews. The light fills carry dark numbers and the dark fills white ones,
 * so every number and label is at least 4.5:1 against its background (WCAG AA; the tests check).
 */
export const BAND_COLOURS: Record<RatingBand | "none", BandColours> = {
  excellent: { fill: "#15803d", text: "#ffffff", label: "#166534" },
  "very-good": { fill: "#84cc16", text: "#1a2e05", label: "#3f6212" },
  average: { fill: "#f59e0b", text: "#1f2937", label: "#92400e" },
  poor: { fill: "#c2410c", text: "#ffffff", label: "#9a3412" },
  bad: { fill: "#dc2626", text: "#ffffff", label: "#991b1b" },
  none: { fill: "#e2e8f0", text: "#334155", label: "#334155" },
};

function bandStyle({ fill, text, label }: BandColours): CSSProperties {
  return { "--band": fill, "--band-text": text, "--band-label": label } as CSSProperties;
}

interface RatingCircleProps {
  /** The average rating to one decimal. */
  average: number;
  /** The number of reviews; without any the circle says "New" rather than rating 0 as "Bad". */
  count: number;
  size?: "sm" | "lg";
  className?: string;
}

/**
 * RatingCircle shows an average rating with one decimal in a circle coloured by its
 * band, with the band's label (SPEC §4): Excellent, Very Good, Average, Poor, Bad.
 */
export function RatingCircle({ average, count, size = "sm", className }: RatingCircleProps) {
  const band = count > 0 ? ratingBand(average) : "none";
  const value = count > 0 ? formatRating(average) : "New";
  const label = count > 0 ? ratingLabel(average) : "No reviews";
  return (
    <div
      className={["rating-circle", `rating-circle--${size}`, `rating-circle--${band}`, className].filter(Boolean).join(" ")}
      style={bandStyle(BAND_COLOURS[band])}
      role="img"
      aria-label={count > 0 ? `Rated ${value} out of 5: ${label}` : "No reviews yet"}
    >
      <span className="rating-circle__value" aria-hidden="true">
        {value}
      </span>
      <span className="rating-circle__label" aria-hidden="true">
        {label}
      </span>
    </div>
  );
}
