import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PaymentService } from "@/gen/rentproof/payment/v1/payment_pb";
import { makeProperty, servePropertyFakes } from "@/test/properties";
import { paidCheck, type StatusInit } from "@/test/payment";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const owner = makeUser({ id: 2, username: "olive", role: "landlord" });
const flat = makeProperty({ id: 4, title: "Canal Flat", address: "1 Canal St", city: "Leeds", state: "WY", zipCode: "LS1", landlordId: 2, verified: false });
const verifiedFlat = makeProperty({ id: 5, title: "Verified Flat", landlordId: 2, verified: true });
const othersFlat = makeProperty({ id: 6, title: "Other Flat", landlordId: 9, verified: false });

interface PaymentFakes {
  demoMode?: boolean;
  failCreate?: string;
  failComplete?: string;
  /** What GetPaymentStatus answers: no check at all unless told. */
  status?: StatusInit;
}

function setup(path: string, { demoMode = true, failCreate, failComplete, status = {} }: PaymentFakes = {}) {
  const calls: string[] = [];
  const transport = fakeTransport({
    user: owner,
    extra: (router: ConnectRouter) => {
      servePropertyFakes({ properties: [flat, verifiedFlat, othersFlat] })(router);
      router.service(PaymentService, {
        getPaymentConfig: () => ({ demoMode, publishableKey: demoMode ? "" : "pk_test_1", feeCents: 1999, taxCents: 0, currency: "usd" }),
        createDemoPayment(req) {
          calls.push(`create ${req.propertyId}`);
          if (failCreate) throw new ConnectError(failCreate, Code.FailedPrecondition);
          return { mockPaymentIntent: { id: "demo_pi_1" }, requestId: 11 };
        },
        getPaymentStatus(req) {
          calls.push(`status ${req.propertyId}`);
          return status;
        },
        createPayment(req) {
          calls.push(`card ${req.propertyId}`);
          throw new ConnectError("Stripe is not reachable from tests", Code.Unavailable);
        },
        completeDemoPayment(req) {
          calls.push(`complete ${req.propertyId} ${req.paymentIntentId}`);
          if (failComplete) throw new ConnectError(failComplete, Code.NotFound);
          return { success: true, requestId: 11, status: "paid" };
        },
      });
    },
  });
  return { ...renderApp({ path, transport }), calls, user: userEvent.setup() };
}

