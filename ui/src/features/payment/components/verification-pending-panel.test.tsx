import { type ConnectRouter } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PaymentService } from "@/gen/rentproof/payment/v1/payment_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const owner = makeUser({ id: 2, username: "olive", role: "landlord" });

function setup(properties: { propertyId: number; title: string; checkStatus: string }[], user = owner) {
  const transport = fakeTransport({
    user,
    extra: (router: ConnectRouter) => {
      router.service(PaymentService, {
        listPendingVerifications: () => ({
          properties: properties.map((p) => ({ ...p, address: "1 Canal St", city: "Leeds", monthlyRent: 900, currency: "USD" })),
        }),
      });
    },
  });
  return { ...renderApp({ path: "/dashboard?tab=pending", transport }), user: userEvent.setup() };
}

describe("VerificationPendingPanel", () => {
  it("lists the unverified listings with the fee and Verify Now to the payment screen", async () => {
    const { user, router } = setup([
      { propertyId: 4, title: "Canal Flat", checkStatus: "" },
      { propertyId: 5, title: "Paid Flat", checkStatus: "paid" },
    ]);
    const panel = await screen.findByRole("region", { name: "Verification Pending" });
    expect(await within(panel).findByText("Canal Flat")).toBeInTheDocument();
    expect(panel).toHaveTextContent("Verification Fee $19.99");
    expect(within(panel).getByText("Paid: waiting for an administrator")).toBeInTheDocument();
    expect(within(panel).getAllByRole("link", { name: /^Verify Now/ })).toHaveLength(1);
    await user.click(within(panel).getByRole("link", { name: "Verify Now: Canal Flat" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/verification-payment/4"));
  });

  it("says All Properties Verified when none is left", async () => {
    setup([]);
    const panel = await screen.findByRole("region", { name: "Verification Pending" });
    expect(await within(panel).findByRole("heading", { name: "All Properties Verified" })).toBeInTheDocument();
  });

  it("is not on a tenant's dashboard", async () => {
    setup([], makeUser({ id: 3, role: "tenant" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Verification Pending" })).not.toBeInTheDocument();
  });
});
