import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { serveDashboardFakes } from "@/features/dashboard/testing";
import { makeProperty } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { at, makeRequest, makeTransaction, serveVerificationFakes, type VerificationFakeOptions } from "@/test/verification";

// The dashboard's Verification Requests after issue 25: the owner's confirmations to accept, every
// status a request can have, and answers that earn nothing.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const tenant = makeUser({ id: 7, username: "dana", firstName: "Dana", role: "tenant" });
const landlord = makeUser({ id: 8, username: "lars_lind", firstName: "Lars", role: "landlord" });
const ADDRESS = "18 Mill Road, Cambridge, CB1 2AD, United Kingdom";

interface Setup extends Partial<Omit<VerificationFakeOptions, "viewer">> {
  viewer?: User;
}

function setup({ viewer = landlord, ...options }: Setup = {}) {
  const fakes = serveVerificationFakes({ viewer: () => viewer, ledgers: { [viewer.id]: [makeTransaction({ amount: 10 })] }, ...options });
  const mine = serveDashboardFakes({});
  const transport = fakeTransport({
    user: viewer,
    extra: (router) => {
      fakes.serve(router);
      mine.serve(router);
    },
  });
  return { ...renderApp({ path: "/dashboard?tab=verification", transport }), ...fakes, user: userEvent.setup() };
}

const toasts = () => within(screen.getByRole("region", { name: /Notifications/, hidden: true }));
const panel = async () => within(await screen.findByRole("region", { name: "Verification Requests" }));
const confirmations = async () => within((await panel()).getByRole("region", { name: "Confirmations to accept" }));

/** A confirmation of Lars's listing that he did not ask for: Dana asked Kenji, who approved. */
const confirmation = () =>
  makeRequest({
    id: 30,
    propertyId: 1,
    propertyTitle: "Flat over the bakery",
    by: [7, "dana"],
    to: [10, "kenji_morita"],
    ownerUsername: "lars_lind",
    status: "confirmed",
    statusReason: "Confirmed. Waiting for the property's owner to accept it, or for an administrator.",
    message: "I rented the flat next door last year.",
    responseMessage: "Seen it: the details are right.",
    address: ADDRESS,
    respondedAt: at("2025-04-06T09:00:00Z"),
  });

