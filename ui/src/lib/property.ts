/**
 * Property display rules shared by cards, the detail page and the forms (SPEC §3):
 * type labels, areas, addresses and the demo marker. The vocabularies
 * themselves come from the contract (./vocab).
 */
import { formatCurrency } from "./currency";
import { formatCount } from "./count";
import { pluralize } from "./rating";
import { humanize } from "./text";
import { PROPERTY_TYPES } from "./vocab";

/** The four property types SPEC §2 names: the landlord's Property Stats count them, zero or not (the search offers every type). */
export const SEARCH_PROPERTY_TYPES = ["apartment", "house", "condo", "student_housing"] as const;

/** propertyTypeLabel names a property type: "Apartment", "Student Housing", "Villa". */
export function propertyTypeLabel(type: string): string {
  return PROPERTY_TYPES.label(type) ?? (humanize(type) || "Apartment");
}

/** isPropertyType tells whether a value is one of the property types. */
export function isPropertyType(value: string): boolean {
  return PROPERTY_TYPES.has(value);
}

/** formatArea writes a floor area: "650 ft²", "78 m²" (sqm), or "N/A" without one. */
export function formatArea(size: number, unit: string): string {
  if (!size || size <= 0) return "N/A";
  return `${formatCount(size)} ${unit === "sqm" ? "m²" : "ft²"}`;
}

/** The default cover of a property without images (SPEC §3). */
export const DEFAULT_PROPERTY_IMAGE = "/images/default-property.svg";
/** The picture shown when an image fails to load (SPEC §8). */
export const IMAGE_FALLBACK = "/images/image-fallback.svg";

/** coverImage is the first image of a property, or the default one. */
export function coverImage(images: readonly string[]): string {
  return images.find((src) => src.trim() !== "") ?? DEFAULT_PROPERTY_IMAGE;
}

/** AddressParts are the address fields of a property. */
export interface AddressParts {
  address: string;
  locality?: string;
  city: string;
  state?: string;
  zipCode?: string;
  country?: string;
}

/**
 * fullAddress joins the address fields of a property, leaving out empty ones:
 * "347 West 29th Street, Chelsea, New York, NY 10001, United States".
 */
export function fullAddress(p: AddressParts): string {
  const region = [p.state, p.zipCode].map((s) => s?.trim()).filter(Boolean).join(" ");
  return [p.address, p.locality, p.city, region, p.country]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(", ");
}

/** Property ids 1 to 15 are the demo properties (SPEC §9), a marker separate from verification. */
export function isDemoProperty(id: number): boolean {
  return id >= 1 && id <= 15;
}

/** ShareFacts are the property fields a shared link describes. */
export interface ShareFacts {
  title: string;
  bedrooms: number;
  bathrooms: number;
  city: string;
  monthlyRent: number;
  currency: string;
}

/** shareTitle is the title of a shared property link (SPEC §9). */
export function shareTitle(p: Pick<ShareFacts, "title">): string {
  return `Check out ${p.title} on RentProof`;
}

/** shareDescription is the text of a shared property link (SPEC §9). */
export function shareDescription(p: ShareFacts): string {
  return `${p.bedrooms} bed, ${p.bathrooms} bath property in ${p.city} for ${formatCurrency(p.monthlyRent, p.currency)}/month`;
}

/** VerificationFacts are the property fields that say how it was verified. */
export interface VerificationFacts {
  verified: boolean;
  verificationProof: string;
  verificationConfirmations: number;
}

/**
 * verificationProofLabel says how a verified property was verified, shown next to its badge:
 * "Confirmed by 2 people" (confirmers may be tenants or landlords), "Ownership documents
 * checked" or "Checked by RentProof" (an administrator checked documents or a paid check), or
 * "Demo data, not checked" (a demo listing's badge is sample data); null when it is not verified
 * or its proof is unknown.
 */
export function verificationProofLabel(p: VerificationFacts): string | null {
  if (!p.verified) return null;
  switch (p.verificationProof) {
    case "confirmed":
      return p.verificationConfirmations > 0 ? `Confirmed by ${pluralize(p.verificationConfirmations, "person", "people")}` : null;
    case "documents":
      return "Ownership documents checked";
    case "paid_check":
      return "Checked by RentProof";
    case "demo":
      return "Demo data, not checked";
    default:
      return null;
  }
}

/** BadgeWords are what a property's verification badge says. */
export interface BadgeWords {
  /** verified: the badge is the Verified one (its tone and shield); otherwise the unverified one. */
  verified: boolean;
  /** text is the badge's words: "Verified", "Not verified yet" or "Demo data, not checked". */
  text: string;
  /** proof is how a verified property was verified, shown beside the badge ("Confirmed by 2 people"). */
  proof: string | null;
}

/**
 * verificationBadge is the words of a property's badge: "Verified" with its proof beside it, or
 * "Not verified yet". SPEC's "Verified by tenants" is not used: a property is verified by people
 * of any role, by ownership documents or by a paid check, never by tenants as such. A demo
 * listing's badge was never checked, so it reads as its proof alone, in the unverified tone.
 */
export function verificationBadge(p: VerificationFacts): BadgeWords {
  if (!p.verified) return { verified: false, text: "Not verified yet", proof: null };
  const proof = verificationProofLabel(p);
  if (p.verificationProof === "demo") return { verified: false, text: proof ?? "", proof: null };
  return { verified: true, text: "Verified", proof };
}

/**
 * timeZones are the IANA time zones this browser knows, for the listing form's picker, with the
 * listing's own first when the browser does not list it (an alias such as "Asia/Calcutta").
 */
export function timeZones(current = ""): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  const known = intl.supportedValuesOf?.("timeZone") ?? [];
  return current && !known.includes(current) ? [current, ...known] : known;
}
