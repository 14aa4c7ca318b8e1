import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  AdminService,
  AnsweredRequestSchema,
  QueueItemSchema,
  type AnsweredRequest,
  type ListAnsweredRequestsRequest,
  type MarkRequestArrangedRequest,
  type QueueItem,
} from "@/gen/rentproof/admin/v1/admin_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

// /admin after issue 25: confirmations in the queue, the address each proof was gathered for, and
// the answered requests an administrator may mark arranged.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const admin = makeUser({ id: 1, username: "ada", role: "admin" });
const at = (iso: string) => timestampFromDate(new Date(iso));

function queued(overrides: Partial<Omit<QueueItem, "$typeName" | "$unknown">> = {}): QueueItem {
  return create(QueueItemSchema, {
    kind: "confirmation",
    requestId: 30,
    propertyId: 3,
    propertyTitle: "Flat over the bakery",
    ownerUsername: "lars_lind",
    requestedByUsername: "dana",
    requestedToUsername: "kenji_morita",
    message: "I rented the flat next door.",
    responseMessage: "Seen it: the details are right.",
    status: "confirmed",
    createdAt: at("2026-11-20T10:00:00Z"),
    address: "18 Mill Road, Cambridge, United Kingdom",
    currentAddress: "18 Mill Road, Cambridge, United Kingdom",
    ...overrides,
  });
}

function answered(id: number, overrides: Partial<Omit<AnsweredRequest, "$typeName" | "$unknown">> = {}): AnsweredRequest {
  return create(AnsweredRequestSchema, {
    requestId: id,
    propertyId: 3,
    propertyTitle: `Flat ${id}`,
    ownerUsername: "lars_lind",
    requestedByUsername: "dana",
    requestedToUsername: "kenji_morita",
    status: "approved",
    respondedAt: at("2026-11-21T10:00:00Z"),
    tokensPaid: 2,
    ...overrides,
  });
}

interface Setup {
  queue?: QueueItem[];
  requests?: AnsweredRequest[];
  markError?: ConnectError;
}

function setup({ queue = [], requests = [], markError }: Setup = {}) {
  const asked: ListAnsweredRequestsRequest[] = [];
  const marked: MarkRequestArrangedRequest[] = [];
  const transport = fakeTransport({
    user: admin,
    extra: (router) => {
      router.service(AdminService, {
        listQueue: () => ({ items: queue, hasMore: false }),
        listDecisions: () => ({ decisions: [], hasMore: false }),
        listAnsweredRequests: (req) => {
          asked.push(req);
          const found = requests.filter((r) => !req.username || [r.requestedByUsername, r.requestedToUsername].includes(req.username));
          const from = (req.page - 1) * req.pageSize;
          return { requests: found.slice(from, from + req.pageSize), hasMore: found.length > from + req.pageSize };
        },
        markRequestArranged: (req) => {
          marked.push(req);
          if (markError) throw markError;
          const r = requests.find((x) => x.requestId === req.requestId);
          if (r) r.arrangedAt = at("2026-11-26T10:00:00Z");
          return {
            decision: { id: 9, decision: "arranged", adminUsername: "ada", requestId: req.requestId, message: req.message },
            tokensTakenBack: 2,
            verificationWithdrawn: true,
          };
        },
      });
      router.service(ReviewService, { listReportedReviews: () => ({ reviews: [] }) });
    },
  });
  return { ...renderApp({ path: "/admin", transport }), asked, marked, user: userEvent.setup() };
}

/** The toasts' region, found by its label: an open dialog hides it from the accessibility tree (and its name with it). */
const toasts = () => within(document.querySelector<HTMLElement>('[role="region"][aria-label^="Notifications"]')!);
const answeredSection = async () => within(await screen.findByRole("region", { name: "Answered requests" }));

