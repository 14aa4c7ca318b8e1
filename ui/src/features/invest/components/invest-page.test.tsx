import { Code, ConnectError } from "@connectrpc/connect";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { StatisticsService } from "@/gen/rentproof/statistics/v1/statistics_pb";
import { fakeTransport, renderApp } from "@/test/render";
import { formatPercent } from "./platform-stats";

const FIGURES = {
  activeUsers: 1234,
  totalProperties: 56789,
  uniqueCountries: 12,
  monthlyGrowth: 8.25,
  totalVerifiedProperties: 4321,
  totalReviews: 98765,
  averageRating: 4.26,
  retentionRate: 61.04,
};

function setup(getStatistics: () => typeof FIGURES) {
  const transport = fakeTransport({ extra: (router) => router.service(StatisticsService, { getStatistics }) });
  return renderApp({ path: "/invest", transport });
}

describe("InvestPage", () => {
  it("states the round, the use of funds and the notice that it is not an offer", async () => {
    setup(() => FIGURES);
    expect(await screen.findByRole("heading", { level: 1, name: "Invest in RentProof" })).toBeInTheDocument();
    expect(document.title).toBe("Invest in RentProof | RentProof");
    const round = screen.getByRole("region", { name: "The seed round" });
    expect(round).toHaveTextContent("Raising$1M USD");
    expect(round).toHaveTextContent("Minimum investment$50,000");
    expect(round).toHaveTextContent("InstrumentSAFESimple Agreement for Future Equity");
    const funds = screen.getByRole("region", { name: "Use of funds" });
    expect(within(funds).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Product development",
      "Marketing and growth",
      "Operations",
    ]);
    expect(funds).toHaveTextContent("60% $600,000");
    expect(funds).toHaveTextContent("25% $250,000");
    expect(funds).toHaveTextContent("15% $150,000");
    expect(screen.getByRole("complementary", { name: "This page is not an offer of securities" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "The founder" })).toHaveTextContent("solo entrepreneur");
    expect(screen.getByRole("link", { name: "Contact the founder" })).toHaveAttribute(
      "href",
      "mailto:invest@rentproof.com?subject=RentProof%20seed%20round",
    );
  });

  it("shows the live figures from StatisticsService", async () => {
    setup(() => FIGURES);
    const stats = screen.getByRole("region", { name: "RentProof today" });
    expect(await within(stats).findByText("56,789")).toBeInTheDocument();
    for (const text of ["Active listings56,789", "Verified listings4,321", "Reviews98,765", "Average rating4.3 / 5", "Countries12", "Active users1,234", "Listing growth+8.3%", "Retention61.0%"]) {
      expect(stats).toHaveTextContent(text);
    }
  });

  it("offers a retry when the figures cannot load", async () => {
    let fail = true;
    setup(() => {
      if (fail) throw new ConnectError("down", Code.Unavailable);
      return FIGURES;
    });
    const retry = await screen.findByRole("button", { name: "Try Again" });
    expect(screen.getByRole("heading", { name: "Figures unavailable" })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText("56,789")).toBeInTheDocument();
  });
});

describe("formatPercent", () => {
  it("writes one decimal, signed when asked", () => {
    expect(formatPercent(12.34, true)).toBe("+12.3%");
    expect(formatPercent(-4, true)).toBe("-4.0%");
    expect(formatPercent(0, true)).toBe("0.0%");
    expect(formatPercent(61.04)).toBe("61.0%");
  });
});
