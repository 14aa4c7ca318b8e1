import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { CONNECTION_MESSAGE } from "@/lib/errors";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { THREAD_REFRESH_MS } from "../api/use-enquiries";
import { SAFETY_NOTICE } from "../enquiry";
import { inDays, makeMessage, makeThread, makeViewing, serveEnquiryFakes, type EnquiryFakeOptions } from "../testing";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const tenant = makeUser({ id: 7, username: "dana", role: "tenant" });
const landlord = makeUser({ id: 8, username: "lars", role: "landlord" });

const ownerThread = () =>
  makeThread({ id: 41n, role: "owner", other: { $typeName: "rentproof.enquiry.v1.Party", userId: 7, name: "Dana W.", profileImage: "" }, unread: 1, pendingViewing: true });
const conversation = () => [
  makeMessage({ id: 1n, author: "system", body: SAFETY_NOTICE, sentAt: timestampFromDate(new Date("2026-11-20T09:59:00Z")) }),
  makeMessage({ id: 2n, author: "them", body: "Could I see it next week?", sentAt: timestampFromDate(new Date("2026-11-20T10:00:00Z")) }),
  makeMessage({
    id: 3n,
    author: "me",
    body: "Of course.",
    sentAt: timestampFromDate(new Date("2026-11-20T11:00:00Z")),
    readAt: timestampFromDate(new Date("2026-11-20T12:00:00Z")),
  }),
  makeMessage({ id: 4n, author: "me", body: "Any time after six.", sentAt: timestampFromDate(new Date("2026-11-20T11:05:00Z")) }),
];

function setup({ path = "/dashboard/enquiries/41", viewer = landlord as User, ...options }: EnquiryFakeOptions & { path?: string; viewer?: User } = {}) {
  const fakes = serveEnquiryFakes({ threads: [{ thread: ownerThread(), messages: conversation(), viewings: [makeViewing()] }], ...options });
  const transport = fakeTransport({ user: viewer, extra: fakes.serve });
  return { ...renderApp({ path, transport }), ...fakes, user: userEvent.setup() };
}

const viewingCard = async () => within(await screen.findByRole("article", { name: /Viewing request/ }));
/** A long conversation: 250 messages, "Message 1" to "Message 250". */
const longConversation = () => Array.from({ length: 250 }, (_, i) => makeMessage({ id: BigInt(i + 1), author: "them", body: `Message ${i + 1}` }));
/** The bodies of the messages on screen, oldest first. */
const shownMessages = () =>
  screen
    .getAllByRole("listitem")
    .filter((li) => li.classList.contains("enquiry-message"))
    .map((m) => m.querySelector("p:not(.visually-hidden)")?.textContent);
const EARLIER_FAILED = "Could not load the earlier messages. Please try again.";
const REFRESH_FAILING = "We could not check for new messages just now, so some may not be shown yet. We will keep trying.";

