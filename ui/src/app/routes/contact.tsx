import { PlaceholderPage } from "./placeholder-page";

/** ContactRoute is /contact: replaced by the page itself in issue 17's work. */
export function ContactRoute() {
  return <PlaceholderPage title="Contact Us" />;
}