describe("the owner's confirmations to accept", () => {
  it("shows each with the property, the address, the confirmer and their message, and who asked with their note", async () => {
    setup({ requests: [confirmation()] });
    const list = within(await (await confirmations()).findByRole("list", { name: "Confirmations to accept" }));
    const item = within(list.getByRole("article", { name: "Flat over the bakery" }));
    expect(item.getByRole("link", { name: "Flat over the bakery" })).toHaveAttribute("href", "/properties/1");
    expect(item.getByText(/^Confirmed by/)).toHaveTextContent("Confirmed by kenji_morita on Apr 06, 2025 · asked by dana");
    expect(item.getByText(ADDRESS)).toBeInTheDocument();
    expect(item.getByText("kenji_morita's message:").parentElement).toHaveTextContent("Seen it: the details are right.");
    expect(item.getByText("dana's note:").parentElement).toHaveTextContent("I rented the flat next door last year.");
    expect(item.getByRole("button", { name: "Accept: Flat over the bakery" })).toBeEnabled();
    expect(item.getByRole("button", { name: "Decline: Flat over the bakery" })).toBeEnabled();
  });

  it("accepts one: the property is verified, SPEC's Property Verified toast, and the list refreshes", async () => {
    const property = makeProperty({ id: 1, title: "Flat over the bakery", landlordId: 8, verified: false });
    const { user, decisions } = setup({ requests: [confirmation()], properties: [property] });
    const section = await confirmations();
    await user.click(await section.findByRole("button", { name: "Accept: Flat over the bakery" }));
    expect(await toasts().findByText("Property Verified")).toBeInTheDocument();
    expect(toasts().getByText("You accepted the confirmation: Flat over the bakery is verified.")).toBeInTheDocument();
    expect(decisions).toEqual([expect.objectContaining({ id: 30, accept: true })]);
    expect(await section.findByText("No confirmations are waiting for you.")).toBeInTheDocument();
    expect(property.verified).toBe(true);
    // The sent and received lists show it approved, accepted by the owner.
    expect(property.verificationProof).toBe("confirmed");
  });

  it("declines one: nothing is verified, Success says so, and the list refreshes", async () => {
    const property = makeProperty({ id: 1, title: "Flat over the bakery", landlordId: 8, verified: false });
    const { user, decisions } = setup({ requests: [confirmation()], properties: [property] });
    const section = await confirmations();
    await user.click(await section.findByRole("button", { name: "Decline: Flat over the bakery" }));
    expect(await toasts().findByText("The confirmation was declined. The property stays unverified.")).toBeInTheDocument();
    expect(toasts().getByText("Success")).toBeInTheDocument();
    expect(decisions).toEqual([expect.objectContaining({ id: 30, accept: false })]);
    expect(await section.findByText("No confirmations are waiting for you.")).toBeInTheDocument();
    expect(property.verified).toBe(false);
  });

  it("says when none is waiting", async () => {
    setup();
    expect(await (await confirmations()).findByText("No confirmations are waiting for you.")).toBeInTheDocument();
  });

  it("shows a failure to load in the server's words, and tries again", async () => {
    const fail: VerificationFakeOptions["fail"] = { listConfirmationsToAccept: new ConnectError("The database is busy.", Code.Unavailable) };
    const { user } = setup({ requests: [confirmation()], fail });
    const section = await confirmations();
    const alert = await section.findByRole("alert");
    expect(alert).toHaveTextContent("The database is busy.");
    delete fail.listConfirmationsToAccept;
    await user.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await section.findByRole("article", { name: "Flat over the bakery" })).toBeInTheDocument();
  });

  it("shows a refused decision in the server's words, and keeps the confirmation", async () => {
    const refusal =
      "This request was closed: the listing's address changed after this request was sent, and its proof was about the old address.";
    const { user } = setup({
      requests: [confirmation()],
      fail: { decideConfirmation: new ConnectError(refusal, Code.FailedPrecondition) },
    });
    const section = await confirmations();
    await user.click(await section.findByRole("button", { name: "Accept: Flat over the bakery" }));
    expect(await toasts().findByText(refusal)).toBeInTheDocument();
    expect(toasts().getByText("Error")).toBeInTheDocument();
    expect(section.getByRole("button", { name: "Accept: Flat over the bakery" })).toBeEnabled();
  });

  it("is not asked for on a tenant's dashboard (a tenant lists nothing)", async () => {
    const { calls } = setup({ viewer: tenant });
    await (await panel()).findByText(/No verification requests received yet/);
    expect(screen.queryByRole("region", { name: "Confirmations to accept" })).not.toBeInTheDocument();
    expect(calls).not.toContain("listConfirmationsToAccept");
  });
});

