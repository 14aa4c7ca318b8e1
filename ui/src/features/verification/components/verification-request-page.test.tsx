import { Code, ConnectError } from "@connectrpc/connect";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { PropertyService, type Property } from "@/gen/rentproof/property/v1/property_pb";
import { gate } from "@/test/gate";
import { makeProperty, servePropertyFakes } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { makeVerifier, serveVerificationFakes, type VerificationFakeOptions } from "@/test/verification";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const owner = makeUser({ id: 2, username: "olive", firstName: "Olive", lastName: "Owner", role: "landlord" });
const stranger = makeUser({ id: 5, username: "sam", role: "landlord" });
const agentOwner = makeUser({ id: 2, username: "olive", role: "agent" });
const PEOPLE = [
  makeVerifier(8, "lars_lind", "landlord"),
  makeVerifier(9, "laura_banks", "landlord"),
  makeVerifier(10, "kenji_morita", "landlord"),
  makeVerifier(11, "lana_agent", "agent"),
  makeVerifier(12, "priya_raman", "property_manager"),
  makeVerifier(13, "maya_johnson", "tenant"),
  makeVerifier(14, "marco_tenant", "tenant"),
];
const house = () =>
  makeProperty({ id: 1, landlordId: 2, verified: false, title: "Garden Flat", address: "4 Orchard Lane", locality: "", city: "Austin", state: "TX", zipCode: "73301", country: "United States" });

interface Setup extends Partial<Omit<VerificationFakeOptions, "viewer">> {
  viewer?: User;
  property?: Property;
  path?: string;
  propertyHold?: () => Promise<void>;
}

function setup({ viewer = owner, property = house(), path = "/verification-request/1", propertyHold, ...options }: Setup = {}) {
  const fakes = serveVerificationFakes({ verifiers: PEOPLE, properties: [property], viewer: () => viewer, ...options });
  const transport = fakeTransport({
    user: viewer,
    extra: (router) => {
      if (propertyHold) {
        router.service(PropertyService, {
          async getProperty() {
            await propertyHold();
            return { property };
          },
        });
      } else {
        servePropertyFakes({ properties: [property], reviews: [] })(router);
      }
      fakes.serve(router);
    },
  });
  return { ...renderApp({ path, transport }), ...fakes, user: userEvent.setup() };
}

const toasts = () => within(screen.getByRole("region", { name: /Notifications/ }));
const form = () => screen.findByRole("form", { name: "Choose verifiers" });
const results = async (name = "Landlords found") => within(await form()).findByRole("list", { name });
const roles = async () => within(await form()).findByRole("radiogroup", { name: "Search among" });
const selected = async () => within(await form()).queryByRole("list", { name: "Selected verifiers" });

