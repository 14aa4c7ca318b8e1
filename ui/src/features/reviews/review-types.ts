import { REVIEW_RULES, onlyRole } from "@/lib/rules";
import { REVIEW_TYPES } from "@/lib/vocab";

// Who may write which review (no form code here: the property page decides whether to offer the
// form before the form's own code is loaded). The rules are the contract's (lib/rules): the
// types only one role may write, and the one type a property's owner may write about it, which
// only its owner may (owners cannot rate their own property).

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
    const only = onlyRole(type);
    if (only && only !== role) return false;
    return isOwner === (type === REVIEW_RULES.ownerType);
  });
}
