/**
 * The server's rules that the web app applies or quotes (proto/rentproof/vocab/v1/rules.proto):
 * who may list, which review types each review tab shows and who may write them, the points
 * table and the figures the pages state. They are declared once, as the file's
 * (rentproof.vocab.v1.published) option, and read here from the generated descriptor; the server
 * takes its rules from the same declaration (internal/vocab), so a page never says other than
 * what the server does. No request: the pages that quote them are prerendered.
 */
import { getOption } from "@bufbuild/protobuf";
import { file_rentproof_vocab_v1_rules, published, type XpRule } from "@/gen/rentproof/vocab/v1/rules_pb";

const declared = getOption(file_rentproof_vocab_v1_rules, published);

/** group is one declared group of rules; the server refuses to start without any of them. */
function group<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`rules: the contract declares no ${name} rules`);
  return value;
}

/** Listing and saving properties. */
export const PROPERTY_RULES = group(declared.property, "property");
/** Review tabs, who may write which review type, the stars, and the review limits. */
export const REVIEW_RULES = group(declared.review, "review");
/** Established members, linked accounts, the opening balance, sessions and sign-in throttling. */
export const ACCOUNT_RULES = group(declared.account, "account");
/** Verification by people. */
export const VERIFICATION_RULES = group(declared.verification, "verification");
/** Ownership documents. */
export const DOCUMENT_RULES = group(declared.document, "document");
/** The paid check. */
export const PAYMENT_RULES = group(declared.payment, "payment");
/** Verified tenancies and the reviews they label. */
export const TENANCY_RULES = group(declared.tenancy, "tenancy");

/** canListProperties tells whether a role may list properties (the server refuses the others). */
export function canListProperties(role: string): boolean {
  return PROPERTY_RULES.listingRoles.includes(role);
}

/**
 * tabReviewTypes is the review types a review tab shows, as the server filters them; an empty
 * list is every type. An undeclared tab is a programming error.
 */
export function tabReviewTypes(tab: string): readonly string[] {
  const declaredTab = REVIEW_RULES.tabs.find((t) => t.value === tab);
  if (!declaredTab) throw new Error(`rules: the contract declares no review tab ${tab}`);
  return declaredTab.reviewTypes;
}

/** onlyRole is the one role that may write a review type, or undefined when any role may. */
export function onlyRole(reviewType: string): string | undefined {
  return REVIEW_RULES.roleOnlyTypes.find((r) => r.reviewType === reviewType)?.role;
}

/** xpRule is the points table's row of a key ("reviews"); a missing row is a programming error. */
export function xpRule(key: string): XpRule {
  const rule = declared.xp.find((r) => r.key === key);
  if (!rule) throw new Error(`rules: the points table has no rule ${key}`);
  return rule;
}