describe("VerificationRequestPage", () => {
  it("shows its title while the property loads", async () => {
    const held = gate();
    setup({ propertyHold: held.hold });
    expect(await screen.findByRole("heading", { level: 1, name: "Request Verification" })).toBeInTheDocument();
    expect(await screen.findByText("Loading property details...")).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Loading property" })).toBeInTheDocument();
    held.release();
    expect(await form()).toBeInTheDocument();
    expect(screen.queryByText("Loading property details...")).not.toBeInTheDocument();
  });

  it.each(["/verification-request/999", "/verification-request/abc"])("says Property Not Found at %s", async (path) => {
    setup({ path });
    expect(await screen.findByRole("heading", { level: 2, name: "Property Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });

  it("says Permission Denied to anyone but the owner", async () => {
    const { searches } = setup({ viewer: stranger });
    expect(await screen.findByRole("heading", { level: 2, name: "Permission Denied" })).toBeInTheDocument();
    expect(screen.getByText("You can only request verification for properties that you own.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Property" })).toHaveAttribute("href", "/properties/1");
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    expect(searches).toHaveLength(0);
  });

  it("shows the property and starts with nobody selected and nothing to send", async () => {
    setup();
    const summary = await screen.findByRole("region", { name: "Garden Flat" });
    expect(summary).toHaveTextContent("4 Orchard Lane, Austin, TX 73301, United States");
    expect(within(summary).getByText("Not verified yet")).toBeInTheDocument();
    const f = within(await form());
    expect(f.getByPlaceholderText("Enter username to search...")).toBeInTheDocument();
    expect(f.getByText("No verifiers selected yet. Search and add users above.")).toBeInTheDocument();
    expect(f.getByRole("textbox", { name: "Additional Note (Optional)" })).toHaveAccessibleDescription(/This note goes to every verifier/);
    expect(f.getByRole("button", { name: "Send Verification Requests" })).toBeDisabled();
  });

  it("searches the owner's own role first (SPEC §6): a landlord finds landlords, with their role", async () => {
    const { searches } = setup();
    expect(within(await roles()).getByRole("radio", { name: "Landlords" })).toBeChecked();
    const list = await results();
    expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual([
      "kenji_morita Landlord Add",
      "lars_lind Landlord Add",
      "laura_banks Landlord Add",
    ]);
    expect(searches.at(-1)).toMatchObject({ role: "landlord", query: "" });
  });

  it("searches agents for an agent who owns the property", async () => {
    const { searches } = setup({ viewer: agentOwner });
    expect(within(await roles()).getByRole("radio", { name: "Agents" })).toBeChecked();
    const list = await results("Agents found");
    expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual(["lana_agent Agent Add"]);
    expect(searches.at(-1)).toMatchObject({ role: "agent" });
  });

  it("says Loading users... while it searches and No users found matching, among which role, when nothing matches", async () => {
    const held = gate();
    const { user } = setup({ hold: held.hold });
    const f = within(await form());
    expect(f.getByText("Loading users...")).toBeInTheDocument();
    held.release();
    await results();
    await user.type(f.getByRole("searchbox", { name: "Search users by username" }), "nobody");
    expect(await f.findByText('No users found matching "nobody" among landlords.')).toBeInTheDocument();
    expect(f.queryByRole("list", { name: "Landlords found" })).not.toBeInTheDocument();
  });

  it("lets the owner search tenants, agents or property managers, keeping whom they chose, by keyboard", async () => {
    const { user, searches, created } = setup();
    const f = within(await form());
    const group = await roles();
    expect(within(group).getAllByRole("radio").map((r) => r.textContent)).toEqual(["Tenants", "Landlords", "Agents", "Property Managers"]);
    await user.click(await f.findByRole("button", { name: /^lars_lind Landlord/ }));
    await user.type(f.getByRole("searchbox", { name: "Search users by username" }), "ma");
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ role: "landlord", query: "ma" }));

    // One stop in the tab order; the arrows move between the roles (Radix's radio group).
    within(group).getByRole("radio", { name: "Landlords" }).focus();
    // Held down, as a person presses it: Radix moves the focus a moment after the keydown.
    await user.keyboard("{ArrowLeft>}");
    const tenants = within(group).getByRole("radio", { name: "Tenants" });
    await waitFor(() => expect(tenants).toHaveFocus());
    expect(tenants).toBeChecked();
    await user.keyboard("{/ArrowLeft}");
    const list = await results("Tenants found");
    await waitFor(() => expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual([
      "marco_tenant Tenant Add",
      "maya_johnson Tenant Add",
    ]));
    expect(searches.at(-1)).toMatchObject({ role: "tenant", query: "ma" });
    within(list).getByRole("button", { name: /^maya_johnson Tenant/ }).focus();
    await user.keyboard("{Enter}");

    await user.click(within(group).getByRole("radio", { name: "Property Managers" }));
    expect(await results("Property Managers found")).toBeInTheDocument();
    expect(searches.at(-1)).toMatchObject({ role: "property_manager", query: "ma" });
    expect(f.getByRole("searchbox", { name: "Search users by username" })).toHaveValue("ma");

    // Whom they chose stays chosen across the role changes, and all are asked.
    expect(within((await selected())!).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "lars_lind Landlord Remove",
      "maya_johnson Tenant Remove",
    ]);
    await user.click(f.getByRole("button", { name: "Send Verification Requests" }));
    await waitFor(() => expect(created).toEqual([expect.objectContaining({ verifierUsernames: ["lars_lind", "maya_johnson"] })]));
  });

  it("says which role it searched when nobody of that role matches, or there is nobody of that role", async () => {
    const { user } = setup({ verifiers: PEOPLE.filter((p) => p.role !== "tenant") });
    const f = within(await form());
    await results();
    await user.click(within(await roles()).getByRole("radio", { name: "Tenants" }));
    expect(await f.findByText("No tenants can verify properties yet.")).toBeInTheDocument();
    await user.click(within(await roles()).getByRole("radio", { name: "Property Managers" }));
    await results("Property Managers found");
    await user.type(f.getByRole("searchbox"), "zzz");
    expect(await f.findByText('No users found matching "zzz" among property managers.')).toBeInTheDocument();
  });

  it("adds a verifier once, by click or Enter, and removes one", async () => {
    const { user } = setup();
    const f = within(await form());
    await user.type(f.getByRole("searchbox"), "la");
    await waitFor(async () => expect(within(await results()).getAllByRole("button")).toHaveLength(2));
    await user.click(f.getByRole("button", { name: /^lars_lind Landlord/ }));
    const laura = f.getByRole("button", { name: /^laura_banks Landlord/ });
    laura.focus();
    await user.keyboard("{Enter}");
    // Added, the button keeps the focus (it is not disabled, which would drop it).
    expect(laura).toHaveFocus();
    expect(laura).toHaveTextContent("Added");
    // Pressed again: still once, and the button says so.
    await user.click(f.getByRole("button", { name: /^lars_lind Landlord/ }));
    expect(f.getByRole("button", { name: /^lars_lind Landlord/ })).toHaveTextContent("Added");
    expect(f.getByRole("button", { name: /^lars_lind Landlord/ })).toHaveAttribute("aria-disabled", "true");

    const chosen = within((await selected())!);
    expect(chosen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "lars_lind Landlord Remove",
      "laura_banks Landlord Remove",
    ]);
    expect(f.queryByText("No verifiers selected yet. Search and add users above.")).not.toBeInTheDocument();
    expect(f.getByRole("button", { name: "Send Verification Requests" })).toBeEnabled();

    await user.click(chosen.getByRole("button", { name: "Remove lars_lind" }));
    expect(within((await selected())!).getAllByRole("listitem")).toHaveLength(1);
    expect(f.getByRole("button", { name: /^lars_lind Landlord/ })).toHaveTextContent("Add");
    await user.click(f.getByRole("button", { name: "Remove laura_banks" }));
    expect(f.getByText("No verifiers selected yet. Search and add users above.")).toBeInTheDocument();
    expect(f.getByRole("button", { name: "Send Verification Requests" })).toBeDisabled();
  });

  it("sends the requests, says so and goes to the success screen", async () => {
    const held = gate();
    const { user, created, router } = setup({ hold: held.hold, held: ["createVerificationRequest"] });
    const f = within(await form());
    await user.click(await f.findByRole("button", { name: /^kenji_morita Landlord/ }));
    await user.click(f.getByRole("button", { name: /^laura_banks Landlord/ }));
    await user.type(f.getByRole("textbox", { name: "Additional Note (Optional)" }), "  You viewed it last spring.  ");
    // Hold the answer to see the button while it sends.
    const send = f.getByRole("button", { name: "Send Verification Requests" });
    await user.click(send);
    await waitFor(() => expect(f.getByRole("button", { name: /Sending/ })).toBeDisabled());
    held.release();

    expect(await toasts().findByText("Verification Requests Sent")).toBeInTheDocument();
    expect(toasts().getByText("Your requests have been sent to the selected verifiers.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/verification-success/1"));
    expect(created).toEqual([
      expect.objectContaining({ propertyId: 1, verifierUsernames: ["kenji_morita", "laura_banks"], message: "You viewed it last spring.", requestedToId: 0 }),
    ]);
  });

  it("keeps the note within 500 characters (SPEC §5)", async () => {
    const { user, created } = setup();
    const f = within(await form());
    await user.click(await f.findByRole("button", { name: /^kenji_morita Landlord/ }));
    fireEvent.change(f.getByRole("textbox", { name: "Additional Note (Optional)" }), { target: { value: "y".repeat(501) } });
    await user.click(f.getByRole("button", { name: "Send Verification Requests" }));
    expect(await f.findByText("Note must be less than 500 characters")).toBeInTheDocument();
    expect(created).toHaveLength(0);
  });

  it("shows a refusal in the server's words, or SPEC's fallback, and stays", async () => {
    const fail = {
      createVerificationRequest: new ConnectError("kenji_morita already has a pending request for this property.", Code.AlreadyExists),
    };
    const { user, router } = setup({ fail });
    const f = within(await form());
    await user.click(await f.findByRole("button", { name: /^kenji_morita Landlord/ }));
    await user.click(f.getByRole("button", { name: "Send Verification Requests" }));
    expect(await toasts().findByText("kenji_morita already has a pending request for this property.")).toBeInTheDocument();
    expect(toasts().getByText("Error")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/verification-request/1");

    fail.createVerificationRequest = new ConnectError("", Code.Unavailable);
    await user.click(f.getByRole("button", { name: "Send Verification Requests" }));
    expect(await toasts().findByText("Failed to send verification requests. Please try again.")).toBeInTheDocument();
    // Nothing was lost.
    expect(within((await selected())!).getAllByRole("listitem")).toHaveLength(1);
  });

  it("says an already verified property needs nothing more", async () => {
    setup({ property: makeProperty({ id: 1, landlordId: 2, verified: true, verificationProof: "confirmed", verificationConfirmations: 3 }) });
    expect(await screen.findByRole("heading", { name: "This property is already verified" })).toBeInTheDocument();
    expect(screen.getByText(/Confirmed by 3 people/)).toBeInTheDocument();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });
});
