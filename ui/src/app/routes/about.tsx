import { AboutPage } from "@/features/content/components/about-page";

/** AboutRoute is /about (anchor #careers). */
export function AboutRoute() {
  return <AboutPage />;
}
