/**
 * Currency display (SPEC §9): each supported currency is written the way its home
 * locale writes it; currencies without minor units show no decimals, others at most
 * two; a code that cannot be formatted falls back to US dollars marked " (USD)".
 */
import { formatCount } from "./count";
import { CURRENCIES } from "./vocab";

/** DEFAULT_CURRENCY is the currency of a property that names none. */
export const DEFAULT_CURRENCY = "USD";

/**
 * The locale that writes each supported currency (the list itself is the contract's:
 * CURRENCIES in ./vocab; a test checks that every one of them has a locale here).
 */
export const CURRENCY_LOCALES: Readonly<Record<string, string>> = {
  USD: "en-US",
  EUR: "de-DE",
  GBP: "en-GB",
  CAD: "en-CA",
  AUD: "en-AU",
  INR: "en-IN",
  JPY: "ja-JP",
  CNY: "zh-CN",
  KRW: "ko-KR",
  RUB: "ru-RU",
  BRL: "pt-BR",
  CHF: "de-CH",
  MXN: "es-MX",
  SGD: "en-SG",
  NZD: "en-NZ",
  HKD: "en-HK",
  SEK: "sv-SE",
  NOK: "nb-NO",
  DKK: "da-DK",
  THB: "th-TH",
  ZAR: "en-ZA",
  AED: "ar-AE",
  IDR: "id-ID",
  PHP: "en-PH",
  MYR: "ms-MY",
  TRY: "tr-TR",
  PLN: "pl-PL",
  CZK: "cs-CZ",
  HUF: "hu-HU",
  ILS: "he-IL",
};

/** SUPPORTED_CURRENCIES lists the supported codes in the order of SPEC §3. */
export const SUPPORTED_CURRENCIES = CURRENCIES.values;

/** Currencies shown without a fractional part (SPEC §9). */
export const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set([
  "JPY",
  "KRW",
  "IDR",
  "VND",
  "HUF",
  "CLP",
  "TWD",
  "COP",
  "ISK",
]);

/** isSupportedCurrency tells whether a code is one of the 30 supported currencies. */
export function isSupportedCurrency(code: string): boolean {
  return CURRENCIES.has(code);
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string): Intl.NumberFormat {
  let f = formatters.get(currency);
  if (!f) {
    const locale = CURRENCY_LOCALES[currency] ?? CURRENCY_LOCALES.USD;
    f = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2,
    });
    formatters.set(currency, f);
  }
  return f;
}

/**
 * formatCurrency writes an amount in a currency ("$4,250", "1.390 €", "￥330,000").
 * An empty code means USD; a code Intl cannot use gives the amount in USD followed
 * by " (USD)", so the figure is never lost.
 */
export function formatCurrency(amount: number, currency: string = DEFAULT_CURRENCY): string {
  const code = currency.trim().toUpperCase() || DEFAULT_CURRENCY;
  // Whole dollars, most rents, are written without Intl: its first formatter on a page costs
  // ~15 ms to build on a laptop, ~60 ms on a slow phone (lib/format's formatCount).
  if (code === DEFAULT_CURRENCY && Number.isSafeInteger(amount)) {
    return amount < 0 ? `-$${formatCount(-amount)}` : `$${formatCount(amount)}`;
  }
  try {
    // ja-JP writes the full-width yen sign, which many Latin fonts lack: use the common one.
    return formatter(code).format(amount).replace("\uFFE5", "\u00A5");
  } catch {
    return `${formatter(DEFAULT_CURRENCY).format(amount)} (USD)`;
  }
}

/** formatRent writes a monthly rent: "$4,250/month". */
export function formatRent(amount: number, currency?: string): string {
  return `${formatCurrency(amount, currency)}/month`;
}
