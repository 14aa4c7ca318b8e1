import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";

// Made on first use, like lib/format's date formatters: building it costs ~15 ms, which every
// page importing this module would otherwise pay while it loads.
let rtf: Intl.RelativeTimeFormat | undefined;
const relativeTime = () => (rtf ??= new Intl.RelativeTimeFormat("en", { numeric: "auto" }));

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** timeAgo writes how long ago a moment was: "3 days ago", "yesterday", "just now". */
export function timeAgo(date: Date, now: Date = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size) return relativeTime().format(Math.round(seconds / size), unit);
  }
  return "just now";
}

/** postedAgo is a review's posting time (SPEC §2 "Review card"): "Posted 3 days ago", or "Recently posted" without a date. */
export function postedAgo(ts: Timestamp | undefined, now: Date = new Date()): string {
  if (!ts) return "Recently posted";
  return `Posted ${timeAgo(timestampDate(ts), now)}`;
}
