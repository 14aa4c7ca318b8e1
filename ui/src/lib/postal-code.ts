/**
 * Postal codes (SPEC §5 "Location search", §2 "Location page"): which codes send
 * the search box to a postal-code landing page, and which country a code's format
 * belongs to. The rules match the server's classification table.
 */

/**
 * PostalCountry is the country a postal code's format belongs to; GLOBAL is SPEC's "otherwise
 * Global", in the forms a search box reads as a postal code (GLOBAL_POSTAL, SHORT_POSTAL).
 */
export type PostalCountry = "US" | "CA" | "UK" | "GLOBAL";

/*
 * The formats are tested on the code with every space taken out, so a code is recognised in any
 * spacing and case ("sw1a1aa", "SW1A 1AA", "sw1a 1aa", "m5v2h1"), as the server reads a typed
 * line (internal/property/searchline.go).
 */

/** US ZIP: 5 digits, optionally 4 more (ZIP+4), with or without the dash. */
const US_ZIP = /^\d{5}(?:-?\d{4})?$/;
/** Canadian postal code: letter digit letter digit letter digit. */
const CA_POSTAL = /^[A-Z]\d[A-Z]\d[A-Z]\d$/i;
/**
 * UK postcode: an outward code (area letters, district digit, optional digit or letter: "M1",
 * "B33", "SW1A", "EC1A") and an inward code (digit and two letters); plus the special "GIR 0AA".
 */
const UK_POSTCODE = /^(?:[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}|GIR0AA)$/i;
/**
 * A global postal code: 6 to 10 digits, with or without one dash after the third to fifth
 * ("155-0033", "1550033", "01310-100", "400001"). Codes with letters beyond the US, Canadian and
 * UK forms are not read as postal codes ("5C" or "2F1" would be), as the server does.
 */
const GLOBAL_POSTAL = /^\d{3,5}-?\d{3,5}$/;
/**
 * Four digits (Australia, New Zealand, Switzerland, …: "2010"). classifyPostalCode always reads a
 * whole text, which is where the server takes four digits for a postcode: a line of them alone.
 */
const SHORT_POSTAL = /^\d{4}$/;

/** compactCode is a text with its spaces (of any kind) taken out. */
const compactCode = (text: string) => text.replace(/\s+/g, "");

/**
 * classifyPostalCode tells which country's format a text has, in any spacing and case, or null
 * when it is no postal code.
 */
export function classifyPostalCode(text: string): PostalCountry | null {
  const code = compactCode(text);
  if (US_ZIP.test(code)) return "US";
  if (CA_POSTAL.test(code)) return "CA";
  if (UK_POSTCODE.test(code)) return "UK";
  if (GLOBAL_POSTAL.test(code) || SHORT_POSTAL.test(code)) return "GLOBAL";
  return null;
}

/**
 * normalizePostalCode writes a recognised code in its usual form, whatever its spacing and case:
 * Canadian and UK codes upper-cased with one space before the last three characters ("sw1a1aa"
 * and "s w1a 1aa" → "SW1A 1AA"), a US ZIP+4 with its dash ("10001 1234" → "10001-1234"), a
 * global code as typed, its spaces made one ("155  0033" → "155 0033"; the server matches it
 * without them). Other text is only trimmed.
 */
export function normalizePostalCode(text: string): string {
  const kind = classifyPostalCode(text);
  if (!kind) return text.trim();
  const compact = compactCode(text).toUpperCase();
  if (kind === "US") return compact.length === 9 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
  if (kind === "GLOBAL") return text.trim().replace(/\s+/g, " ");
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** Where a search box submission came from: the Search button (or Enter), or a popular shortcut. */
export type LocationSearchSource = "submit" | "shortcut";

/**
 * locationSearchTarget is where the location search box goes for a text (SPEC §5):
 * nothing for blank text; /location/{code} for a US, Canadian, UK or global postal code (issue
 * 32 adds the global forms to SPEC's three, so Tokyo's "155-0033" finds its listings);
 * otherwise /find-properties?city={text} from the Search button, or ?query={text}
 * from a popular-search shortcut.
 */
export function locationSearchTarget(text: string, source: LocationSearchSource): string | null {
  const value = text.trim();
  if (!value) return null;
  if (classifyPostalCode(value)) return `/location/${encodeURIComponent(normalizePostalCode(value))}`;
  const params = new URLSearchParams({ [source === "shortcut" ? "query" : "city"]: value });
  return `/find-properties?${params.toString()}`;
}

/** LocationCountry is the country named on a location page. */
export type LocationCountry = "United States" | "Canada" | "United Kingdom" | "Global";

const COUNTRY_NAMES: Record<PostalCountry, LocationCountry> = {
  US: "United States",
  CA: "Canada",
  UK: "United Kingdom",
  GLOBAL: "Global",
};

/** detectCountry names the country a code's format belongs to; "Global" for any other format. */
export function detectCountry(code: string): LocationCountry {
  const kind = classifyPostalCode(code);
  return kind ? COUNTRY_NAMES[kind] : "Global";
}

/** The shape any postal code in the world fits: 2 to 10 letters, digits, spaces or dashes. */
const ANY_POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/i;

/** isPlausiblePostalCode tells whether a text could be a postal code of some country. */
export function isPlausiblePostalCode(code: string): boolean {
  return ANY_POSTAL_CODE.test(code.trim());
}