describe("VerificationPaymentPage", () => {
  it("shows the property, the summary, the benefits and demo mode's simulation with its 5-second notice", async () => {
    setup("/verification-payment/4");
    expect(await screen.findByRole("heading", { level: 1, name: "Verification Payment" })).toBeInTheDocument();
    const details = await screen.findByRole("region", { name: "Property Details" });
    expect(details).toHaveTextContent("Canal Flat");
    expect(details).toHaveTextContent("1 Canal St");
    expect(details).toHaveTextContent("Leeds, WY LS1");
    const summary = screen.getByRole("region", { name: "Payment Summary" });
    expect(summary).toHaveTextContent("Verification Fee$19.99");
    expect(summary).toHaveTextContent("Tax$0.00");
    expect(summary).toHaveTextContent("Total$19.99");
    expect(within(screen.getByRole("region", { name: "Benefits of Verification" })).getAllByRole("listitem")).toHaveLength(4);
    expect(screen.getByRole("note")).toHaveTextContent("Demo Mode");
    expect(screen.getByRole("button", { name: "Simulate Payment ($19.99)" })).toBeEnabled();
    expect(await screen.findByText(/Card payment is disabled in development/)).toBeInTheDocument();
  });

  it("pays in demo mode, then goes to the success screen with mock=true", async () => {
    const { user, router, calls } = setup("/verification-payment/4");
    await user.click(await screen.findByRole("button", { name: "Simulate Payment ($19.99)" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/verification-success/4"));
    expect(router.state.location.search).toBe("?mock=true&propertyId=4");
    expect(calls.filter((c) => !c.startsWith("status"))).toEqual(["create 4", "complete 4 demo_pi_1"]);
  });

  it("says which step failed, in SPEC's words, with the server's reason", async () => {
    const { user, router } = setup("/verification-payment/4", { failCreate: "This property is already verified." });
    await user.click(await screen.findByRole("button", { name: "Simulate Payment ($19.99)" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to process mock payment: This property is already verified.");
    expect(router.state.location.pathname).toBe("/verification-payment/4");
  });

  it("says when the completion fails", async () => {
    const { user } = setup("/verification-payment/4", { failComplete: "nope" });
    await user.click(await screen.findByRole("button", { name: "Simulate Payment ($19.99)" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to complete mock verification: nope");
  });

  it.each([
    ["/verification-payment/x", "Missing Property Information", "Back to Dashboard"],
    ["/verification-payment/404", "Property Not Found", "Return to Dashboard"],
    ["/verification-payment/5", "Property Already Verified", "Back to Property"],
    ["/verification-payment/6", "Permission Denied", "Back to Property"],
  ])("%s shows %s", async (path, title, link) => {
    setup(path);
    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: link })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Simulate Payment/ })).not.toBeInTheDocument();
  });

  it("offers the card form, not the simulation, when card payments are configured (card-payment.test.tsx covers the form)", async () => {
    const { calls } = setup("/verification-payment/4", { demoMode: false });
    expect(await screen.findByRole("region", { name: "Payment Summary" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Simulate Payment/ })).not.toBeInTheDocument();
    expect(await screen.findByRole("alert")).toHaveTextContent("The card payment could not start: Stripe is not reachable from tests");
    expect(calls).toContain("card 4");
  });

  it.each([
    ["demo", true],
    ["card", false],
  ])("%s mode: a paid listing says it is paid and waits for an administrator, and offers no payment", async (_, demoMode) => {
    const { calls } = setup("/verification-payment/4", { demoMode, status: paidCheck("paid", { paymentStatus: "succeeded" }) });
    const card = await screen.findByRole("region", { name: "Verification Check Paid" });
    expect(card).toHaveTextContent("Your property waits for an administrator's check");
    expect(card).toHaveTextContent("If the administrator rejects it, your $19.99 is refunded.");
    expect(within(card).getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.queryByRole("button", { name: /Simulate Payment|Pay \$19.99/ })).not.toBeInTheDocument();
    // Nothing is opened or charged: the page never asks for a payment.
    expect(calls.filter((c) => !c.startsWith("status"))).toEqual([]);
  });

  it("a payment still processing is not offered again", async () => {
    const { calls } = setup("/verification-payment/4", { demoMode: false, status: paidCheck("pending", { paymentStatus: "processing" }) });
    const card = await screen.findByRole("region", { name: "Payment Processing" });
    expect(card).toHaveTextContent("Your bank is still confirming your payment.");
    expect(calls).not.toContain("card 4");
  });

  it("a listing verified meanwhile (the status says so) says it is verified", async () => {
    setup("/verification-payment/4", { status: paidCheck("closed", { statusReason: "The property was verified through another request." }, true) });
    expect(await screen.findByRole("heading", { name: "Property Already Verified" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Simulate Payment/ })).not.toBeInTheDocument();
  });

  it("after a failed attempt, says why and offers to pay again", async () => {
    const { calls } = setup("/verification-payment/4", {
      demoMode: false,
      status: paidCheck("pending", { paymentStatus: "failed", paymentError: "Your card was declined." }),
    });
    const payment = await screen.findByRole("region", { name: "Payment" });
    expect(payment).toHaveTextContent("Payment Failed: your last payment did not go through. Your card was declined. You can try again below.");
    await waitFor(() => expect(calls).toContain("card 4"));
  });

  it("after a failed attempt without Stripe's reason, says SPEC's default", async () => {
    setup("/verification-payment/4", { demoMode: false, status: paidCheck("pending", { paymentStatus: "failed" }) });
    expect(await screen.findByRole("region", { name: "Payment" })).toHaveTextContent(
      "Payment Failed: your last payment did not go through. An error occurred during payment processing.",
    );
  });

  it("after a rejected and refunded check, offers to pay again", async () => {
    setup("/verification-payment/4", {
      status: paidCheck("rejected", { paymentStatus: "succeeded", responseMessage: "Upload the deed.", refundStatus: "refunded", refundAmountCents: 1999 }),
    });
    expect(await screen.findByRole("button", { name: "Simulate Payment ($19.99)" })).toBeEnabled();
  });
});
