/**
 * The roles that may list a property: the server's rule (property.ListingRoles), which
 * refuses tenants. The UI uses it to offer listing only to those it will not refuse.
 */
export const LISTING_ROLES = ["landlord", "agent", "property_manager", "admin"] as const;

/** canListProperties tells whether a role may list properties. */
export function canListProperties(role: string): boolean {
  return (LISTING_ROLES as readonly string[]).includes(role);
}
