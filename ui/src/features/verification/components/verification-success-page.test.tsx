import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { at, makeRequest, makeTransaction, serveVerificationFakes } from "@/test/verification";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const owner = makeUser({ id: 2, username: "olive", role: "landlord" });

function setup(path = "/verification-success/1") {
  const fakes = serveVerificationFakes({
    viewer: () => owner,
    requests: [
      makeRequest({ id: 3, propertyId: 1, to: [8, "lars_lind"], expiresAt: at("2025-05-05T10:00:00Z") }),
      makeRequest({ id: 2, propertyId: 1, to: [9, "laura_banks"], status: "rejected" }),
      makeRequest({ id: 1, propertyId: 4, to: [10, "kenji_morita"] }),
      // Addressed to nobody, never expiring (stored 100 years ahead): a paid check and a documents request.
      makeRequest({ id: 4, propertyId: 1, to: [0, ""], expiresAt: at("2126-11-26T10:00:00Z") }),
      makeRequest({ id: 5, propertyId: 1, to: [0, ""], documentsProvided: true, expiresAt: undefined }),
      // A request to a person that never expires (the API leaves expiresAt unset).
      makeRequest({ id: 6, propertyId: 1, to: [11, "lana_agent"], expiresAt: undefined }),
    ],
    ledgers: { 2: [makeTransaction()] },
  });
  const transport = fakeTransport({ user: owner, extra: fakes.serve });
  return { ...renderApp({ path, transport }), ...fakes, user: userEvent.setup() };
}

describe("VerificationSuccessPage", () => {
  it("says the requests were sent, why verification matters and the four steps of this path", async () => {
    setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Verification Requests Sent" })).toBeInTheDocument();
    expect(document.title).toBe("Verification Requests Sent | RentProof");
    expect(screen.getByRole("heading", { name: "Why verification matters" })).toBeInTheDocument();
    const steps = within(screen.getByRole("region", { name: "What happens next" })).getAllByRole("listitem");
    expect(steps.map((s) => within(s).getByRole("heading").textContent)).toEqual([
      "Your verifiers receive the request",
      "They approve or reject it",
      "Your property gets the Verified badge",
      "More renters see and trust it",
    ]);
  });

  it("lists the pending requests to people about this property, to whom and until when, and no date a century away", async () => {
    setup();
    const waiting = await screen.findByRole("region", { name: "Waiting for an answer" });
    const items = within(waiting).getAllByRole("listitem");
    expect(items.map((i) => i.textContent)).toEqual(["lars_lindPendinguntil May 05, 2025", "lana_agentPending"]);
    expect(document.body).not.toHaveTextContent("2126");
  });

  it("links back to the property and to the dashboard", async () => {
    const { user, router } = setup();
    expect(await screen.findByRole("link", { name: "Back to Property" })).toHaveAttribute("href", "/properties/1");
    await user.click(screen.getByRole("link", { name: "Go to Dashboard" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("refreshes the token balance and transactions", async () => {
    const { user, router, calls } = setup("/dashboard");
    expect(await screen.findByText("Welcome tokens for joining RentProof")).toBeInTheDocument();
    const fetched = () => calls.filter((c) => c === "getBalance" || c === "listTransactions").length;
    expect(fetched()).toBe(2);
    await router.navigate("/verification-success/1");
    await user.click(await screen.findByRole("link", { name: "Go to Dashboard" }));
    expect(await screen.findByText("Welcome tokens for joining RentProof")).toBeInTheDocument();
    await waitFor(() => expect(fetched()).toBe(4));
  });
});
