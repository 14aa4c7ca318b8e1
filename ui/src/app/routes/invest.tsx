import { InvestPage } from "@/features/invest/components/invest-page";

/** InvestRoute is /invest, the investor page. */
export function InvestRoute() {
  return <InvestPage />;
}
