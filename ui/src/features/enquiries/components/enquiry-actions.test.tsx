import { Code, ConnectError } from "@connectrpc/connect";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { makeProperty, servePropertyFakes } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { SAFETY_NOTICE } from "../enquiry";
import { inDays, serveEnquiryFakes, type EnquiryFakeOptions } from "../testing";
import { ENQUIRY_SIGN_IN_MESSAGE } from "./enquiry-actions";

// The whole property page through fake services: give it room on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const tenant = makeUser({ id: 7, username: "dana", role: "tenant" });
const owner = makeUser({ id: 2, username: "lars", role: "landlord" });
const flat = makeProperty({ id: 1, landlordId: 2, verified: true, verificationProof: "documents", timeZone: "Europe/London" });

/** setup renders path for viewer (null: a visitor). */
function setup({ path = "/properties/1", viewer = tenant, ...options }: EnquiryFakeOptions & { path?: string; viewer?: User | null } = {}) {
  const fakes = serveEnquiryFakes(options);
  const properties = servePropertyFakes({ properties: [flat] });
  const transport = fakeTransport({
    user: viewer ?? undefined,
    extra: (router) => {
      properties(router);
      fakes.serve(router);
    },
  });
  return { ...renderApp({ path, transport }), ...fakes, user: userEvent.setup() };
}

const toasts = () => within(screen.getByRole("region", { name: /Notifications/, hidden: true }));

describe("Contact Landlord", () => {
  it("opens a dialog with the safety notice and how the listing is verified", async () => {
    const { user } = setup();
    await user.click(await screen.findByRole("button", { name: "Contact Landlord" }));
    const dialog = await screen.findByRole("dialog", { name: "Contact Landlord" });
    const note = within(dialog).getByRole("note", { name: "Safety" });
    expect(note).toHaveTextContent(SAFETY_NOTICE);
    expect(note).toHaveTextContent("This listing is verified: an administrator checked the owner's ownership documents.");
    expect(await within(dialog).findByRole("form", { name: "Message the landlord" })).toBeInTheDocument();
  });

  it("checks the message, counts it as typed and checks the occupants", async () => {
    const { user, requests } = setup({ path: "/properties/1?enquire=message" });
    const dialog = await screen.findByRole("dialog", { name: "Contact Landlord" });
    const form = within(await within(dialog).findByRole("form", { name: "Message the landlord" }));
    expect(form.getByText("0/2,000 characters")).toBeInTheDocument();
    await user.click(form.getByRole("button", { name: "Send message" }));
    expect(await form.findByText("Write your message to the landlord")).toBeInTheDocument();
    await user.type(form.getByLabelText("Message"), "Hello 👋");
    expect(form.getByText("7/2,000 characters")).toBeInTheDocument();
    await user.type(form.getByLabelText(/Occupants/), "25");
    expect(await form.findByText("Occupants must be a whole number from 1 to 20")).toBeInTheDocument();
    fireEvent.change(form.getByLabelText("Message"), { target: { value: "x".repeat(2001) } });
    expect(await form.findByText("Message must be at most 2,000 characters")).toBeInTheDocument();
    expect(requests.started).toHaveLength(0);
  });

  it("sends the message with the move-in month and occupants, then links to the conversation", async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByRole("button", { name: "Contact Landlord" }));
    const dialog = await screen.findByRole("dialog", { name: "Contact Landlord" });
    const form = within(await within(dialog).findByRole("form", { name: "Message the landlord" }));
    await user.type(form.getByLabelText("Message"), "  Is it still available?  ");
    const month = form.getByLabelText(/Move-in month/) as HTMLSelectElement;
    const second = month.options[2];
    await user.selectOptions(month, second);
    await user.type(form.getByLabelText(/Occupants/), "2");
    await user.click(form.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(requests.started).toHaveLength(1));
    expect(requests.started[0]).toMatchObject({ propertyId: 1, message: "Is it still available?", moveInMonth: second.value, occupants: 2, viewingTimes: [] });
    expect(await within(dialog).findByRole("link", { name: "Open the conversation" })).toHaveAttribute("href", "/dashboard/my-enquiries/500");
    expect(await toasts().findByText("Message sent")).toBeInTheDocument();
  });

  it("shows the server's refusal in its own words", async () => {
    const refusal = new ConnectError("The owner is not taking enquiries from you.", Code.FailedPrecondition);
    const { user } = setup({ path: "/properties/1?enquire=message", fail: { startEnquiry: refusal } });
    const dialog = await screen.findByRole("dialog", { name: "Contact Landlord" });
    const form = within(await within(dialog).findByRole("form", { name: "Message the landlord" }));
    await user.type(form.getByLabelText("Message"), "Hello");
    await user.click(form.getByRole("button", { name: "Send message" }));
    expect(await form.findByRole("alert")).toHaveTextContent("The owner is not taking enquiries from you.");
  });

  it("sends a visitor to /auth, saying why, with the way back to the open dialog", async () => {
    const { user, router } = setup({ viewer: null });
    await user.click(await screen.findByRole("button", { name: "Contact Landlord" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.state).toMatchObject({ from: { pathname: "/properties/1", search: "?enquire=message" } });
    expect(await screen.findByText(ENQUIRY_SIGN_IN_MESSAGE)).toBeInTheDocument();
  });

  it("sends a visitor who follows a link to the dialog to /auth as well", async () => {
    const { router } = setup({ viewer: null, path: "/properties/1?enquire=viewing" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.state).toMatchObject({ from: { pathname: "/properties/1", search: "?enquire=viewing" } });
  });

  it("opens the dialog the address names for a member back from /auth, and closing it drops it", async () => {
    const { user, router } = setup({ path: "/properties/1?enquire=viewing" });
    const dialog = await screen.findByRole("dialog", { name: "Schedule Viewing" });
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.search).not.toContain("enquire");
  });

  it("shows its owner no buttons, only that it is their listing", async () => {
    setup({ viewer: owner });
    const aside = await screen.findByRole("complementary", { name: "Rent and contact" });
    expect(await within(aside).findByText("This is your listing.")).toBeInTheDocument();
    for (const name of ["Contact Landlord", "Schedule Viewing"]) {
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    }
  });

  it("says a withdrawn listing takes no new enquiries", async () => {
    flat.active = false;
    try {
      setup();
      expect(await screen.findByText("This listing was withdrawn: it takes no new enquiries.")).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Contact Landlord" })).not.toBeInTheDocument();
    } finally {
      flat.active = true;
    }
  });
});

