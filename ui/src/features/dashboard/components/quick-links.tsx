import { ChevronRight, Link2 } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router-dom";

/** QuickLink is a link to a page, an action in place (onSelect), or a feature to come (neither). */
export interface QuickLink {
  label: string;
  to?: string;
  onSelect?: () => void;
}

/** TENANT_LINKS are the tenant's quick links (SPEC §2); Saved Properties opens its tab. */
export function tenantLinks(openSaved: () => void): QuickLink[] {
  return [
    { label: "Search Properties", to: "/find-properties" },
    { label: "Tenant Resources", to: "/resources?category=tenant" },
    { label: "Renter's Guide", to: "/faq" },
    { label: "Saved Properties", onSelect: openSaved },
    { label: "Viewing History" },
    { label: "Set Security Questions", to: "/dashboard/security-questions" },
  ];
}

/** LANDLORD_LINKS are every other role's quick links (SPEC §2), all still to come. */
export const LANDLORD_LINKS: QuickLink[] = [{ label: "Analytics" }, { label: "Tenant Management" }, { label: "Settings" }];

/**
 * QuickLinks is the dashboard's Quick Links card. A link to a feature that does not exist yet is
 * a disabled button (disabled and aria-disabled) that says "Coming soon" in its own text, so
 * everyone reads it, pointer or not.
 */
export function QuickLinks({ links }: { links: QuickLink[] }) {
  const headingId = useId();
  return (
    <nav className="card dashboard-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-panel__title">
        <Link2 aria-hidden="true" size={20} /> Quick Links
      </h2>
      <ul className="quick-links">
        {links.map((l) => (
          <li key={l.label}>
            {l.to ? (
              <Link to={l.to} className="quick-links__item">
                {l.label} <ChevronRight aria-hidden="true" size={16} />
              </Link>
            ) : l.onSelect ? (
              <button type="button" className="quick-links__item" onClick={l.onSelect}>
                {l.label} <ChevronRight aria-hidden="true" size={16} />
              </button>
            ) : (
              <button type="button" className="quick-links__item" disabled aria-disabled="true">
                {l.label} <span className="quick-links__soon">Coming soon</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