describe("the queue", () => {
  it("labels a confirmation the owner did not ask for, with who asked, who confirmed, and the two addresses", async () => {
    setup({ queue: [queued()] });
    const card = within(await screen.findByRole("article", { name: "Flat over the bakery" }));
    expect(card.getByText("Confirmation the owner did not ask for")).toBeInTheDocument();
    expect(card.getByText(/^Owner lars_lind/)).toHaveTextContent("Owner lars_lind · sent Nov 20, 2026 by dana · approved by kenji_morita");
    expect(card.getByText("kenji_morita wrote: “Seen it: the details are right.”")).toBeInTheDocument();
    expect(card.getByText("Proof gathered for").nextSibling).toHaveTextContent("18 Mill Road, Cambridge, United Kingdom");
    expect(card.getByText("Listing's address now").nextSibling).toHaveTextContent("18 Mill Road, Cambridge, United Kingdom");
    expect(card.queryByText(/has moved/)).not.toBeInTheDocument();
    expect(card.getByRole("button", { name: "Approve" })).toBeEnabled();
  });

  it("warns when the listing moved since the proof was gathered, and disables Approve (Reject stays)", async () => {
    setup({
      queue: [
        queued({
          kind: "documents",
          status: "pending",
          currentAddress: "500 Somewhere Else Blvd, Cambridge, United Kingdom",
          addressChanged: true,
        }),
      ],
    });
    const card = within(await screen.findByRole("article", { name: "Flat over the bakery" }));
    expect(card.getByText("Ownership documents")).toBeInTheDocument();
    expect(card.getByText("Listing's address now").nextSibling).toHaveTextContent("500 Somewhere Else Blvd, Cambridge, United Kingdom");
    const warning = card.getByText(/The listing has moved since this proof was gathered/);
    expect(warning).toHaveTextContent("it cannot verify the new address, so it cannot be approved");
    const approve = card.getByRole("button", { name: "Approve" });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(/The listing has moved since this proof was gathered/);
    expect(card.getByRole("button", { name: "Reject" })).toBeEnabled();
  });
});

