import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { postedAgo, relativeTime, timeAgo } from "./relative-time";

const now = new Date("2025-04-20T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("timeAgo", () => {
  it.each([
    [10, "just now"],
    [5 * 60, "5 minutes ago"],
    [3 * 3600, "3 hours ago"],
    [24 * 3600, "yesterday"],
    [3 * 24 * 3600, "3 days ago"],
    [14 * 24 * 3600, "2 weeks ago"],
    [62 * 24 * 3600, "2 months ago"],
    [800 * 24 * 3600, "2 years ago"],
  ])("%s seconds is %s", (seconds, text) => {
    expect(timeAgo(ago(seconds), now)).toBe(text);
  });

  it("says Recently posted without a date", () => {
    expect(postedAgo(undefined, now)).toBe("Recently posted");
    expect(postedAgo(timestampFromDate(ago(3 * 24 * 3600)), now)).toBe("Posted 3 days ago");
  });
});

describe("relativeTime", () => {
  it("writes what Intl.RelativeTimeFormat writes in en with numeric auto", () => {
    const intl = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
    const values = [1, 2, 3, 7, 11, 12, 21, 59, 100, 999, 1000, 1001, 12345];
    for (const unit of ["year", "month", "week", "day", "hour", "minute"] as const) {
      for (const v of values) {
        expect(relativeTime(-v, unit)).toBe(intl.format(-v, unit));
        expect(relativeTime(v, unit)).toBe(intl.format(v, unit));
      }
    }
  });
});