describe("Schedule Viewing", () => {
  it("asks for one to three times in the listing's zone, in the next 60 days, and sends them", async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByRole("button", { name: "Schedule Viewing" }));
    const dialog = await screen.findByRole("dialog", { name: "Schedule Viewing" });
    const form = within(await within(dialog).findByRole("form", { name: "Request a viewing" }));
    expect(form.getByRole("group", { name: /^Proposed times \(Europe\/London/ })).toBeInTheDocument();
    expect(within(dialog).getByRole("note", { name: "Safety" })).toHaveTextContent(SAFETY_NOTICE);

    await user.click(form.getByRole("button", { name: "Request viewing" }));
    expect(await form.findByText("Choose a date and time")).toBeInTheDocument();

    fireEvent.change(form.getByLabelText("Time 1"), { target: { value: inDays(-1) } });
    expect(await form.findByText("Choose a time in the future")).toBeInTheDocument();
    fireEvent.change(form.getByLabelText("Time 1"), { target: { value: inDays(61) } });
    expect(await form.findByText("Choose a time within the next 60 days")).toBeInTheDocument();

    fireEvent.change(form.getByLabelText("Time 1"), { target: { value: inDays(3) } });
    await user.click(form.getByRole("button", { name: "Add another time" }));
    fireEvent.change(form.getByLabelText("Time 2"), { target: { value: inDays(3) } });
    expect(await form.findByText("Choose a different time from the others")).toBeInTheDocument();
    fireEvent.change(form.getByLabelText("Time 2"), { target: { value: inDays(4, true) } });
    await user.click(form.getByRole("button", { name: "Add another time" }));
    expect(form.queryByRole("button", { name: "Add another time" })).not.toBeInTheDocument();
    await user.click(form.getByRole("button", { name: "Remove time 3" }));

    await user.click(form.getByRole("button", { name: "Request viewing" }));
    await waitFor(() => expect(requests.started).toHaveLength(1));
    expect(requests.started[0]).toMatchObject({ propertyId: 1, message: "", viewingTimes: [inDays(3), inDays(4, true)] });
    expect(await within(dialog).findByRole("link", { name: "Open the conversation" })).toBeInTheDocument();
  });
});
