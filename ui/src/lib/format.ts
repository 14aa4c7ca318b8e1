import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";

// Made on first use: a formatter with a time zone costs ~15 ms to build (its zone data), which
// pages without a date to show should not pay when the module loads.
let dateFormat: Intl.DateTimeFormat | undefined;
let paddedDateFormat: Intl.DateTimeFormat | undefined;

/** formatDate renders a protobuf timestamp as "Apr 20, 2025", or "" when there is none. */
export function formatDate(ts: Timestamp | undefined): string {
  if (!ts) return "";
  dateFormat ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  return dateFormat.format(timestampDate(ts));
}

/**
 * formatRequestDate renders a protobuf timestamp in SPEC §9's format for requests, MMM dd, yyyy
 * ("Apr 05, 2025"), or "" when there is none.
 */
export function formatRequestDate(ts: Timestamp | undefined): string {
  if (!ts) return "";
  paddedDateFormat ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" });
  return paddedDateFormat.format(timestampDate(ts));
}

/** isoDate renders a protobuf timestamp as an ISO 8601 string for <time dateTime>. */
export function isoDate(ts: Timestamp | undefined): string | undefined {
  return ts ? timestampDate(ts).toISOString() : undefined;
}

/** formatReadTime renders a reading time in minutes ("5 min read"). */
export function formatReadTime(minutes: number): string {
  return `${Math.max(1, minutes)} min read`;
}
