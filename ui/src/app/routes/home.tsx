import { BookOpen, Search } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";
import { SITE } from "@/lib/site";
import { usePageTitle } from "@/lib/use-page-title";

/**
 * HomeRoute is the landing page. For now it carries the hero only; the search box,
 * statistics, featured properties, reviews and resources sections come with the
 * home-page work.
 */
export function HomeRoute() {
  usePageTitle();
  return (
    <section className="hero hero--home" aria-labelledby="home-title">
      <div className="container hero__inner">
        <h1 id="home-title" className="hero__title">
          {SITE.tagline}
        </h1>
        <p className="hero__subtitle">{SITE.subline}</p>
        <div className="hero__actions">
          <Link to="/find-properties" className={buttonClass("primary", "lg")}>
            <Search aria-hidden="true" size={18} /> Find Properties
          </Link>
          <Link to="/resources" className={buttonClass("secondary", "lg")}>
            <BookOpen aria-hidden="true" size={18} /> Explore Resources
          </Link>
        </div>
      </div>
    </section>
  );
}
