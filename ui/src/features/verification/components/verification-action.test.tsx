import { Code, ConnectError } from "@connectrpc/connect";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { gate } from "@/test/gate";
import { makeProperty, servePropertyFakes } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { makeVerifier, serveVerificationFakes, type VerificationFakeOptions } from "@/test/verification";

// These tests drive the whole property page through fake services; give them room on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const tenant = makeUser({ id: 7, username: "dana", role: "tenant" });
const owner = makeUser({ id: 2, username: "olive", firstName: "Olive", lastName: "Owner", role: "landlord" });
const LANDLORDS = [makeVerifier(8, "lars_lind"), makeVerifier(9, "laura_banks"), makeVerifier(10, "kenji_morita")];

interface Setup extends Partial<Omit<VerificationFakeOptions, "viewer">> {
  viewer?: User;
  property?: Property;
}

function setup({ viewer, property = makeProperty({ id: 1, landlordId: 2, verified: false }), ...options }: Setup = {}) {
  const fakes = serveVerificationFakes({ verifiers: LANDLORDS, properties: [property], viewer: () => viewer, ...options });
  const transport = fakeTransport({
    user: viewer,
    extra: (router) => {
      servePropertyFakes({ properties: [property], reviews: [] })(router);
      fakes.serve(router);
    },
  });
  return { ...renderApp({ path: "/properties/1", transport }), ...fakes, user: userEvent.setup() };
}

const TITLE = makeProperty().title;
const header = async () => (await screen.findByRole("heading", { level: 1, name: TITLE })).closest("header")!;
const toasts = () => within(screen.getByRole("region", { name: /Notifications/, hidden: true }));
const dialog = () => screen.findByRole("dialog", { name: "Request Verification" });
/** openDialog opens the verification dialog and waits for its form. */
async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await within(await header()).findByRole("button", { name: "Verify Property" }));
  return within(await dialog()).findByRole("form", { name: "Request Verification" });
}

