import { AlertCircle } from "lucide-react";
import { Link, useLocation } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";
import { usePageTitle } from "@/lib/use-page-title";

/** NotFoundRoute is the catch-all screen (SPEC §2). */
export function NotFoundRoute() {
  usePageTitle("Page Not Found");
  const { pathname } = useLocation();
  return (
    <div className="container section not-found">
      <div className="not-found__card">
        <AlertCircle className="not-found__icon" aria-hidden="true" size={48} />
        <h1>404 Page Not Found</h1>
        <p>
          Did you forget to add the page to the router? No route matches{" "}
          <code className="not-found__path">{pathname}</code>.
        </p>
        <Link to="/" className={buttonClass("primary")}>
          Go to Home
        </Link>
      </div>
    </div>
  );
}
