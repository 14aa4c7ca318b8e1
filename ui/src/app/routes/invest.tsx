import { PlaceholderPage } from "./placeholder-page";

/** InvestRoute is /invest: replaced by the page itself in issue 17's work. */
export function InvestRoute() {
  return <PlaceholderPage title="Invest in RentProof" />;
}
