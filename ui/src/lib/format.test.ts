import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { formatDate, formatRequestDate } from "./format";

describe("dates", () => {
  const ts = timestampFromDate(new Date("2025-04-05T23:30:00Z"));

  it("writes a date as Apr 5, 2025 in UTC", () => {
    expect(formatDate(ts)).toBe("Apr 5, 2025");
    expect(formatDate(undefined)).toBe("");
  });

  it("writes a request's date as SPEC's MMM dd, yyyy", () => {
    expect(formatRequestDate(ts)).toBe("Apr 05, 2025");
    expect(formatRequestDate(timestampFromDate(new Date("2025-12-31T00:00:00Z")))).toBe("Dec 31, 2025");
    expect(formatRequestDate(undefined)).toBe("");
  });

  it("writes what Intl's en-US formatter in UTC writes, every month, both ends of the day", () => {
    const plain = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
    const padded = new Intl.DateTimeFormat("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" });
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 10, 28]) {
        for (const at of [Date.UTC(2024, month, day), Date.UTC(2031, month, day, 23, 59, 59, 999)]) {
          const ts = timestampFromDate(new Date(at));
          expect(formatDate(ts)).toBe(plain.format(new Date(at)));
          expect(formatRequestDate(ts)).toBe(padded.format(new Date(at)));
        }
      }
    }
  });
});