describe("every status a request can have", () => {
  it("reads clearly in the sent list, with the reason the server gives and the address the proof is about", async () => {
    const sent = (id: number, title: string, overrides: Parameters<typeof makeRequest>[0] = {}) =>
      makeRequest({ id, by: [7, "dana"], to: [10, "kenji_morita"], ownerUsername: "olive", propertyTitle: title, address: ADDRESS, ...overrides });
    const { user } = setup({
      viewer: tenant,
      requests: [
        sent(5, "Confirmed Place", {
          status: "confirmed",
          statusReason: "Confirmed. Waiting for the property's owner to accept it, or for an administrator.",
        }),
        sent(4, "Declined Place", { status: "declined", statusReason: "Declined by the property's owner." }),
        sent(3, "Accepted Place", { status: "approved", statusReason: "Accepted by the property's owner." }),
        sent(2, "Moved Place", {
          status: "closed",
          statusReason: "The listing's address changed after this request was sent, and its proof was about the old address.",
        }),
        sent(1, "Held Place", {
          status: "held",
          statusReason:
            "Approved. Waiting for an administrator: the approver has signed in from a network or device the property's owner or the request's sender used in the last 90 days.",
        }),
      ],
    });
    // A tenant's dashboard opens on what they received; what they sent is under Sent.
    await user.click(await (await panel()).findByRole("tab", { name: "Sent" }));
    const list = within(await (await panel()).findByRole("list", { name: "Sent requests" }));
    const item = (title: string) => within(list.getByRole("article", { name: title }));
    expect(item("Confirmed Place").getByText("Confirmed — waiting for the owner")).toHaveClass("status-badge--confirmed");
    expect(item("Confirmed Place").getByText(/Waiting for the property's owner to accept it/)).toBeInTheDocument();
    expect(item("Declined Place").getByText("Declined")).toHaveClass("status-badge--declined");
    expect(item("Declined Place").getByText("Declined by the property's owner.")).toBeInTheDocument();
    expect(item("Accepted Place").getByText("Approved")).toHaveClass("status-badge--approved");
    expect(item("Accepted Place").getByText("Accepted by the property's owner.")).toBeInTheDocument();
    expect(item("Moved Place").getByText("Closed")).toHaveClass("status-badge--closed");
    expect(item("Moved Place").getByText(/its proof was about the old address/)).toBeInTheDocument();
    expect(item("Held Place").getByText("Held for review")).toHaveClass("status-badge--held");
    expect(item("Moved Place").getByText("For the address:").parentElement).toHaveTextContent(`For the address: ${ADDRESS}`);
    // None of them is pending: no expiry shows.
    expect(list.queryByText(/Expires/)).not.toBeInTheDocument();
  });

  it("never shows an expiry for a request to the administrators, which has none", async () => {
    setup({
      requests: [makeRequest({ id: 9, by: [8, "lars_lind"], to: [0, ""], status: "paid", documentsProvided: false, expiresAt: undefined })],
    });
    const item = within(await (await panel()).findByRole("article", { name: "Sunny Pre-War One-Bedroom in Chelsea" }));
    expect(item.getByText(/^To the administrators/)).toHaveTextContent(/^To the administrators · Apr 05, 2025$/);
  });
});

describe("an answer's toast", () => {
  it("says plainly when an answer earned nothing, after SPEC's words", async () => {
    const property = makeProperty({ id: 1, landlordId: 2, verified: false });
    const { user } = setup({
      viewer: tenant,
      rewardAnswers: false,
      properties: [property],
      requests: [makeRequest({ id: 6, to: [7, "dana"], by: [2, "olive"] })],
    });
    const item = within(await (await panel()).findByRole("article", { name: property.title }));
    await user.click(item.getByRole("button", { name: /^Reject/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Reject Verification Request" }));
    await user.click(await dialog.findByRole("button", { name: "Reject" }));
    expect(await toasts().findByText("Verification request updated successfully.")).toBeInTheDocument();
    expect(toasts().getByText("Success")).toBeInTheDocument();
    expect(
      toasts().getByText(
        "It earned no token or XP: only answers to the owner or to an established member you are not linked to earn, the first 10 a day.",
      ),
    ).toBeInTheDocument();
    const tokens = within(screen.getByRole("region", { name: "Token Balance" }));
    expect(await tokens.findByText("10")).toBeInTheDocument();
  });

  it("adds no such line when the answer earned its token, and says a confirmation waits for the owner", async () => {
    const property = makeProperty({ id: 1, landlordId: 2, verified: false });
    // Kenji asks Dana about Olive's property from its page: Dana's approval is only a confirmation.
    const { user } = setup({
      viewer: tenant,
      properties: [property],
      requests: [makeRequest({ id: 6, to: [7, "dana"], by: [10, "kenji_morita"], ownerUsername: "olive" })],
    });
    const item = within(await (await panel()).findByRole("article", { name: property.title }));
    expect(item.getByText(/^From kenji_morita/)).toHaveTextContent("From kenji_morita (owner: olive)");
    await user.click(item.getByRole("button", { name: /^Approve/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Approve Verification Request" }));
    expect(dialog.getByText(/your confirmation verifies the property once the owner \(or an administrator\) accepts it/)).toBeInTheDocument();
    await user.click(await dialog.findByRole("button", { name: "Approve" }));
    expect(await toasts().findByText("Verification request updated successfully.")).toBeInTheDocument();
    expect(toasts().getByText("The property is verified once its owner accepts your confirmation.")).toBeInTheDocument();
    expect(toasts().queryByText(/earned no token/)).not.toBeInTheDocument();
    expect(await item.findByText("Confirmed — waiting for the owner")).toBeInTheDocument();
    expect(property.verified).toBe(false);
  });
});
