/** The seed round's terms (SPEC §2 "Investor page", §9). */
export const ROUND = {
  /** Target raise, US dollars. */
  target: 1_000_000,
  /** Smallest ticket, US dollars. */
  minimum: 50_000,
  instrument: "SAFE",
} as const;

/** Where investors write. */
export const INVEST_MAILBOX = "invest@rentproof.com";

/** USE_OF_FUNDS is SPEC's 60/25/15 split, with what each share pays for. */
export const USE_OF_FUNDS = [
  {
    share: 60,
    label: "Product development",
    detail:
      "The first engineering and design hires: a native mobile app on the existing gRPC API, landlord tools (tenant management, analytics), and verification that scales with demand.",
  },
  {
    share: 25,
    label: "Marketing and growth",
    detail:
      "City-by-city launches seeded with verified listings, partnerships with tenant unions, universities and property managers, and search visibility for our location pages.",
  },
  {
    share: 15,
    label: "Operations",
    detail:
      "Moderation and verification staff for the review and document queues, legal and compliance (privacy, consumer and review-platform rules), and hosting.",
  },
] as const;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** formatUSD writes whole dollars: 1000000 → "$1,000,000". */
export function formatUSD(amount: number): string {
  return usd.format(amount);
}

/** formatUSDShort writes whole millions the way SPEC says the round: 1000000 → "$1M". */
export function formatUSDShort(amount: number): string {
  return amount >= 1_000_000 && amount % 1_000_000 === 0 ? `$${amount / 1_000_000}M` : formatUSD(amount);
}
