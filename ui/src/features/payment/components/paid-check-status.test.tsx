import type { ConnectRouter } from "@connectrpc/connect";
import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PaymentService } from "@/gen/rentproof/payment/v1/payment_pb";
import { gate } from "@/test/gate";
import { paidCheck, type StatusInit } from "@/test/payment";
import { makeProperty, servePropertyFakes } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const owner = makeUser({ id: 2, username: "olive", role: "landlord" });
const flat = makeProperty({ id: 4, title: "Canal Flat", landlordId: 2, verified: false });
const CARD_RETURN = "/verification-success/4?payment=card&propertyId=4&payment_intent=pi_1&redirect_status=succeeded";

/** setup serves GetPaymentStatus from status(), asked afresh on every call. */
function setup(path: string, status: () => StatusInit, hold?: () => Promise<void>) {
  const asked: number[] = [];
  let intentId = "";
  const transport = fakeTransport({
    user: owner,
    extra: (router: ConnectRouter) => {
      servePropertyFakes({ properties: [flat] })(router);
      router.service(PaymentService, {
        getPaymentConfig: () => ({ demoMode: true, feeCents: 1999, taxCents: 0, currency: "usd" }),
        async getPaymentStatus(req) {
          asked.push(req.propertyId);
          await hold?.();
          return status();
        },
        createDemoPayment: () => ({ mockPaymentIntent: { id: (intentId = "demo_pi_1") }, requestId: 11 }),
        completeDemoPayment: () => ({ success: intentId !== "", requestId: 11, status: "paid" }),
      });
    },
  });
  return { ...renderApp({ path, transport }), asked, user: userEvent.setup() };
}

const card = (name: string) => screen.findByRole("region", { name });

describe("the success page after a paid check shows what the server says of the payment", () => {
  it.each<[string, StatusInit, string, string[], string?]>([
    [
      "succeeded: paid, waiting for an administrator",
      paidCheck("paid", { paymentStatus: "succeeded" }),
      "Your payment is received",
      ["Your property waits for an administrator's check", "If the administrator rejects it, your $19.99 is refunded."],
    ],
    [
      "failed, with Stripe's reason and a way to try again",
      paidCheck("pending", { paymentStatus: "failed", paymentError: "Your card was declined." }),
      "Payment Failed",
      ["Your card was declined.", "You can try again with the same or another card."],
      "Try Again",
    ],
    [
      "failed without a reason: SPEC's inline default",
      paidCheck("pending", { paymentStatus: "failed" }),
      "Payment Failed",
      ["An error occurred during payment processing."],
      "Try Again",
    ],
    [
      "not paid yet (3-D Secure left unfinished)",
      paidCheck("pending"),
      "Payment Not Received",
      ["Your payment has not gone through yet, so no administrator is checking your property."],
      "Go to Payment",
    ],
    [
      "closed: verified another way, the refund on its way",
      paidCheck(
        "closed",
        { paymentStatus: "succeeded", statusReason: "The property was verified through another request.", refundStatus: "requested", refundAmountCents: 1999 },
        true,
      ),
      "Check Closed",
      ["The property was verified through another request.", "Your refund of $19.99 is on its way.", "Your property shows the Verified badge."],
    ],
    [
      "closed and refunded",
      paidCheck(
        "closed",
        { paymentStatus: "succeeded", statusReason: "The property was verified through another request.", refundStatus: "refunded", refundAmountCents: 1999 },
        true,
      ),
      "Check Closed",
      ["Your $19.99 was refunded."],
    ],
    [
      "rejected by an administrator and refunded",
      paidCheck("rejected", { paymentStatus: "succeeded", responseMessage: "Please upload the deed.", refundStatus: "refunded", refundAmountCents: 1999 }),
      "Check Rejected",
      ["An administrator rejected your verification check: Please upload the deed.", "Your $19.99 was refunded."],
    ],
    [
      "approved by an administrator",
      paidCheck("approved", { paymentStatus: "succeeded" }, true),
      "Check Approved",
      ["An administrator approved your verification check.", "Your property shows the Verified badge."],
    ],
    ["no check at all", {}, "No Payment Found", ["There is no verification check for this property yet."], "Go to Payment"],
  ])("%s", async (_, status, title, lines, link) => {
    const { asked } = setup(CARD_RETURN, () => status);
    const region = await card(title);
    for (const line of lines) expect(region).toHaveTextContent(line);
    if (link) expect(within(region).getByRole("link", { name: link })).toHaveAttribute("href", "/verification-payment/4");
    else expect(within(region).queryByRole("link")).not.toBeInTheDocument();
    expect(asked).toContain(4);
    // It claims nothing the server did not say, and shows no date (a paid check never expires).
    if (title !== "Your payment is received") expect(screen.queryByText(/Your payment is received/)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/until|21\d\d/);
  });

  it("follows a payment the bank is still processing until it is received", async () => {
    let status = paidCheck("pending", { paymentStatus: "processing" });
    const { asked } = setup(CARD_RETURN, () => status);
    expect(await card("Payment Processing")).toHaveTextContent("This page checks again every few seconds.");
    status = paidCheck("paid", { paymentStatus: "succeeded" });
    expect(await screen.findByRole("region", { name: "Your payment is received" }, { timeout: 8_000 })).toBeInTheDocument();
    expect(asked.length).toBeGreaterThanOrEqual(2);
  }, 20_000);

  it("follows a rejected check's refund from on its way to refunded", async () => {
    const rejected = { responseMessage: "The photos do not match.", refundAmountCents: 1999 };
    let status = paidCheck("rejected", { ...rejected, refundStatus: "requested" });
    setup(CARD_RETURN, () => status);
    expect(await card("Check Rejected")).toHaveTextContent("Your refund of $19.99 is on its way.");
    status = paidCheck("rejected", { ...rejected, refundStatus: "refunded" });
    expect(await screen.findByText("Your $19.99 was refunded.", {}, { timeout: 8_000 })).toBeInTheDocument();
  }, 20_000);

  it("says it is checking while it asks, and frames the page as where the check stands", async () => {
    const held = gate();
    setup("/verification-success/4?mock=true&propertyId=4", () => paidCheck("paid", { paymentStatus: "succeeded" }), held.hold);
    expect(await screen.findByText("Checking your payment...")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Verification Requests Sent" })).toBeInTheDocument();
    expect(screen.getByText("Where your verification check and its payment stand, and what happens next.")).toBeInTheDocument();
    const steps = within(screen.getByRole("region", { name: "What happens next" })).getAllByRole("listitem");
    expect(steps.map((s) => within(s).getByRole("heading").textContent)).toEqual([
      "An administrator checks your property",
      "They approve or reject it",
      "Your property gets the Verified badge",
      "More renters see and trust it",
    ]);
    expect(steps[0]).toHaveTextContent("Once your payment is received, an administrator checks");
    held.release();
    expect(await card("Your payment is received")).toBeInTheDocument();
  });

  it("after paying, never shows the answer the payment page had read before", async () => {
    let status: StatusInit = paidCheck("pending");
    const { user, router } = setup("/verification-payment/4", () => status);
    const pay = await screen.findByRole("button", { name: "Simulate Payment ($19.99)" });
    status = paidCheck("paid", { paymentStatus: "succeeded" });
    await user.click(pay);
    expect(await card("Your payment is received")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/verification-success/4");
    expect(screen.queryByText("Payment Not Received")).not.toBeInTheDocument();
  });
});
