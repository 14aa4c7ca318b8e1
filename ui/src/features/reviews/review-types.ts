import { REVIEW_TYPES } from "@/lib/vocab";

// Who may write which review (no form code here: the property page decides whether to offer the
// form before the form's own code is loaded).

/** The types that only one role may write: landlord_to_tenant for landlords, agent_to_property for agents. */
const ROLE_ONLY: Readonly<Record<string, string>> = {
  landlord_to_tenant: "landlord",
  agent_to_property: "agent",
};

/**
 * OWNER_REVIEW_TYPE is the one type a property's owner may write about it, and only its
 * owner may: owners cannot rate their own property (the server refuses anything else).
 */
const OWNER_REVIEW_TYPE = "landlord_to_tenant";

/**
 * reviewTypesFor lists the review types offered to a user about one property. SPEC §5's
 * role rules (landlord_to_tenant only to role landlord, agent_to_property only to role
 * agent) hold on top of the server's ownership rule: the property's owner may write only
 * the landlord review of a tenant, and nobody else may. So an owner who is a landlord is
 * offered just that one, an owner of any other role nothing at all, and everyone else
 * every type their role may write but that one.
 */
export function reviewTypesFor(role: string, isOwner = false): string[] {
  return REVIEW_TYPES.values.filter((type) => {
    const only = Object.hasOwn(ROLE_ONLY, type) ? ROLE_ONLY[type] : undefined;
    if (only && only !== role) return false;
    return isOwner === (type === OWNER_REVIEW_TYPE);
  });
}
