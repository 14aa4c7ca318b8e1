import { REVIEW_TYPES } from "@/lib/vocab";

/**
 * Who writes about whom in each review type, as the type's name says (tenant_to_landlord: tenants
 * about the landlord). The tabs keep SPEC's short names (Tenant, Landlord, …), which name the
 * author: the Landlord tab holds what the landlord wrote about tenants, not reviews about the
 * landlord (those are under Tenant). The caption under the open tab says so in words.
 */
const DIRECTIONS: Readonly<Record<string, { author: string; subject: string }>> = {
  tenant_to_property: { author: "tenants", subject: "the property" },
  tenant_to_landlord: { author: "tenants", subject: "the landlord" },
  tenant_to_neighborhood: { author: "tenants", subject: "the neighborhood" },
  landlord_to_tenant: { author: "the landlord", subject: "their tenants" },
  agent_to_property: { author: "agents", subject: "the property" },
  general: { author: "members", subject: "the property" },
};

/** and joins words as a sentence lists them: "a", "a and b", "a, b and c". */
function and(words: string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * tabCaption says who wrote the reviews a tab holds and about whom, from the review types it holds:
 * "Reviews tenants wrote about the property and the landlord". A tab of every type is "Every review".
 */
export function tabCaption(types: readonly string[]): string {
  if (REVIEW_TYPES.values.every((type) => types.includes(type))) {
    return "Every review, whoever wrote it: tenants, the landlord, agents and other members.";
  }
  const byAuthor = new Map<string, string[]>();
  for (const type of types) {
    const { author, subject } = Object.hasOwn(DIRECTIONS, type) ? DIRECTIONS[type] : { author: "members", subject: "the property" };
    byAuthor.set(author, [...(byAuthor.get(author) ?? []), subject]);
  }
  const parts = [...byAuthor].map(([author, subjects]) => `${author} wrote about ${and([...new Set(subjects)])}`);
  return `Reviews ${and(parts)}.`;
}
