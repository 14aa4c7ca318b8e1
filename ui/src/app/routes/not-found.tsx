import { AlertCircle } from "lucide-react";
import { useId } from "react";
import { Link, useLocation } from "react-router-dom";
import { LocationSearch } from "@/components/location-search/location-search";
import { buttonClass } from "@/components/ui/button";
import { usePageTitle } from "@/lib/use-page-title";

/** The pages most visitors look for, offered where an address led nowhere. */
export const POPULAR_PAGES = [
  { to: "/find-properties", label: "Find Properties" },
  { to: "/find-properties?verified=true", label: "Verified properties" },
  { to: "/resources", label: "Housing Resources" },
  { to: "/how-reviews-work", label: "How reviews work" },
  { to: "/faq", label: "FAQ" },
  { to: "/contact", label: "Contact Us" },
] as const;

/**
 * NotFoundRoute is the catch-all screen (SPEC §2), which the server sends with status 404. SPEC's
 * developer hint ("forgetting to add the page to the router") is for the people who build the
 * site; a visitor gets what happened, a search box and the popular pages instead (a deviation,
 * in the README).
 */
export function NotFoundRoute() {
  usePageTitle("Page Not Found");
  const { pathname } = useLocation();
  const searchId = useId();
  const pagesId = useId();
  return (
    <div className="container section not-found">
      <div className="not-found__card not-found__card--page">
        <AlertCircle className="not-found__icon" aria-hidden="true" size={48} />
        <h1>404 Page Not Found</h1>
        <p>
          There is no page at <code className="not-found__path">{pathname}</code>. The link may be out of date, or the
          address mistyped.
        </p>
        <section className="not-found__part" aria-labelledby={searchId}>
          <h2 id={searchId} className="not-found__subtitle">
            Looking for a place to rent?
          </h2>
          <LocationSearch popular={[]} />
        </section>
        <nav className="not-found__part" aria-labelledby={pagesId}>
          <h2 id={pagesId} className="not-found__subtitle">
            Popular pages
          </h2>
          <ul className="not-found__links">
            {POPULAR_PAGES.map((page) => (
              <li key={page.to}>
                <Link to={page.to} className="chip">
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/" className={buttonClass("primary")}>
          Go to Home
        </Link>
      </div>
    </div>
  );
}
