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
});