describe("answered requests", () => {
  it("lists each with its property, sender, answerer, status, date, tokens paid and arranged mark", async () => {
    setup({
      requests: [
        answered(12, { status: "confirmed", statusReason: "Confirmed. Waiting for the property's owner to accept it, or for an administrator." }),
        answered(11, { status: "closed", tokensPaid: 0, arrangedAt: at("2026-11-25T10:00:00Z") }),
      ],
    });
    const section = await answeredSection();
    const first = within(await section.findByRole("article", { name: "Flat 12" }));
    const fact = (name: string) => first.getByText(name).nextSibling;
    expect(first.getByText(/^Request #12/)).toHaveTextContent("Request #12 · owner lars_lind");
    expect(fact("Sent by")).toHaveTextContent("dana");
    expect(fact("Answered by")).toHaveTextContent("kenji_morita");
    expect(fact("Status")).toHaveTextContent("Confirmed — waiting for the owner");
    expect(fact("Answered")).toHaveTextContent("Nov 21, 2026");
    expect(fact("Tokens paid")).toHaveTextContent("2");
    expect(fact("Arranged")).toHaveTextContent("No");
    expect(first.getByRole("button", { name: "Mark arranged: request #12" })).toBeInTheDocument();

    const second = within(section.getByRole("article", { name: "Flat 11" }));
    expect(second.getByText("Arranged").nextSibling).toHaveTextContent("Yes, marked Nov 25, 2026");
    expect(second.queryByRole("button", { name: /Mark arranged/ })).not.toBeInTheDocument();
  });

  it("filters by username and pages", async () => {
    const requests = Array.from({ length: 25 }, (_, i) =>
      answered(100 - i, { requestedByUsername: i % 2 ? "dana" : "olive", requestedToUsername: "kenji_morita" }),
    );
    const { user, asked } = setup({ requests });
    const section = await answeredSection();
    await section.findByRole("article", { name: "Flat 100" });
    expect(section.getAllByRole("article")).toHaveLength(20);
    const pages = within(section.getByRole("navigation", { name: "Pages of answered requests" }));
    expect(pages.getByRole("button", { name: /Previous/ })).toBeDisabled();
    await user.click(pages.getByRole("button", { name: /Next/ }));
    expect(await section.findByRole("article", { name: "Flat 76" })).toBeInTheDocument();
    expect(section.getAllByRole("article")).toHaveLength(5);
    expect(pages.getByText("Page 2")).toBeInTheDocument();

    await user.type(section.getByRole("searchbox", { name: "Username (sender or answerer)" }), " dana {Enter}");
    await waitFor(() => expect(section.getAllByRole("article")).toHaveLength(12));
    expect(asked.at(-1)).toMatchObject({ username: "dana", page: 1, pageSize: 20 });
    expect(section.queryByRole("navigation", { name: "Pages of answered requests" })).not.toBeInTheDocument();

    await user.clear(section.getByRole("searchbox"));
    await user.type(section.getByRole("searchbox"), "nobody{Enter}");
    expect(await section.findByText("No answered requests sent or answered by nobody.")).toBeInTheDocument();
    await user.click(section.getByRole("button", { name: "Clear" }));
    expect(await section.findByRole("article", { name: "Flat 100" })).toBeInTheDocument();
  });

  it("marks one arranged through a dialog that asks why, and says what was taken back", async () => {
    const { user, marked } = setup({ requests: [answered(12)] });
    const section = await answeredSection();
    const trigger = await section.findByRole("button", { name: "Mark arranged: request #12" });
    await user.click(trigger);
    const dialog = within(await screen.findByRole("dialog", { name: "Mark Request Arranged" }));
    expect(dialog.getByText(/Request #12 about Flat 12, sent by dana and answered by kenji_morita/)).toBeInTheDocument();
    const form = within(await dialog.findByRole("form", { name: "Mark arranged" }));

    // The reason is required, and at most 500 characters.
    await user.click(form.getByRole("button", { name: "Mark arranged" }));
    expect(await form.findByText("Please say why the request was arranged: it is kept with the decision.")).toBeInTheDocument();
    const reason = form.getByRole("textbox", { name: "Why was it arranged?" });
    expect(reason).toHaveFocus();
    fireEvent.change(reason, { target: { value: "z".repeat(501) } });
    expect(await form.findByText("Message must be less than 500 characters")).toBeInTheDocument();
    expect(form.getByText("501/500")).toBeInTheDocument();
    expect(marked).toHaveLength(0);

    fireEvent.change(reason, { target: { value: "  Both accounts were opened the same hour and answered in 50 ms.  " } });
    await user.click(form.getByRole("button", { name: "Mark arranged" }));
    expect(await toasts().findByText("Marked arranged")).toBeInTheDocument();
    expect(toasts().getByText("2 tokens were taken back. The verification it granted was withdrawn.")).toBeInTheDocument();
    expect(marked).toEqual([expect.objectContaining({ requestId: 12, message: "Both accounts were opened the same hour and answered in 50 ms." })]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const item = within(section.getByRole("article", { name: "Flat 12" }));
    await waitFor(() => expect(item.getByText("Arranged").nextSibling).toHaveTextContent("Yes, marked Nov 26, 2026"));
    expect(item.queryByRole("button", { name: /Mark arranged/ })).not.toBeInTheDocument();
  });

  it("opens, holds the focus and closes from the keyboard", async () => {
    const { user, marked } = setup({ requests: [answered(12)] });
    const trigger = await (await answeredSection()).findByRole("button", { name: "Mark arranged: request #12" });
    trigger.focus();
    await user.keyboard("{Enter}");
    const dialog = within(await screen.findByRole("dialog", { name: "Mark Request Arranged" }));
    const reason = within(await dialog.findByRole("form", { name: "Mark arranged" })).getByRole("textbox", { name: "Why was it arranged?" });
    // The focus stays in the dialog, and Tab reaches the reason (after the close button, where it may start).
    for (let i = 0; i < 4 && document.activeElement !== reason; i++) {
      expect(screen.getByRole("dialog").contains(document.activeElement)).toBe(true);
      await user.tab();
    }
    expect(reason).toHaveFocus();
    await user.keyboard("Same device");
    expect(reason).toHaveValue("Same device");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(marked).toHaveLength(0);
  });

  it("shows a refusal in the server's words and keeps the dialog open", async () => {
    const { user } = setup({
      requests: [answered(12)],
      markError: new ConnectError("This request is already marked arranged.", Code.FailedPrecondition),
    });
    await user.click(await (await answeredSection()).findByRole("button", { name: "Mark arranged: request #12" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Mark Request Arranged" }));
    const form = within(await dialog.findByRole("form", { name: "Mark arranged" }));
    await user.type(form.getByRole("textbox", { name: "Why was it arranged?" }), "Same device.");
    await user.click(form.getByRole("button", { name: "Mark arranged" }));
    expect(await form.findByRole("alert")).toHaveTextContent("This request is already marked arranged.");
    expect(toasts().getByText("Error")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Mark Request Arranged" })).toBeInTheDocument();
  });
});
