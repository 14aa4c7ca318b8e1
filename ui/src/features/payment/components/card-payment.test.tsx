import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import type { Stripe } from "@stripe/stripe-js";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PaymentService } from "@/gen/rentproof/payment/v1/payment_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import CardPayment from "./card-payment";

vi.setConfig({ testTimeout: 30_000 });

/** What Stripe's confirmPayment answers: an error, or the PaymentIntent as it now stands. */
interface Confirmed {
  error?: { message?: string };
  paymentIntent?: { id: string; status: string; last_payment_error?: { message?: string } | null };
}
type Confirm = (options: { confirmParams: { return_url: string }; redirect: string }) => Promise<Confirmed>;

const intent = (status: string, reason?: string): Confirmed => ({
  paymentIntent: { id: "pi_1", status, last_payment_error: reason === undefined ? null : { message: reason } },
});

/**
 * stubStripe stands in for Stripe.js (which cannot be reached from tests): enough of it for
 * Elements and the Payment Element to mount, and confirmPayment answering as told.
 */
function stubStripe(confirm: Confirm) {
  const element = { mount: vi.fn(), destroy: vi.fn(), unmount: vi.fn(), on: vi.fn(), off: vi.fn(), update: vi.fn() };
  const elements = { create: vi.fn(() => element), getElement: vi.fn(() => element), update: vi.fn(), fetchUpdates: vi.fn() };
  const stripe = {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmPayment: vi.fn(confirm),
  };
  return { stripe, elements, element };
}

function setup(confirm: Confirm, { failCreate = "" } = {}) {
  const created: number[] = [];
  const { stripe, elements, element } = stubStripe(confirm);
  const loadStripe = vi.fn(async () => stripe as unknown as Stripe);
  const transport = fakeTransport({
    user: makeUser({ id: 2, role: "landlord" }),
    extra: (router: ConnectRouter) =>
      router.service(PaymentService, {
        createPayment(req) {
          created.push(req.propertyId);
          if (failCreate) throw new ConnectError(failCreate, Code.PermissionDenied);
          return { requestId: 11, paymentIntentId: "pi_1", clientSecret: "pi_1_secret_2", amountCents: 1999, currency: "usd" };
        },
      }),
  });
  const routes = [
    { path: "/verification-payment/:id", element: <CardPayment propertyId={4} publishableKey="pk_test_1" loadStripe={loadStripe} /> },
    { path: "/verification-success/:propertyId", element: <h1>Success</h1> },
  ];
  const rendered = renderApp({ path: "/verification-payment/4", transport, routes });
  return { ...rendered, created, stripe, elements, element, loadStripe, user: userEvent.setup() };
}

const toasts = () => within(screen.getByRole("region", { name: /Notifications/ }));

describe("CardPayment", () => {
  it("makes the payment intent, mounts Stripe's Payment Element with its secret, and on success opens the success page", async () => {
    const { user, created, stripe, elements, element, loadStripe, router } = setup(async () => intent("succeeded"));
    const pay = await screen.findByRole("button", { name: "Pay $19.99" });
    expect(created).toContain(4);
    expect(loadStripe).toHaveBeenCalledWith("pk_test_1");
    expect(stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: "pi_1_secret_2" }));
    // Stripe's React bindings create and mount the element in an effect that may run after the button paints.
    await waitFor(() => expect(elements.create).toHaveBeenCalledWith("payment", expect.anything()));
    await waitFor(() => expect(element.mount).toHaveBeenCalled());

    await user.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe("/verification-success/4"));
    expect(router.state.location.search).toBe("?payment=card&propertyId=4");
    const [options] = stripe.confirmPayment.mock.calls[0] ?? [];
    expect(options?.redirect).toBe("if_required");
    expect(options?.confirmParams.return_url).toBe(`${window.location.origin}/verification-success/4?payment=card&propertyId=4`);
  });

  it("opens the success page for a payment the bank is still processing (the page follows it)", async () => {
    const { user, router } = setup(async () => intent("processing"));
    await user.click(await screen.findByRole("button", { name: "Pay $19.99" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/verification-success/4"));
  });

  it("says Processing... while Stripe confirms, and stays with Stripe's reason when the card is declined", async () => {
    let decline = (_: Confirmed) => {};
    const { user, router } = setup(() => new Promise((resolve) => (decline = resolve)));
    await user.click(await screen.findByRole("button", { name: "Pay $19.99" }));
    expect(await screen.findByRole("button", { name: "Processing..." })).toBeDisabled();
    decline({ error: { message: "Your card was declined." } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Your card was declined.");
    expect(await toasts().findByText("Payment Failed")).toBeInTheDocument();
    expect(toasts().getByText("Your card was declined.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay $19.99" })).toBeEnabled();
    expect(router.state.location.pathname).toBe("/verification-payment/4");
  });

  it("uses SPEC's defaults when Stripe gives no reason", async () => {
    const { user, router } = setup(async () => ({ error: {} }));
    await user.click(await screen.findByRole("button", { name: "Pay $19.99" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("An error occurred during payment processing.");
    expect(await toasts().findByText("Payment Failed")).toBeInTheDocument();
    expect(toasts().getByText("An error occurred during payment.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/verification-payment/4");
  });

  it.each([
    ["requires_payment_method", "Your card has insufficient funds.", "Your card has insufficient funds.", "Your card has insufficient funds."],
    ["requires_payment_method", undefined, "An error occurred during payment.", "An error occurred during payment processing."],
    ["canceled", undefined, "An error occurred during payment.", "An error occurred during payment processing."],
  ])("stays on a PaymentIntent that is %s (Stripe's reason: %s): it is not paid", async (status, reason, toastText, inline) => {
    const { user, router } = setup(async () => intent(status, reason));
    await user.click(await screen.findByRole("button", { name: "Pay $19.99" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(inline);
    expect(await toasts().findByText("Payment Failed")).toBeInTheDocument();
    expect(toasts().getByText(toastText)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/verification-payment/4");
  });

  it.each([
    [new Error("Stripe.js could not reach Stripe."), "Stripe.js could not reach Stripe."],
    [undefined, "An unexpected error occurred."],
  ])("says Payment Error when confirming throws (%s)", async (thrown, text) => {
    const { user, router } = setup(() => Promise.reject(thrown));
    await user.click(await screen.findByRole("button", { name: "Pay $19.99" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(text);
    expect(await toasts().findByText("Payment Error")).toBeInTheDocument();
    expect(toasts().getByText(text)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay $19.99" })).toBeEnabled();
    expect(router.state.location.pathname).toBe("/verification-payment/4");
  });

  it("says why when the server refuses to start the payment", async () => {
    setup(async () => intent("succeeded"), { failCreate: "You can only pay for verification of properties that you own." });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The card payment could not start: You can only pay for verification of properties that you own.",
    );
    expect(screen.queryByRole("button", { name: "Pay $19.99" })).not.toBeInTheDocument();
  });
});
