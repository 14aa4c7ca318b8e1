import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import { formatCount } from "./count";

type Unit = "year" | "month" | "week" | "day" | "hour" | "minute";

// Written here rather than by Intl.RelativeTimeFormat, whose first formatter on a page builds
// the locale's data (~20 ms on a laptop, ~80 ms on a slow phone, inside the render of a member's
// dashboard); the test checks every step against what Intl writes in "en" with numeric "auto".
const NEAR: Partial<Record<Unit, [last: string, next: string]>> = {
  year: ["last year", "next year"],
  month: ["last month", "next month"],
  week: ["last week", "next week"],
  day: ["yesterday", "tomorrow"],
};

/** relativeTime writes a whole, non-zero number of units from now as English does ("3 days ago", "in 2 weeks"). */
export function relativeTime(value: number, unit: Unit): string {
  const near = NEAR[unit];
  if (near && (value === -1 || value === 1)) return near[value === -1 ? 0 : 1];
  const size = Math.abs(value);
  const units = `${formatCount(size)} ${unit}${size === 1 ? "" : "s"}`;
  return value < 0 ? `${units} ago` : `in ${units}`;
}

const STEPS: [Unit, number][] = [
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
    if (Math.abs(seconds) >= size) return relativeTime(Math.round(seconds / size), unit);
  }
  return "just now";
}

/** postedAgo is a review's posting time (SPEC §2 "Review card"): "Posted 3 days ago", or "Recently posted" without a date. */
export function postedAgo(ts: Timestamp | undefined, now: Date = new Date()): string {
  if (!ts) return "Recently posted";
  return `Posted ${timeAgo(timestampDate(ts), now)}`;
}
