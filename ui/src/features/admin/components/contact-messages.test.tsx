import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
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
  const replies: { id: bigint; message: string }[] = [];
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
        replyToContactMessage(req) {
          if (req.message.length > 5000) throw new ConnectError("Reply must be at most 5000 characters", Code.InvalidArgument);
          replies.push({ id: req.id, message: req.message });
          const m = messages.find((x) => x.id === req.id)!;
          m.handled = true;
          m.handledBy = "ada";
          m.handledAt = timestampFromDate(new Date("2026-11-23T09:00:00Z"));
          m.replies += 1;
          return { message: m };
        },
      });
    },
  });
  renderApp({ path: "/admin", transport });
  return { listed, replies, user: userEvent.setup() };
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

  it("replies to a message: checks the length, sends the trimmed reply, and the message shows handled with its reply", async () => {
    const { user, replies } = setup([message(1n, "Ada Lovelace")]);
    const section = within(await screen.findByRole("region", { name: "Messages" }));
    const ada = within(await section.findByRole("article", { name: "Message from Ada Lovelace" }));
    await user.click(ada.getByRole("button", { name: "Reply" }));
    const form = within(await ada.findByRole("form", { name: "Reply to Ada Lovelace" }));
    const box = form.getByRole("textbox", { name: /Your reply \(emailed to ada.lovelace@example.com\)/ });

    await user.click(form.getByRole("button", { name: "Send reply" }));
    expect(await form.findByText("Please write a reply")).toBeInTheDocument();
    await user.click(box);
    await user.paste("x".repeat(5001));
    expect(await form.findByText("Reply must be at most 5000 characters")).toBeInTheDocument();
    expect(replies).toEqual([]);

    await user.clear(box);
    await user.type(box, "  Open your listing and choose Verify.  ");
    await user.click(form.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(replies).toEqual([{ id: 1n, message: "Open your listing and choose Verify." }]));
    await waitFor(() => expect(section.queryByRole("article", { name: "Message from Ada Lovelace" })).toBeNull());
    await user.click(section.getByRole("checkbox", { name: "Show handled messages" }));
    const handled = within(await section.findByRole("article", { name: "Message from Ada Lovelace" }));
    expect(handled.getByText(/Handled by ada on Nov 23, 2026 · 1 reply sent/)).toBeInTheDocument();
  });

  it("says so when nothing is open", async () => {
    setup([]);
    expect(await screen.findByText("No open messages.")).toBeInTheDocument();
  });
});
