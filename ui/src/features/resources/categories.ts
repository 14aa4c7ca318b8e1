import { RESOURCE_CATEGORIES } from "@/lib/vocab";

/** The tabs of the resource library, in order (SPEC §2 "Resources"). */
export const RESOURCE_TABS = [
  { value: "all", label: "All Resources" },
  { value: "tenant", label: "For Tenants" },
  { value: "landlord", label: "For Landlords" },
  { value: "market_trends", label: "Market Trends" },
  { value: "legal", label: "Legal Information" },
] as const;

/** ResourceTab is the value of one resource tab. */
export type ResourceTab = (typeof RESOURCE_TABS)[number]["value"];

/** parseResourceTab reads the category query parameter; anything unknown is "all". */
export function parseResourceTab(value: string | null): ResourceTab {
  return RESOURCE_TABS.find((tab) => tab.value === value)?.value ?? "all";
}

/** isTabCategory tells whether a resource category has its own tab. */
export function isTabCategory(category: string): category is Exclude<ResourceTab, "all"> {
  return category !== "all" && RESOURCE_TABS.some((tab) => tab.value === category);
}

/**
 * categoryLabel is the category text on a resource card: the contract's label (SPEC's four, and
 * the other eleven in their style); a value outside the vocabulary shows raw.
 */
export function categoryLabel(category: string): string {
  return RESOURCE_CATEGORIES.label(category) ?? category;
}

/** groupHeading is the heading of a category group on the All tab: its tab's name, else its label. */
export function groupHeading(category: string): string {
  return RESOURCE_TABS.find((tab) => tab.value === category)?.label ?? categoryLabel(category);
}

/** DEFAULT_RESOURCE_COVER replaces a missing or broken cover image. */
export const DEFAULT_RESOURCE_COVER = "/images/default-resource.svg";
