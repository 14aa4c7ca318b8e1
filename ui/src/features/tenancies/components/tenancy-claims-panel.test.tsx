import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { makeTenancy, serveTenancyFakes, type TenancyFakeOptions } from "../testing";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const landlord = makeUser({ id: 8, username: "lars", firstName: "Lars", lastName: "Lind", role: "landlord" });
const tenant = makeUser({ id: 7, username: "dana", role: "tenant" });

function setup(options: TenancyFakeOptions = {}) {
  const fakes = serveTenancyFakes(options);
  const transport = fakeTransport({ user: landlord, extra: fakes.serve });
  return { ...renderApp({ path: "/dashboard?tab=claims", transport }), ...fakes, user: userEvent.setup() };
}

const toasts = () => within(screen.getByRole("region", { name: /Notifications/, hidden: true }));
const panel = async () => within(await screen.findByRole("tabpanel", { name: "Tenancy Claims" }));
const claim = async (name: string) => within(await (await panel()).findByRole("article", { name }));

describe("Tenancy Claims", () => {
  it("is a landlord's tab only", async () => {
    const transport = fakeTransport({ user: tenant, extra: serveTenancyFakes().serve });
    renderApp({ path: "/dashboard?tab=claims", transport });
    expect(await screen.findByRole("tab", { name: "My Reviews" })).toHaveAttribute("aria-selected", "true");
    expect(screen.queryByRole("tab", { name: "Tenancy Claims" })).not.toBeInTheDocument();
  });

  it("shows a loading state, then says there are none", async () => {
    setup();
    expect(await screen.findByRole("status", { name: "Loading tenancy claims" })).toBeInTheDocument();
    expect(await (await panel()).findByRole("heading", { name: "No tenancy claims" })).toBeInTheDocument();
  });

  it("says the claims could not be loaded", async () => {
    setup({ fail: { listTenancyClaims: new ConnectError("down", Code.Unavailable) } });
    expect(await (await panel()).findByText("The tenancy claims could not be loaded.")).toBeInTheDocument();
  });

  it("confirms a claim at a verified property, then offers Review this tenant", async () => {
    const { user, requests } = setup({ claims: [makeTenancy({ message: "Flat 2, top floor" })] });
    const c = await claim("Dana W. at Sunny Flat");
    expect(c.getByText("Waiting for you to confirm")).toBeInTheDocument();
    expect(c.getByText("Mar 2023 – Jan 2025 · claimed Nov 20, 2026")).toBeInTheDocument();
    expect(c.getByText("Dana W. wrote: “Flat 2, top floor”")).toBeInTheDocument();
    const confirm = c.getByRole("button", { name: "Confirm: Dana W." });
    expect(confirm).toHaveAccessibleDescription(/an administrator checks it first/);
    await user.click(confirm);
    await waitFor(() => expect(requests.confirmed).toEqual([11]));
    expect(await toasts().findByText("Tenancy confirmed")).toBeInTheDocument();
    expect(toasts().getByText("Dana W.'s stay is verified: confirmed by the landlord.")).toBeInTheDocument();
    const done = await claim("Dana W. at Sunny Flat");
    expect(await done.findByText("Verified · confirmed by the landlord")).toBeInTheDocument();
    expect(done.getByRole("link", { name: "Review this tenant: Dana W." })).toHaveAttribute(
      "href",
      "/properties/3?reviewTenancy=11#write-review",
    );
    expect(done.queryByRole("button", { name: /Confirm/ })).not.toBeInTheDocument();
  });

  it("says when a confirmation is held for an administrator, and why", async () => {
    const { user } = setup({ claims: [makeTenancy()], hold: "You have confirmed 5 stays in 30 days." });
    await user.click((await claim("Dana W. at Sunny Flat")).getByRole("button", { name: "Confirm: Dana W." }));
    expect(await toasts().findByText("Confirmation held")).toBeInTheDocument();
    expect(toasts().getByText("An administrator checks it before it counts: You have confirmed 5 stays in 30 days.")).toBeInTheDocument();
    const c = await claim("Dana W. at Sunny Flat");
    expect(await c.findByText("Your confirmation waits for an administrator.")).toBeInTheDocument();
    expect(c.getByText("Why it waits: You have confirmed 5 stays in 30 days.")).toBeInTheDocument();
  });

  it("cannot confirm at an unverified property, and says so", async () => {
    setup({ claims: [makeTenancy({ propertyVerified: false })] });
    const confirm = (await claim("Dana W. at Sunny Flat")).getByRole("button", { name: "Confirm: Dana W." });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(/Only a verified property's owner can confirm a stay/);
  });

  it("toasts the server's refusal to confirm", async () => {
    const { user } = setup({
      claims: [makeTenancy()],
      fail: { confirmTenancy: new ConnectError("The tenant's account is not established yet.", Code.FailedPrecondition) },
    });
    await user.click((await claim("Dana W. at Sunny Flat")).getByRole("button", { name: "Confirm: Dana W." }));
    expect(await toasts().findByText("Failed to confirm the tenancy")).toBeInTheDocument();
    expect(toasts().getByText("The tenant's account is not established yet.")).toBeInTheDocument();
  });

  it("sends a claim it cannot confirm to the documents path with a required message", async () => {
    const { user, requests } = setup({ claims: [makeTenancy()] });
    await user.click((await claim("Dana W. at Sunny Flat")).getByRole("button", { name: "I can't confirm this: Dana W." }));
    const dialog = within(await screen.findByRole("dialog", { name: "I can't confirm this" }));
    expect(dialog.getByText(/This never rejects Dana W.'s claim/)).toBeInTheDocument();
    const form = within(await dialog.findByRole("form", { name: "I can't confirm this" }));
    await user.click(form.getByRole("button", { name: "Send to the documents path" }));
    expect(await form.findByText("Please tell the administrators why you cannot confirm this stay.")).toBeInTheDocument();
    expect(requests.cannotConfirm).toEqual([]);
    await user.type(form.getByLabelText("Message for the administrators"), "I bought it in 2024.");
    await user.click(form.getByRole("button", { name: "Send to the documents path" }));
    await waitFor(() => expect(requests.cannotConfirm).toHaveLength(1));
    expect(requests.cannotConfirm[0]).toMatchObject({ id: 11, message: "I bought it in 2024." });
    expect(await toasts().findByText("Sent to the documents path")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const c = await claim("Dana W. at Sunny Flat");
    expect(await c.findByText("You could not confirm it: the tenant was asked for documents.")).toBeInTheDocument();
    expect(c.getByText("You wrote: “I bought it in 2024.”")).toBeInTheDocument();
    expect(c.queryByRole("button", { name: /Confirm/ })).not.toBeInTheDocument();
  });

  it("shows Reviewed once the landlord reviewed a verified tenancy, and nothing to review at an unverified property", async () => {
    setup({
      claims: [
        makeTenancy({ id: 1, status: "approved", stage: "", proof: "documents", landlordReviewId: 40 }),
        makeTenancy({ id: 2, propertyTitle: "Old Place", status: "approved", stage: "", proof: "documents", propertyVerified: false }),
      ],
    });
    const reviewed = await claim("Dana W. at Sunny Flat");
    expect(reviewed.getByText("Reviewed")).toBeInTheDocument();
    expect(reviewed.queryByRole("link", { name: /Review this tenant/ })).not.toBeInTheDocument();
    const old = await claim("Dana W. at Old Place");
    expect(old.getByText("Verified · documents checked")).toBeInTheDocument();
    expect(old.queryByRole("link", { name: /Review this tenant/ })).not.toBeInTheDocument();
  });
});
