import { PlaceholderPage } from "./placeholder-page";

/** FaqRoute is /faq: replaced by the page itself in issue 17's work. */
export function FaqRoute() {
  return <PlaceholderPage title="Frequently Asked Questions" />;
}
