import { describe, expect, it } from "vitest";
import { charCount, humanize, initials, truncate } from "./text";

describe("truncate", () => {
  it("keeps text that fits", () => {
    expect(truncate("short", 120)).toBe("short");
    expect(truncate("x".repeat(120), 120)).toBe("x".repeat(120));
  });

  it("cuts at the limit and adds an ellipsis", () => {
    expect(truncate("y".repeat(121), 120)).toBe("y".repeat(120) + "…");
  });

  it("drops trailing spaces before the ellipsis", () => {
    expect(truncate("abc def", 4)).toBe("abc…");
  });

  it("counts characters and never splits one", () => {
    expect(truncate("😀😀😀", 3)).toBe("😀😀😀");
    expect(truncate("😀😀😀", 2)).toBe("😀😀…");
  });
});

describe("charCount", () => {
  it("counts code points, as the server does", () => {
    expect(charCount("")).toBe(0);
    expect(charCount("héllo")).toBe(5);
    expect(charCount("😀😀")).toBe(2);
    expect("😀😀".length).toBe(4);
  });
});

describe("initials and humanize", () => {
  it("takes first letters, upper-cased", () => {
    expect(initials("dana", "Whitfield")).toBe("DW");
    expect(initials("", undefined)).toBe("");
  });

  it("turns snake_case into words", () => {
    expect(humanize("market_trends")).toBe("Market Trends");
  });
});
