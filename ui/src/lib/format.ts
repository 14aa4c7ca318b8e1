import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";

// The months as en-US writes them short. Written here rather than by Intl.DateTimeFormat, whose
// first formatter with a time zone costs ~15 ms to build (its zone data): measured as the
// longest piece of a member's dashboard's first render on a slow phone.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** utcDate writes a timestamp's UTC day as en-US does ("Apr 5, 2025"), the day as two digits with padDay. */
function utcDate(ts: Timestamp, padDay: boolean): string {
  const d = timestampDate(ts);
  const day = String(d.getUTCDate()).padStart(padDay ? 2 : 1, "0");
  return `${MONTHS[d.getUTCMonth()]} ${day}, ${d.getUTCFullYear()}`;
}

/** formatDate renders a protobuf timestamp as "Apr 20, 2025", or "" when there is none. */
export function formatDate(ts: Timestamp | undefined): string {
  return ts ? utcDate(ts, false) : "";
}

/**
 * formatRequestDate renders a protobuf timestamp in SPEC §9's format for requests, MMM dd, yyyy
 * ("Apr 05, 2025"), or "" when there is none.
 */
export function formatRequestDate(ts: Timestamp | undefined): string {
  return ts ? utcDate(ts, true) : "";
}

/** isoDate renders a protobuf timestamp as an ISO 8601 string for <time dateTime>. */
export function isoDate(ts: Timestamp | undefined): string | undefined {
  return ts ? timestampDate(ts).toISOString() : undefined;
}

/** formatReadTime renders a reading time in minutes ("5 min read"). */
export function formatReadTime(minutes: number): string {
  return `${Math.max(1, minutes)} min read`;
}
