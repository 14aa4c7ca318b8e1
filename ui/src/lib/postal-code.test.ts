import { describe, expect, it } from "vitest";
import {
  classifyPostalCode,
  detectCountry,
  isPlausiblePostalCode,
  locationSearchTarget,
  normalizePostalCode,
} from "./postal-code";

describe("classifyPostalCode", () => {
  it.each([
    // US: 5 digits, optionally ZIP+4
    ["10001", "US"],
    ["90210", "US"],
    ["02134", "US"],
    ["10001-1234", "US"],
    ["100011234", "US"],
    ["10001 1234", "US"],
    ["  90210  ", "US"],
    // Canada: with and without the space, any case
    ["M5V 2H1", "CA"],
    ["M5V2H1", "CA"],
    ["v6k 1l4", "CA"],
    ["h2j3b9", "CA"],
    // UK: every outward-code form, with and without the space
    ["SW1A 1AA", "UK"],
    ["SW1A1AA", "UK"],
    ["sw1a 1aa", "UK"],
    ["sw1a1aa", "UK"],
    ["SW1A  1AA", "UK"],
    ["s w1a 1a a", "UK"],
    ["\tsw1a\u00a01aa\n", "UK"],
    ["gir0aa", "UK"],
    ["M1 2FF", "UK"],
    ["M11AE", "UK"],
    ["B33 8TH", "UK"],
    ["CR2 6XH", "UK"],
    ["DN55 1PT", "UK"],
    ["W1A 0AX", "UK"],
    ["EC1A 1BB", "UK"],
    ["EH9 1EU", "UK"],
    ["GIR 0AA", "UK"],
    // global: 6 to 10 digits, with or without one dash or space; four digits alone
    ["155-0033", "GLOBAL"],
    ["1550033", "GLOBAL"],
    ["155 0033", "GLOBAL"],
    ["100011", "GLOBAL"],
    ["01310-100", "GLOBAL"],
    ["2010", "GLOBAL"],
    [" 1000 ", "GLOBAL"],
    // anything else is no postal code a search box reads
    ["10001-12", null],
    ["155-00", null],
    ["12345678901", null],
    ["2-14-8", null],
    ["1012 AB", null],
    ["Bourke Street 2010", null],
    ["M5V 2H", null],
    ["SW1A 1A", null],
    ["New York", null],
    ["Downtown Apartments", null],
    ["", null],
    ["   ", null],
  ] as const)("%j is %s", (text, kind) => {
    expect(classifyPostalCode(text)).toBe(kind);
  });
});

describe("normalizePostalCode", () => {
  it.each([
    ["sw1a1aa", "SW1A 1AA"],
    ["M5V2H1", "M5V 2H1"],
    ["m1  2ff", "M1 2FF"],
    ["sw1a 1aa", "SW1A 1AA"],
    ["S W1A1 AA", "SW1A 1AA"],
    ["v6k1l4", "V6K 1L4"],
    ["100011234", "10001-1234"],
    ["10001 1234", "10001-1234"],
    [" 10001-1234 ", "10001-1234"],
    ["155-0033", "155-0033"],
    [" 155  0033 ", "155 0033"],
    ["1550033", "1550033"],
    ["New York", "New York"],
  ])("%j → %j", (text, want) => {
    expect(normalizePostalCode(text)).toBe(want);
  });
});

describe("locationSearchTarget", () => {
  it("does nothing for blank text", () => {
    expect(locationSearchTarget("", "submit")).toBeNull();
    expect(locationSearchTarget("   ", "shortcut")).toBeNull();
  });

  it.each([
    ["10001", "/location/10001"],
    ["10001-1234", "/location/10001-1234"],
    [" M5V 2H1 ", "/location/M5V%202H1"],
    ["m5v2h1", "/location/M5V%202H1"],
    ["SW1A 1AA", "/location/SW1A%201AA"],
    ["sw1a1aa", "/location/SW1A%201AA"],
    ["sw1a 1aa", "/location/SW1A%201AA"],
    ["  Sw1A   1aA ", "/location/SW1A%201AA"],
    ["155-0033", "/location/155-0033"],
    ["1550033", "/location/1550033"],
    [" 2010 ", "/location/2010"],
  ])("sends the postal code %j to its location page", (text, want) => {
    expect(locationSearchTarget(text, "submit")).toBe(want);
    expect(locationSearchTarget(text, "shortcut")).toBe(want);
  });

  it("sends other text to the search as a city from the button, as a query from a shortcut", () => {
    expect(locationSearchTarget("  New York ", "submit")).toBe("/find-properties?city=New+York");
    expect(locationSearchTarget("Downtown Apartments", "shortcut")).toBe(
      "/find-properties?query=Downtown+Apartments",
    );
    expect(locationSearchTarget("Sydney 2010", "submit")).toBe("/find-properties?city=Sydney+2010");
  });
});

describe("detectCountry", () => {
  it.each([
    ["10001", "United States"],
    ["90210-0001", "United States"],
    ["M5V 2H1", "Canada"],
    ["M5V2H1", "Canada"],
    ["SW1A 1AA", "United Kingdom"],
    ["EH9 1EU", "United Kingdom"],
    ["155-0033", "Global"],
    ["2010", "Global"],
    ["1012 AB", "Global"],
  ])("%j is %s", (code, country) => {
    expect(detectCountry(code)).toBe(country);
  });

  it("tells what could be a postal code at all", () => {
    expect(isPlausiblePostalCode("155-0033")).toBe(true);
    expect(isPlausiblePostalCode("SW1A 1AA")).toBe(true);
    expect(isPlausiblePostalCode("x")).toBe(false);
    expect(isPlausiblePostalCode("<script>")).toBe(false);
    expect(isPlausiblePostalCode("12345678901")).toBe(false);
  });
});
