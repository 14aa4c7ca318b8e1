import { useLocation } from "react-router-dom";

/**
 * PageSkeleton fills the page area while a screen's code loads on the first visit: the home
 * page's hero or a content page's header band, at their real sizes, so nothing below them
 * moves when the screen arrives.
 */
export function PageSkeleton() {
  const { pathname } = useLocation();
  if (pathname === "/") {
    return (
      <section className="hero hero--home" role="status" aria-label="Loading page">
        <div className="container hero__inner page-skeleton__hero">
          <span className="skeleton page-skeleton__title" />
          <span className="skeleton page-skeleton__subtitle" />
          <span className="skeleton page-skeleton__search" />
        </div>
      </section>
    );
  }
  return (
    <div className="page-header" role="status" aria-label="Loading page">
      <div className="container">
        <span className="skeleton skeleton--line page-skeleton__crumbs" />
        <span className="skeleton page-skeleton__heading" />
      </div>
    </div>
  );
}
