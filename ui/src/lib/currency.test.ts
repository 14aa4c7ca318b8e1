import { describe, expect, it } from "vitest";
import { CURRENCY_LOCALES, SUPPORTED_CURRENCIES, ZERO_DECIMAL_CURRENCIES, formatCurrency, formatRent } from "./currency";

/** Locale formats use no-break spaces and direction marks; compare on plain text. */
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, " ").replace(/[\u200e\u200f]/g, "");
}

describe("formatCurrency", () => {
  it("writes each currency the way its locale does", () => {
    expect(formatCurrency(4250, "USD")).toBe("$4,250");
    expect(formatCurrency(4950, "GBP")).toBe("£4,950");
    expect(plain(formatCurrency(1390, "EUR"))).toBe("1.390 €");
    expect(formatCurrency(330000, "JPY")).toBe("¥330,000");
    expect(formatCurrency(100000, "INR")).toBe("₹1,00,000");
  });

  it("shows at most two decimals, and none when the amount is whole", () => {
    expect(formatCurrency(1999.5, "USD")).toBe("$1,999.5");
    expect(formatCurrency(19.999, "USD")).toBe("$20");
    expect(formatCurrency(19.99, "USD")).toBe("$19.99");
    expect(formatCurrency(2750, "CAD")).toBe("$2,750");
  });

  it.each(["JPY", "KRW", "IDR", "VND", "HUF", "CLP", "TWD", "COP", "ISK"])(
    "shows %s without a fraction",
    (code) => {
      expect(ZERO_DECIMAL_CURRENCIES.has(code)).toBe(true);
      expect(plain(formatCurrency(1234.56, code))).toMatch(/1[ ,.']?235(?!\d)/);
      expect(plain(formatCurrency(1234.56, code))).not.toMatch(/[.,]56/);
    },
  );

  it("formats every supported currency without falling back", () => {
    expect(SUPPORTED_CURRENCIES).toHaveLength(30);
    for (const code of SUPPORTED_CURRENCIES) {
      expect(CURRENCY_LOCALES[code], code).toBeDefined();
      expect(formatCurrency(1000, code)).not.toContain("(USD)");
    }
  });

  it("treats an empty code as USD and a broken one as USD with a suffix", () => {
    expect(formatCurrency(1200, "")).toBe("$1,200");
    expect(formatCurrency(1200, "usd")).toBe("$1,200");
    expect(formatCurrency(1200, "US")).toBe("$1,200 (USD)");
    expect(formatCurrency(1200, "dollars")).toBe("$1,200 (USD)");
  });
});

describe("whole US dollars", () => {
  it("are written as Intl writes them", () => {
    const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 2 });
    for (const n of [0, 1, 999, 1000, 4250, 1234567, -1, -4250, -1234567, Number.MAX_SAFE_INTEGER]) {
      expect(formatCurrency(n, "USD")).toBe(usd.format(n));
      expect(formatCurrency(n, "")).toBe(usd.format(n));
    }
  });
});

describe("formatRent", () => {
  it("adds the period", () => {
    expect(formatRent(4250, "USD")).toBe("$4,250/month");
  });
});
