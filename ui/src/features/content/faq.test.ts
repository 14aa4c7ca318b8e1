import { describe, expect, it } from "vitest";
import { countItems, filterFaq, matches, type FaqCategory } from "./faq";
import { TENANCY_RULES } from "@/lib/rules";
import { buildFaq } from "./faq-data";

const SAMPLE: FaqCategory[] = [
  {
    id: "a",
    title: "General Questions",
    items: [
      { id: "a1", question: "What is RentProof?", answer: ["A review platform."] },
      { id: "a2", question: "Is it free?", answer: ["Searching costs nothing."] },
    ],
  },
  {
    id: "b",
    title: "Technical Support",
    items: [{ id: "b1", question: "I forgot my password", answer: ["Answer your Security Questions."] }],
  },
];

describe("FAQ search", () => {
  it("matches questions and answers by case-insensitive substring", () => {
    expect(matches(SAMPLE[0].items[0], "rentproof")).toBe(true);
    expect(matches(SAMPLE[0].items[1], "COSTS NOT")).toBe(true);
    expect(matches(SAMPLE[1].items[0], "security q")).toBe(true);
    expect(matches(SAMPLE[0].items[0], "password")).toBe(false);
  });

  it("ignores surrounding spaces and matches everything for an empty query", () => {
    expect(matches(SAMPLE[0].items[0], "  review  ")).toBe(true);
    expect(filterFaq(SAMPLE, "   ")).toEqual(SAMPLE);
  });

  it("keeps only the categories that still hold a match", () => {
    const shown = filterFaq(SAMPLE, "password");
    expect(shown.map((c) => c.title)).toEqual(["Technical Support"]);
    expect(countItems(shown)).toBe(1);
    expect(filterFaq(SAMPLE, "zzz-nothing")).toEqual([]);
  });
});

describe("the FAQ's questions", () => {
  const faq = buildFaq();

  it("has SPEC's four categories in order", () => {
    expect(faq.map((c) => c.title)).toEqual(["General Questions", "For Tenants", "For Landlords", "Technical Support"]);
  });

  it("gives every question a unique id (one open value serves the whole page)", () => {
    const ids = faq.flatMap((c) => c.items.map((i) => i.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("says what a review's Verified label means and how a tenant gets one, with the contract's figures", () => {
    const item = (id: string) => faq.flatMap((c) => c.items).find((i) => i.id === id)?.answer.join(" ") ?? "";
    expect(item("verified-review")).toContain('"Verified Tenant" on a Tenant review or Review about landlord');
    expect(item("verified-review")).toContain(`no later than ${TENANCY_RULES.reviewYearsAfter} years after it ended`);
    expect(item("verified-review")).toContain("An agent review is never labelled");
    expect(item("verify-stay")).toContain(`more than ${TENANCY_RULES.maxOwnerConfirmations} tenancies in ${TENANCY_RULES.ownerConfirmationsDays} days`);
    expect(item("verify-stay")).toContain(`deleted ${TENANCY_RULES.documentRetentionDays} days after the decision`);
    expect(item("review-tenants")).toContain(`${TENANCY_RULES.revealDays} days have passed since the first`);
    expect(item("confirm-tenancy")).toContain("You cannot reject a claim, and you never see the tenant's documents.");
    expect(item("what-verified-means")).toContain('reads "Verified", with the proof');
  });

  it("says recovery is by an emailed link that expires after 24 hours (ResetLinkTTL) or by security questions", () => {
    const text = faq.flatMap((c) => c.items.flatMap((i) => [i.question, ...i.answer])).join("\n");
    expect(text).toMatch(/we email a link that sets a new password\. The link works once and expires after 24 hours\./);
    expect(filterFaq(faq, "security questions").length).toBeGreaterThan(0);
  });
});
