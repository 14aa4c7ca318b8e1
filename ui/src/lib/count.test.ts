import { describe, expect, it } from "vitest";
import { formatCount } from "./count";

describe("counts", () => {
  it("writes what toLocaleString writes in en-US", () => {
    const numbers = [0, 1, 12, 999, 1000, 1001, 12345, 999999, 1000000, 1234567, -1, -999, -1000, -1234567, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
    for (const n of numbers) {
      expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
      expect(formatCount(BigInt(n))).toBe(BigInt(n).toLocaleString("en-US"));
    }
  });

  it("leaves fractions, huge values and non-numbers to Intl", () => {
    for (const n of [1.5, 1234.5678, 2 ** 60, -(2 ** 60), Number.NaN, Infinity]) expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
    expect(formatCount(2n ** 70n)).toBe((2n ** 70n).toLocaleString("en-US"));
  });
});