describe("ThreadPage", () => {
  it("shows the listing, the safety notice and the messages oldest first, with Read on the caller's read ones, and marks it read", async () => {
    const { requests } = setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Enquiry: Sunny Flat" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sunny Flat" })).toHaveAttribute("href", "/properties/3");
    expect(screen.getByRole("note", { name: "Safety" })).toHaveTextContent(SAFETY_NOTICE);
    const messages = screen.getAllByRole("listitem").filter((li) => li.classList.contains("enquiry-message"));
    expect(messages.map((m) => m.querySelector("p:not(.visually-hidden)")?.textContent)).toEqual([
      SAFETY_NOTICE,
      "Could I see it next week?",
      "Of course.",
      "Any time after six.",
    ]);
    expect(messages[2]).toHaveTextContent(/You · .* · Read/);
    expect(messages[3]).not.toHaveTextContent("Read");
    expect(messages[1]).toHaveTextContent("Dana W.");
    await waitFor(() => expect(requests.markedRead).toEqual([41n]));
  });

  it("shows a long conversation's latest 100 messages, and the earlier ones a hundred at a time on asking, without a gap when one arrives", async () => {
    const long = longConversation();
    const { user, requests } = setup({ threads: [{ thread: ownerThread(), messages: long, viewings: [] }] });
    const shown = shownMessages;
    await screen.findByText("Message 250");
    expect(shown()).toHaveLength(100);
    expect(shown()[0]).toBe("Message 151");

    await user.click(screen.getByRole("button", { name: "Show earlier messages" }));
    await screen.findByText("Message 51");
    expect(shown()).toHaveLength(200);
    // A reply while paged back: the thread is asked from message 151 on, so nothing goes missing.
    const reply = within(screen.getByRole("form", { name: "Reply" }));
    await user.type(reply.getByRole("textbox"), "A reply after paging back");
    await user.click(reply.getByRole("button", { name: "Send reply" }));
    await screen.findByText("A reply after paging back");
    expect(shown()).toHaveLength(201);

    await user.click(screen.getByRole("button", { name: "Show earlier messages" }));
    await screen.findByText("Message 1");
    expect(shown()).toEqual([...long.map((m) => m.body), "A reply after paging back"]);
    expect(screen.queryByRole("button", { name: "Show earlier messages" })).not.toBeInTheDocument();
    expect(requests.read.length).toBeGreaterThan(3);
  });

  it("keeps the messages shown when the earlier ones cannot be loaded, says so, and asks again from the keyboard", async () => {
    const fail: EnquiryFakeOptions["fail"] = {};
    const { user } = setup({ threads: [{ thread: ownerThread(), messages: longConversation(), viewings: [] }], fail });
    await screen.findByText("Message 250");
    // The connection drops: the earlier page and the thread from the first message shown on both fail.
    fail.getThread = new ConnectError("Failed to fetch", Code.Unavailable);
    const button = screen.getByRole("button", { name: "Show earlier messages" });
    await user.click(button);
    expect(await screen.findByText(EARLIER_FAILED)).toHaveAttribute("role", "alert");
    expect(shownMessages()).toHaveLength(100);
    expect(shownMessages()[0]).toBe("Message 151");
    expect(screen.getByRole("heading", { level: 1, name: "Enquiry: Sunny Flat" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Reply" })).toBeInTheDocument();
    // Not stuck loading: the same button asks again, and still has the focus.
    expect(button).toHaveTextContent("Show earlier messages");
    expect(button).not.toHaveAttribute("aria-busy", "true");
    expect(button).toHaveFocus();

    delete fail.getThread;
    await user.keyboard("{Enter}");
    await screen.findByText("Message 51");
    expect(shownMessages()).toHaveLength(200);
    expect(screen.queryByText(EARLIER_FAILED)).not.toBeInTheDocument();
  });

  it("keeps the earlier pages shown when the next one fails, and clears the error once asking again succeeds", async () => {
    let down = true;
    const { user } = setup({
      threads: [{ thread: ownerThread(), messages: longConversation(), viewings: [] }],
      onGetThread: (req) => {
        if (down && req.beforeMessageId === 51n) throw new ConnectError("Something went wrong.", Code.Internal);
      },
    });
    await screen.findByText("Message 250");
    await user.click(screen.getByRole("button", { name: "Show earlier messages" }));
    await screen.findByText("Message 51");
    await user.click(screen.getByRole("button", { name: "Show earlier messages" }));
    expect(await screen.findByText(EARLIER_FAILED)).toHaveAttribute("role", "alert");
    expect(shownMessages()).toHaveLength(200);
    expect(shownMessages()[0]).toBe("Message 51");

    down = false;
    await user.click(screen.getByRole("button", { name: "Show earlier messages" }));
    await screen.findByText("Message 1");
    expect(shownMessages()).toHaveLength(250);
    expect(screen.queryByText(EARLIER_FAILED)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show earlier messages" })).not.toBeInTheDocument();
  });

  it("says it is loading earlier messages only while an earlier page loads, not while a reply refreshes the ones shown", async () => {
    let hold = false;
    let release = () => {};
    const earlierAsked: bigint[] = [];
    const { user } = setup({
      threads: [{ thread: ownerThread(), messages: longConversation(), viewings: [] }],
      onGetThread: (req) => {
        if (req.beforeMessageId === 0n) return;
        earlierAsked.push(req.beforeMessageId);
        if (hold) return new Promise<void>((resolve) => (release = resolve));
      },
    });
    await screen.findByText("Message 250");
    expect(screen.queryByText("Loading earlier messages...")).not.toBeInTheDocument();

    hold = true;
    await user.click(screen.getByRole("button", { name: "Show earlier messages" }));
    const loading = await screen.findByRole("button", { name: "Loading earlier messages..." });
    expect(loading).toHaveAttribute("aria-busy", "true");
    expect(loading).toHaveAttribute("aria-disabled", "true");
    expect(loading).toBeEnabled(); // aria-disabled only, so it keeps the focus
    await user.click(loading);
    expect(earlierAsked).toEqual([151n]);
    release();
    await screen.findByText("Message 51");
    expect(screen.getByRole("button", { name: "Show earlier messages" })).not.toHaveAttribute("aria-busy", "true");
    expect(screen.queryByText("Loading earlier messages...")).not.toBeInTheDocument();

    // A reply asks again for the messages from the first one shown on, not the earlier page: not "loading earlier messages".
    const reply = within(screen.getByRole("form", { name: "Reply" }));
    await user.type(reply.getByRole("textbox"), "One more thing");
    await user.click(reply.getByRole("button", { name: "Send reply" }));
    await screen.findByText("One more thing");
    expect(earlierAsked).toEqual([151n]);
    expect(screen.getByRole("button", { name: "Show earlier messages" })).not.toHaveAttribute("aria-busy", "true");
    expect(screen.queryByText("Loading earlier messages...")).not.toBeInTheDocument();
  });

  it("after a reply asks only for the messages from the first one shown on, and keeps the earlier pages shown", async () => {
    const asked: { since: bigint; before: bigint }[] = [];
    const { user } = setup({
      threads: [{ thread: ownerThread(), messages: longConversation(), viewings: [] }],
      onGetThread: (req) => void asked.push({ since: req.sinceMessageId, before: req.beforeMessageId }),
    });
    await screen.findByText("Message 250");
    await user.click(screen.getByRole("button", { name: "Show earlier messages" }));
    await screen.findByText("Message 51");
    await user.click(screen.getByRole("button", { name: "Show earlier messages" }));
    await screen.findByText("Message 1");
    expect(shownMessages()).toHaveLength(250);
    const before = asked.length;

    const reply = within(screen.getByRole("form", { name: "Reply" }));
    await user.type(reply.getByRole("textbox"), "Thanks for waiting");
    await user.click(reply.getByRole("button", { name: "Send reply" }));
    await screen.findByText("Thanks for waiting");
    // Let any other request the reply started arrive.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked.slice(before)).toEqual([{ since: 151n, before: 0n }]);
    expect(shownMessages()).toEqual([...longConversation().map((m) => m.body), "Thanks for waiting"]);
  });

  it("says so when the conversation cannot be loaded, and Try Again asks again", async () => {
    const fail: EnquiryFakeOptions["fail"] = { getThread: new ConnectError("Something went wrong on our side.", Code.Internal) };
    const { user, requests } = setup({ fail });
    const panel = within(await screen.findByRole("alert"));
    expect(panel.getByRole("heading", { name: "Server Error" })).toBeInTheDocument();
    expect(requests.markedRead).toEqual([]);

    delete fail.getThread;
    await user.click(panel.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("Any time after six.")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await waitFor(() => expect(requests.markedRead).toEqual([41n]));
  });

  it("says the conversation cannot be reached in the app's words when the connection is down, not the browser's", async () => {
    // What connect-web raises when fetch() itself fails.
    const fail: EnquiryFakeOptions["fail"] = { getThread: ConnectError.from(new TypeError("Failed to fetch")) };
    const { user } = setup({ fail });
    const panel = within(await screen.findByRole("alert"));
    expect(panel.getByRole("heading", { name: "Connection Error" })).toBeInTheDocument();
    expect(panel.getByText(CONNECTION_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();

    delete fail.getThread;
    await user.click(panel.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("Any time after six.")).toBeInTheDocument();
  });

  it("says a conversation without messages has none yet, and offers the reply box", async () => {
    setup({ threads: [{ thread: ownerThread(), messages: [], viewings: [] }] });
    expect(await screen.findByText("No messages yet.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show earlier messages" })).not.toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Reply" })).toBeInTheDocument();
  });

  it("shows the server's refusal of a reply in the form, and keeps what was written", async () => {
    const refusal = "You have sent 60 messages in the last hour. Please wait before sending more.";
    const { user } = setup({ fail: { sendMessage: new ConnectError(refusal, Code.ResourceExhausted) } });
    const form = within(await screen.findByRole("form", { name: "Reply" }));
    await user.type(form.getByLabelText("Your reply"), "See you then.");
    await user.click(form.getByRole("button", { name: "Send reply" }));
    expect(await form.findByRole("alert")).toHaveTextContent(refusal);
    expect(form.getByLabelText("Your reply")).toHaveValue("See you then.");
    expect(form.getByRole("button", { name: "Send reply" })).toBeEnabled();
    expect(screen.getAllByText("See you then.")).toHaveLength(1); // in the box, not in the conversation
  });

  it("lets the owner accept one time, then offers the calendar file", async () => {
    const { user, requests } = setup();
    const card = await viewingCard();
    expect(card.getByText(/Europe\/London/)).toBeInTheDocument();
    await user.click(card.getByRole("button", { name: /^Accept Sat, Dec 5, 2026, 10:00\sAM$/ }));
    await waitFor(() => expect(requests.accepted).toHaveLength(1));
    expect(requests.accepted[0]).toMatchObject({ viewingId: 71n, timeId: 82n });
    const accepted = await viewingCard();
    expect(await accepted.findByRole("link", { name: "Download calendar file" })).toHaveAttribute(
      "href",
      "/api/enquiries/viewings/71/calendar.ics",
    );
    expect(accepted.queryByRole("button", { name: /^Accept/ })).not.toBeInTheDocument();
    expect(accepted.getByRole("heading")).toHaveTextContent("Accepted");
  });

  it("lets the owner decline with a message, which is required", async () => {
    const { user, requests } = setup();
    const card = await viewingCard();
    expect(screen.queryByRole("button", { name: /^Request (a|another) viewing$/ })).not.toBeInTheDocument(); // the member asks, not the owner
    await user.click(card.getByRole("button", { name: "Decline" }));
    const form = within(await card.findByRole("form", { name: "Decline the viewing" }));
    await user.click(form.getByRole("button", { name: "Decline viewing" }));
    expect(await form.findByText("Tell the member why")).toBeInTheDocument();
    await user.type(form.getByLabelText("Message to the member"), "Let go already, sorry.");
    await user.click(form.getByRole("button", { name: "Decline viewing" }));
    await waitFor(() => expect(requests.declined).toHaveLength(1));
    expect(requests.declined[0]).toMatchObject({ viewingId: 71n, message: "Let go already, sorry." });
    expect(await card.findByText("The owner declined: Let go already, sorry.")).toBeInTheDocument();
  });

  it("sends a reply, which may not be empty", async () => {
    const { user, requests } = setup();
    const form = within(await screen.findByRole("form", { name: "Reply" }));
    await user.click(form.getByRole("button", { name: "Send reply" }));
    expect(await form.findByText("Write your reply")).toBeInTheDocument();
    await user.type(form.getByLabelText("Your reply"), "  See you then.  ");
    expect(form.getByText("13/2,000 characters")).toBeInTheDocument();
    await user.click(form.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(requests.sent).toEqual([expect.objectContaining({ threadId: 41n, body: "See you then." })]));
    expect(await screen.findByText("See you then.")).toBeInTheDocument();
    await waitFor(() => expect(form.getByLabelText("Your reply")).toHaveValue(""));
  });

  it("blocks the sender after asking again, and then the thread is closed", async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByRole("button", { name: "Block sender" }));
    const dialog = await screen.findByRole("dialog", { name: "Block Dana W.?" });
    await user.click(within(dialog).getByRole("button", { name: "Block sender" }));
    await waitFor(() => expect(requests.blocked).toEqual([41n]));
    expect(await screen.findByText("The owner is not taking enquiries from this member.")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Reply" })).not.toBeInTheDocument();
  });

  it("reports the thread with a reason", async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report this conversation" });
    const form = within(await within(dialog).findByRole("form", { name: "Report this conversation" }));
    await user.click(form.getByRole("button", { name: "Send report" }));
    expect(await form.findByText("Choose a reason")).toBeInTheDocument();
    await user.click(form.getByLabelText("Scam: asks for money outside RentProof"));
    await user.type(form.getByLabelText(/Note/), "Asked for a deposit by wire.");
    await user.click(form.getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(requests.reported).toEqual([expect.objectContaining({ threadId: 41n, reason: "scam", note: "Asked for a deposit by wire." })]));
  });

  it("gives the member who asked no Accept, Decline or Block, but Cancel viewing and Close thread", async () => {
    const mine = makeThread({ id: 42n, role: "enquirer" });
    const { user, requests } = setup({
      viewer: tenant,
      path: "/dashboard/my-enquiries/42",
      threads: [{ thread: mine, messages: [makeMessage({ id: 9n, author: "me", body: "Hello" })], viewings: [makeViewing({ id: 72n })] }],
    });
    const card = await viewingCard();
    expect(card.queryByRole("button", { name: /^Accept/ })).not.toBeInTheDocument();
    expect(card.queryByRole("button", { name: "Decline" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Block sender" })).not.toBeInTheDocument();
    await user.click(card.getByRole("button", { name: "Cancel viewing" }));
    const form = within(await card.findByRole("form", { name: "Cancel the viewing" }));
    await user.click(form.getByRole("button", { name: "Cancel viewing" }));
    await waitFor(() => expect(requests.cancelled).toEqual([expect.objectContaining({ viewingId: 72n, message: "" })]));
    expect(await card.findByText("You cancelled it.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Close thread" }));
    const dialog = await screen.findByRole("dialog", { name: "Close this conversation?" });
    await user.click(within(dialog).getByRole("button", { name: "Close thread" }));
    await waitFor(() => expect(requests.closed).toEqual([42n]));
    expect(await screen.findByText("The member who asked closed this conversation.")).toBeInTheDocument();
  });

  it("lets the member who asked request a viewing in the thread, then another, at times in the listing's zone", async () => {
    const mine = makeThread({ id: 43n, role: "enquirer" });
    const { user, requests } = setup({
      viewer: tenant,
      path: "/dashboard/my-enquiries/43",
      threads: [{ thread: mine, messages: [makeMessage({ id: 9n, author: "me", body: "Is it still available?" })] }],
    });
    await user.click(await screen.findByRole("button", { name: "Request a viewing" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Request a viewing" }));
    const form = within(dialog.getByRole("form", { name: "Request a viewing" }));
    expect(form.getByRole("group", { name: /Proposed times \(Europe\/London/ })).toBeInTheDocument();
    await user.click(form.getByRole("button", { name: "Request viewing" }));
    expect(await form.findByText("Choose a date and time")).toBeInTheDocument();
    fireEvent.change(form.getByLabelText("Time 1"), { target: { value: inDays(61) } });
    expect(await form.findByText("Choose a time within the next 60 days")).toBeInTheDocument();
    fireEvent.change(form.getByLabelText("Time 1"), { target: { value: inDays(3) } });
    await user.click(form.getByRole("button", { name: "Add another time" }));
    fireEvent.change(form.getByLabelText("Time 2"), { target: { value: inDays(4, true) } });
    await user.type(form.getByLabelText(/Message/), "Could I come with my partner?");
    await user.click(form.getByRole("button", { name: "Request viewing" }));
    await waitFor(() =>
      expect(requests.viewingsAsked).toEqual([
        expect.objectContaining({ threadId: 43n, times: [inDays(3), inDays(4, true)], message: "Could I come with my partner?" }),
      ]),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await viewingCard()).toBeTruthy();
    expect(await screen.findByText("Could I come with my partner?")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Request another viewing" })).toBeInTheDocument();
  });

  it("shows the server's refusal of another viewing in its form", async () => {
    const refusal = "You have sent 60 messages in the last hour. Please wait before sending more.";
    const mine = makeThread({ id: 44n, role: "enquirer" });
    const { user } = setup({
      viewer: tenant,
      path: "/dashboard/my-enquiries/44",
      threads: [{ thread: mine, viewings: [makeViewing({ id: 73n })] }],
      fail: { requestViewing: new ConnectError(refusal, Code.ResourceExhausted) },
    });
    await user.click(await screen.findByRole("button", { name: "Request another viewing" }));
    const form = within(await screen.findByRole("form", { name: "Request a viewing" }));
    fireEvent.change(form.getByLabelText("Time 1"), { target: { value: inDays(5) } });
    await user.click(form.getByRole("button", { name: "Request viewing" }));
    expect(await form.findByRole("alert")).toHaveTextContent(refusal);
  });

  it("offers no viewing request in a closed thread", async () => {
    const closed = makeThread({ id: 45n, role: "enquirer", status: "closed", closedReason: "closed_by_owner" });
    setup({ viewer: tenant, path: "/dashboard/my-enquiries/45", threads: [{ thread: closed, viewings: [makeViewing({ id: 74n })] }] });
    await viewingCard();
    expect(screen.queryByRole("button", { name: /^Request (a|another) viewing$/ })).not.toBeInTheDocument();
  });

  it("offers no viewing request for a withdrawn listing, and says why", async () => {
    const withdrawn = makeThread({ id: 46n, role: "enquirer" });
    withdrawn.listing!.active = false;
    setup({ viewer: tenant, path: "/dashboard/my-enquiries/46", threads: [{ thread: withdrawn, viewings: [makeViewing({ id: 75n })] }] });
    await viewingCard();
    expect(screen.getByRole("region", { name: "Listing" })).toHaveTextContent("withdrawn: takes no new enquiries or viewing requests");
    expect(screen.queryByRole("button", { name: /^Request (a|another) viewing$/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close thread" })).toBeInTheDocument();
  });

  it("asks again for new messages every 10 seconds while it is visible, not while its tab is hidden", async () => {
    // Only the timers are fake (and run on with real time), so the page's own waits still work.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const hide = (hidden: boolean) => {
      if (hidden) Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      else Reflect.deleteProperty(document, "visibilityState");
      document.dispatchEvent(new Event("visibilitychange"));
    };
    try {
      const { state, requests } = setup();
      await screen.findByText("Any time after six.");
      const answer = (id: bigint, body: string) =>
        state[0].messages.push(makeMessage({ id, author: "them", body, sentAt: timestampFromDate(new Date("2026-11-20T12:30:00Z")) }));

      answer(10n, "Thursday at six suits me.");
      await act(() => vi.advanceTimersByTimeAsync(THREAD_REFRESH_MS));
      expect(await screen.findByText("Thursday at six suits me.")).toBeInTheDocument();

      hide(true);
      const asked = requests.read.length;
      answer(11n, "Or Friday?");
      await act(() => vi.advanceTimersByTimeAsync(3 * THREAD_REFRESH_MS));
      expect(requests.read).toHaveLength(asked);
      expect(screen.queryByText("Or Friday?")).not.toBeInTheDocument();

      // Back in view, the next tick asks again.
      hide(false);
      await act(() => vi.advanceTimersByTimeAsync(THREAD_REFRESH_MS));
      expect(await screen.findByText("Or Friday?")).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(document, "visibilityState");
      vi.useRealTimers();
    }
  });

  it("keeps asking every 10 seconds after a refresh fails, keeps the messages, and says so politely while refreshing keeps failing", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    try {
      let down = false;
      const { state, requests } = setup({
        onGetThread: () => {
          if (down) throw new ConnectError("Failed to fetch", Code.Unknown);
        },
      });
      await screen.findByText("Any time after six.");
      const tick = () => act(() => vi.advanceTimersByTimeAsync(THREAD_REFRESH_MS));

      // One refresh fails: the messages stay, and nothing is said yet.
      down = true;
      let asked = requests.read.length;
      await tick();
      await waitFor(() => expect(requests.read).toHaveLength(asked + 1));
      expect(screen.getByText("Any time after six.")).toBeInTheDocument();
      expect(screen.queryByText(REFRESH_FAILING)).not.toBeInTheDocument();

      // It keeps asking; failing again, it says new messages may not be shown.
      asked = requests.read.length;
      await tick();
      await waitFor(() => expect(requests.read).toHaveLength(asked + 1));
      const notice = await screen.findByText(REFRESH_FAILING);
      expect(notice.closest('[role="status"]')).not.toBeNull();
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      expect(shownMessages()).toHaveLength(4);

      // Back up: the next refresh shows what arrived meanwhile, and the notice goes.
      down = false;
      state[0].messages.push(makeMessage({ id: 10n, author: "them", body: "Are you still there?" }));
      await tick();
      expect(await screen.findByText("Are you still there?")).toBeInTheDocument();
      expect(screen.queryByText(REFRESH_FAILING)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says so when the thread is not the caller's", async () => {
    setup({ path: "/dashboard/enquiries/999" });
    expect(await screen.findByRole("heading", { level: 1, name: "Conversation Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Enquiries" })).toHaveAttribute("href", "/dashboard?tab=enquiries");
  });
});
