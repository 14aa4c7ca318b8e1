import { PlaceholderPage } from "./placeholder-page";

/** AboutRoute is /about: replaced by the page itself in issue 17's work. */
export function AboutRoute() {
  return <PlaceholderPage title="About Us" />;
}