describe("the property page's verification button", () => {
  it("asks a visitor to log in, and brings them back", async () => {
    const { user, router } = setup();
    const link = await within(await header()).findByRole("link", { name: "Login to Verify" });
    expect(link).toHaveAttribute("href", "/auth");
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.state).toEqual({ from: expect.objectContaining({ pathname: "/properties/1" }) });
  });

  it.each([
    ["confirmed", 2, "Confirmed by 2 people"],
    ["confirmed", 1, "Confirmed by 1 person"],
    ["documents", 0, "Ownership documents checked"],
    ["paid_check", 0, "Checked by RentProof"],
  ])("says Already Verified, disabled, with the proof %s (%i) beside the badge", async (proof, n, label) => {
    setup({
      viewer: tenant,
      property: makeProperty({ id: 1, verified: true, verificationProof: proof, verificationConfirmations: n }),
    });
    const h = await header();
    expect(await within(h).findByRole("button", { name: "Already Verified" })).toBeDisabled();
    expect(within(h).getByText("Verified")).toBeInTheDocument();
    expect(within(h).getByText(label)).toHaveClass("badge--proof");
  });

  it("shows no proof for a verified property without one (older data)", async () => {
    setup({ property: makeProperty({ id: 1, verified: true }) });
    const h = await header();
    expect(await within(h).findByRole("button", { name: "Already Verified" })).toBeDisabled();
    expect(h.querySelector(".badge--proof")).toBeNull();
  });

  it("takes the owner to the verification request screen", async () => {
    const { user, router } = setup({ viewer: owner });
    const link = await within(await header()).findByRole("link", { name: "Request Verification" });
    expect(link).toHaveAttribute("href", "/verification-request/1");
    expect(within(await header()).queryByRole("button", { name: "Verify Property" })).not.toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/verification-request/1"));
  });

  it("lets anyone else ask a landlord, with notes, and says the request was submitted", async () => {
    const { user, created } = setup({ viewer: tenant });
    const form = await openDialog(user);
    const f = within(form);
    expect(f.getByText("You'll earn 1 token when this property is verified.")).toBeInTheDocument();
    // The token is promised only as the server pays it: after the owner accepts, and not between linked accounts.
    expect(f.getByText(/verifies it only once the property's owner \(or an administrator\) accepts it/)).toHaveTextContent(
      "The landlord's confirmation verifies it only once the property's owner (or an administrator) accepts it, and the token is paid only if you and the landlord are not linked accounts (signed in from one network or browser).",
    );
    // Every landlord at first, in username order.
    const list = await f.findByRole("list", { name: "Landlords" });
    expect(within(list).getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual([
      "kenji_morita Landlord",
      "lars_lind Landlord",
      "laura_banks Landlord",
    ]);

    await user.type(f.getByRole("searchbox", { name: "Search landlords by username" }), "LA");
    await waitFor(() => expect(within(f.getByRole("list", { name: "Landlords" })).getAllByRole("radio")).toHaveLength(2));
    await user.click(f.getByRole("radio", { name: /laura_banks/ }));
    expect(f.getByText(/Selected landlord:/)).toHaveTextContent("Selected landlord: laura_banks");
    await user.type(f.getByRole("textbox", { name: /Notes/ }), "  I lived next door for two years.  ");
    await user.click(f.getByRole("button", { name: "Submit Request" }));

    expect(await toasts().findByText("Verification Request Submitted")).toBeInTheDocument();
    expect(toasts().getByText("Your request has been sent to laura_banks.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ propertyId: 1, requestedToId: 9, notes: "I lived next door for two years.", verifierUsernames: [] });
  });

  it("asks for a landlord and keeps notes within 500 characters, in SPEC's words", async () => {
    const { user, created } = setup({ viewer: tenant });
    const form = await openDialog(user);
    const f = within(form);
    fireEvent.change(f.getByRole("textbox", { name: /Notes/ }), { target: { value: "x".repeat(501) } });
    await user.click(f.getByRole("button", { name: "Submit Request" }));
    expect(await f.findByText("Please select a landlord to verify the property")).toBeInTheDocument();
    expect(f.getByText("Notes must be less than 500 characters")).toBeInTheDocument();
    expect(f.getByText("501/500")).toBeInTheDocument();
    // The search box, where the choice starts, has the focus.
    expect(f.getByRole("searchbox", { name: "Search landlords by username" })).toHaveFocus();
    expect(created).toHaveLength(0);

    fireEvent.change(f.getByRole("textbox", { name: /Notes/ }), { target: { value: "x".repeat(500) } });
    await user.click(await f.findByRole("radio", { name: /kenji_morita/ }));
    await waitFor(() => expect(f.queryByText("Notes must be less than 500 characters")).not.toBeInTheDocument());
    expect(f.queryByText("Please select a landlord to verify the property")).not.toBeInTheDocument();
  });

  it("says Loading users... while it searches, and when nobody matches", async () => {
    const held = gate();
    const { user } = setup({ viewer: tenant, hold: held.hold });
    const form = await openDialog(user);
    expect(await within(form).findByText("Loading users...")).toBeInTheDocument();
    held.release();
    await within(form).findByRole("list", { name: "Landlords" });
    await user.type(within(form).getByRole("searchbox"), "zzz{Enter}");
    expect(await within(form).findByText('No users found matching "zzz"')).toBeInTheDocument();
    expect(within(form).queryByRole("list", { name: "Landlords" })).not.toBeInTheDocument();
    // Enter searched: it did not submit the form.
    expect(within(form).queryByText("Please select a landlord to verify the property")).not.toBeInTheDocument();
  });

  it("works from the keyboard: open, search, arrows between landlords, notes, submit; Escape closes", async () => {
    const { user, created } = setup({ viewer: tenant });
    const verify = await within(await header()).findByRole("button", { name: "Verify Property" });
    verify.focus();
    await user.keyboard("{Enter}");
    const f = within(await within(await dialog()).findByRole("form", { name: "Request Verification" }));
    await f.findByRole("list", { name: "Landlords" });
    await user.click(f.getByRole("searchbox"));
    await user.tab();
    expect(f.getByRole("radio", { name: /kenji_morita/ })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(f.getByRole("radio", { name: /lars_lind/ })).toBeChecked();
    await user.tab();
    expect(f.getByRole("textbox", { name: /Notes/ })).toHaveFocus();
    await user.keyboard("Next door neighbour");
    await user.tab();
    await user.tab();
    expect(f.getByRole("button", { name: "Submit Request" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await toasts().findByText("Verification Request Submitted")).toBeInTheDocument();
    expect(created[0]).toMatchObject({ requestedToId: 8, notes: "Next door neighbour" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(verify).toHaveFocus();

    await user.keyboard("{Enter}");
    await dialog();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(verify).toHaveFocus();
    expect(created).toHaveLength(1);
  });

  it("shows a refusal in the server's words, or SPEC's fallback, and keeps the dialog open", async () => {
    const fail = { createVerificationRequest: new ConnectError("You already asked lars_lind to verify this property.", Code.AlreadyExists) };
    const { user } = setup({ viewer: tenant, fail });
    const f = within(await openDialog(user));
    await user.click(await f.findByRole("radio", { name: /lars_lind/ }));
    await user.click(f.getByRole("button", { name: "Submit Request" }));
    expect(await toasts().findByText("Error")).toBeInTheDocument();
    expect(toasts().getByText("You already asked lars_lind to verify this property.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Request Verification" })).toBeInTheDocument();

    fail.createVerificationRequest = new ConnectError("", Code.Internal);
    await user.click(f.getByRole("button", { name: "Submit Request" }));
    expect(await toasts().findByText("Failed to submit verification request. Please try again.")).toBeInTheDocument();
  });

  it("says in the form, as in the toast, that a new account cannot ask yet", async () => {
    const refusal =
      "You cannot ask for this property to be verified yet: only accounts open for at least 7 days with a published review can.";
    const fail = { createVerificationRequest: new ConnectError(refusal, Code.FailedPrecondition) };
    const { user, created } = setup({ viewer: tenant, fail });
    const f = within(await openDialog(user));
    await user.click(await f.findByRole("radio", { name: /lars_lind/ }));
    await user.click(f.getByRole("button", { name: "Submit Request" }));
    expect(await f.findByRole("alert")).toHaveTextContent(refusal);
    expect(toasts().getByText("Error")).toBeInTheDocument();
    expect(toasts().getByText(refusal)).toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(screen.getByRole("dialog", { name: "Request Verification" })).toBeInTheDocument();

    // Sent again and accepted, the message goes (and the dialog with it).
    delete (fail as Partial<typeof fail>).createVerificationRequest;
    await user.click(f.getByRole("button", { name: "Submit Request" }));
    expect(await toasts().findByText("Verification Request Submitted")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
