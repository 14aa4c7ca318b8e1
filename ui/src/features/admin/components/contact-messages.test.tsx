import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AdminService } from "@/gen/rentproof/admin/v1/admin_pb";
import { ContactMessageSchema, ContactService, type ContactMessage } from "@/gen/rentproof/contact/v1/contact_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

/** setup serves /admin with a fake ContactService over `messages` (newest first), as the server filters them. */
function setup(messages: ContactMessage[]) {
  const listed: boolean[] = [];
  const transport = fakeTransport({
    user: makeUser({ id: 1, username: "ada", role: "admin" }),
    extra: (router) => {
      router.service(AdminService, {
        listQueue: () => ({ items: [], hasMore: false }),
        listDecisions: () => ({ decisions: [], hasMore: false }),
      });
      router.service(ReviewService, { listReportedReviews: () => ({ reviews: [] }) });
      router.service(ContactService, {
        listContactMessages(req) {
          listed.push(req.includeHandled);
          const shown = messages.filter((m) => req.includeHandled || !m.handled);
          return { messages: shown, total: shown.length, open: messages.filter((m) => !m.handled).length };
        },
        markContactMessageHandled(req) {
          const m = messages.find((x) => x.id === req.id)!;
          m.handled = req.handled;
          m.handledBy = req.handled ? "ada" : "";
          m.handledAt = req.handled ? timestampFromDate(new Date("2026-11-23T09:00:00Z")) : undefined;
          return { message: m };
        },
      });
    },
  });
  renderApp({ path: "/admin", transport });
  return { listed, user: userEvent.setup() };
}

function message(id: bigint, name: string): ContactMessage {
  return create(ContactMessageSchema, {
    id,
    name,
    email: `${name.toLowerCase().replace(" ", ".")}@example.com`,
    subject: "support",
    message: "The map on my listing is blank.",
    createdAt: timestampFromDate(new Date("2026-11-22T10:00:00Z")),
  });
}

describe("/admin Messages", () => {
  it("lists open messages, marks one handled, shows it again with the toggle and reopens it", async () => {
    const { user } = setup([message(2n, "Grace Hopper"), message(1n, "Ada Lovelace")]);
    const section = within(await screen.findByRole("region", { name: "Messages" }));
    const grace = within(await section.findByRole("article", { name: "Message from Grace Hopper" }));
    expect(grace.getByRole("link", { name: "grace.hopper@example.com" })).toHaveAttribute("href", "mailto:grace.hopper@example.com");
    expect(grace.getByText("Support")).toBeInTheDocument();
    expect(grace.getByText("The map on my listing is blank.")).toBeInTheDocument();
    expect(grace.getByText(/Nov 22, 2026/)).toBeInTheDocument();
    expect(section.getByText("2 open")).toBeInTheDocument();

    await user.click(grace.getByRole("button", { name: "Mark handled" }));
    await waitFor(() => expect(section.queryByRole("article", { name: "Message from Grace Hopper" })).toBeNull());
    expect(section.getByText("1 open")).toBeInTheDocument();

    await user.click(section.getByRole("checkbox", { name: "Show handled messages" }));
    const handled = within(await section.findByRole("article", { name: "Message from Grace Hopper" }));
    expect(handled.getByText(/Handled by ada on Nov 23, 2026/)).toBeInTheDocument();
    expect(section.getByText("1 open of 2")).toBeInTheDocument();
    await user.click(handled.getByRole("button", { name: "Reopen" }));
    expect(await handled.findByRole("button", { name: "Mark handled" })).toBeInTheDocument();
  });

  it("says so when nothing is open", async () => {
    setup([]);
    expect(await screen.findByText("No open messages.")).toBeInTheDocument();
  });
});
