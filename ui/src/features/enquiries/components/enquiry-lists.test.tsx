import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { makeProperty } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { makeThread, serveEnquiryFakes, type EnquiryFakeOptions } from "../testing";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const tenant = makeUser({ id: 7, username: "dana", role: "tenant" });
const landlord = makeUser({ id: 8, username: "lars", role: "landlord" });
const flat = makeProperty({ id: 3, title: "Sunny Flat", landlordId: 8 });
const cottage = makeProperty({ id: 4, title: "Stone Cottage", landlordId: 8 });

function setup({ path, viewer, ...options }: EnquiryFakeOptions & { path: string; viewer: User }) {
  const fakes = serveEnquiryFakes(options);
  const transport = fakeTransport({ user: viewer, extra: fakes.serve });
  return { ...renderApp({ path, transport }), ...fakes, user: userEvent.setup() };
}

const party = (name: string) => ({ $typeName: "rentproof.enquiry.v1.Party" as const, userId: 1, name, profileImage: "" });

describe("My Enquiries", () => {
  it("lists the member's threads, unread first, each linking to its page", async () => {
    setup({
      path: "/dashboard?tab=my-enquiries",
      viewer: tenant,
      threads: [
        { thread: makeThread({ id: 41n, lastMessage: "Is it still available?" }) },
        { thread: makeThread({ id: 42n, unread: 2, lastMessage: "Yes, come on Friday.", moveInMonth: "2027-03", pendingViewing: true }) },
      ],
    });
    const panel = within(await screen.findByRole("tabpanel", { name: "My Enquiries" }));
    const items = await panel.findAllByRole("article");
    expect(items[0]).toHaveTextContent("Yes, come on Friday.");
    expect(items[0]).toHaveTextContent("2 unread messages");
    expect(items[0]).toHaveTextContent("Moving in March 2027");
    expect(items[0]).toHaveTextContent("Viewing request waiting");
    expect(within(items[0]).getByRole("link", { name: "Sunny Flat with Lars L." })).toHaveAttribute("href", "/dashboard/my-enquiries/42");
    expect(within(items[1]).getByRole("link")).toHaveAttribute("href", "/dashboard/my-enquiries/41");
    expect(panel.getByText("1 conversation with unread messages")).toBeInTheDocument();
  });

  it("says there are none yet, with the way to find a home", async () => {
    setup({ path: "/dashboard?tab=my-enquiries", viewer: tenant });
    const panel = within(await screen.findByRole("tabpanel", { name: "My Enquiries" }));
    expect(await panel.findByRole("heading", { name: "No enquiries yet" })).toBeInTheDocument();
    expect(panel.getByRole("link", { name: "Find Properties" })).toHaveAttribute("href", "/find-properties");
  });

  it("shows the server's message when the list fails", async () => {
    setup({
      path: "/dashboard?tab=my-enquiries",
      viewer: tenant,
      fail: { listMyEnquiries: new ConnectError("Enquiries are resting.", Code.Unavailable) },
    });
    const panel = within(await screen.findByRole("tabpanel", { name: "My Enquiries" }));
    expect(await panel.findByText("Enquiries are resting.")).toBeInTheDocument();
  });
});

describe("Enquiries (the owner's)", () => {
  it("lists the threads about the owner's listings and filters them by listing", async () => {
    const { user, requests } = setup({
      path: "/dashboard?tab=enquiries",
      viewer: landlord,
      listings: [flat, cottage],
      threads: [
        { thread: makeThread({ id: 51n, role: "owner", other: party("Dana W."), unread: 1, occupants: 2 }) },
        {
          thread: makeThread({
            id: 52n,
            role: "owner",
            other: party("Sam K."),
            listing: { ...makeThread().listing!, propertyId: 4, title: "Stone Cottage" },
          }),
        },
      ],
    });
    const panel = within(await screen.findByRole("tabpanel", { name: "Enquiries" }));
    const items = await panel.findAllByRole("article");
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole("link", { name: "Dana W. about Sunny Flat" })).toHaveAttribute("href", "/dashboard/enquiries/51");
    expect(items[0]).toHaveTextContent("2 occupants");
    const filter = panel.getByLabelText("Listing");
    await panel.findByRole("option", { name: "Stone Cottage" });
    await user.selectOptions(filter, "Stone Cottage");
    await waitFor(() => expect(requests.received.at(-1)?.propertyId).toBe(4));
    await waitFor(() => expect(panel.getAllByRole("article")).toHaveLength(1));
    expect(panel.getByRole("link", { name: "Sam K. about Stone Cottage" })).toBeInTheDocument();
  });

  it("is not a tab of the tenant's dashboard", async () => {
    setup({ path: "/dashboard", viewer: tenant });
    expect(await screen.findByRole("tab", { name: "My Enquiries" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Enquiries" })).not.toBeInTheDocument();
  });
});
