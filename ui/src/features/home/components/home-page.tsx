import { LocationSearch } from "@/components/location-search/location-search";
import { SITE } from "@/lib/site";
import { usePageTitle } from "@/lib/use-page-title";
import { FeaturedProperties } from "./featured-properties";
import { HomeResources } from "./home-resources";
import { HomeStats } from "./home-stats";
import { HowItWorks } from "./how-it-works";
import { RecentReviews } from "./recent-reviews";
import { ShareBanner } from "./share-banner";
import { Testimonials } from "./testimonials";
import "../home.css";

/**
 * HomePage is the landing page (SPEC §2 "Home"), its sections in SPEC's order:
 * hero with the location search, statistics, featured properties, how it works,
 * recent reviews, the share banner, housing resources and testimonials.
 */
export function HomePage() {
  usePageTitle();
  return (
    <>
      <section className="hero hero--home" aria-labelledby="home-title">
        <div className="container hero__inner">
          <h1 id="home-title" className="hero__title">
            {SITE.tagline}
          </h1>
          <p className="hero__subtitle">{SITE.subline}</p>
          <LocationSearch className="home-hero__search" />
        </div>
      </section>
      <HomeStats />
      <FeaturedProperties />
      <HowItWorks />
      <RecentReviews />
      <ShareBanner />
      <HomeResources />
      <Testimonials />
    </>
  );
}
