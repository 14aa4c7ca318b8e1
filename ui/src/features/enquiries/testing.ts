import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import {
  EnquiryService,
  ListingSchema,
  MessageSchema,
  PartySchema,
  ThreadSchema,
  ViewingSchema,
  ViewingTimeSchema,
  type AcceptViewingTimeRequest,
  type CancelViewingRequest,
  type DeclineViewingRequest,
  type GetThreadRequest,
  type ListReceivedEnquiriesRequest,
  type Message,
  type ReportThreadRequest,
  type RequestViewingRequest,
  type SendMessageRequest,
  type StartEnquiryRequest,
  type Thread,
  type Viewing,
} from "@/gen/rentproof/enquiry/v1/enquiry_pb";
import { PropertyService, type Property } from "@/gen/rentproof/property/v1/property_pb";
import { wallClock } from "./enquiry";

/** inDays is a wall-clock time in London `days` from now at 10:00 or 18:30. */
export function inDays(days: number, evening = false): string {
  const day = wallClock(new Date(Date.now() + days * 86_400_000), "Europe/London").slice(0, 10);
  return `${day}T${evening ? "18:30" : "10:00"}`;
}

type Init<T> = Partial<Omit<T, "$typeName" | "$unknown">>;

/** makeThread builds a thread as one of its members sees it (the enquirer's by default). */
export function makeThread(overrides: Init<Thread> = {}): Thread {
  return create(ThreadSchema, {
    id: 41n,
    listing: create(ListingSchema, {
      propertyId: 3,
      title: "Sunny Flat",
      city: "London",
      verified: true,
      verificationMethod: "documents",
      timeZone: "Europe/London",
      active: true,
    }),
    role: "enquirer",
    other: create(PartySchema, { userId: 8, name: "Lars L." }),
    status: "open",
    createdAt: timestampFromDate(new Date("2026-11-20T10:00:00Z")),
    lastMessageAt: timestampFromDate(new Date("2026-11-21T10:00:00Z")),
    lastMessage: "Is it still available?",
    ...overrides,
  });
}

/** makeMessage builds a message of a thread. */
export function makeMessage(overrides: Init<Message> = {}): Message {
  return create(MessageSchema, {
    id: 1n,
    author: "me",
    body: "Is it still available?",
    sentAt: timestampFromDate(new Date("2026-11-20T10:00:00Z")),
    ...overrides,
  });
}

/** makeViewing builds a requested viewing with two times, 18:30 on Dec 3 and 10:00 on Dec 5, in London. */
export function makeViewing(overrides: Init<Viewing> = {}): Viewing {
  return create(ViewingSchema, {
    id: 71n,
    status: "requested",
    timeZone: "Europe/London",
    times: [
      create(ViewingTimeSchema, { id: 81n, local: "2026-12-03T18:30", startsAt: timestampFromDate(new Date("2026-12-03T18:30:00Z")) }),
      create(ViewingTimeSchema, { id: 82n, local: "2026-12-05T10:00", startsAt: timestampFromDate(new Date("2026-12-05T10:00:00Z")) }),
    ],
    createdAt: timestampFromDate(new Date("2026-11-20T10:00:00Z")),
    ...overrides,
  });
}

/** A thread as the fake keeps it: the thread, its messages and its viewings. */
export interface FakeThread {
  thread: Thread;
  messages?: Message[];
  viewings?: Viewing[];
}

/** EnquiryFakeOptions are the caller's threads, their listings, and failures. */
export interface EnquiryFakeOptions {
  threads?: FakeThread[];
  /** The owner's listings, served by PropertyService.ListMyProperties (for the listing filter); none: not served. */
  listings?: Property[];
  /** Makes an rpc fail with this error while it is set. */
  fail?: Partial<Record<keyof typeof EnquiryService.method, Error>>;
  /** Runs before each GetThread is answered: it may wait (a slow answer) or throw (a failure), for one window only, say. */
  onGetThread?: (req: GetThreadRequest) => Promise<void> | void;
}

/**
 * serveEnquiryFakes serves EnquiryService from memory as the server answers one member (unread
 * threads first; accepting a time closes the others and gives a calendar file; decided once), and
 * records the requests.
 */
export function serveEnquiryFakes({ threads = [], listings, fail = {}, onGetThread }: EnquiryFakeOptions = {}) {
  const state = threads.map((t) => ({ thread: t.thread, messages: [...(t.messages ?? [])], viewings: [...(t.viewings ?? [])] }));
  const requests = {
    started: [] as StartEnquiryRequest[],
    received: [] as ListReceivedEnquiriesRequest[],
    /** Each GetThread asked, by thread id. */
    read: [] as bigint[],
    markedRead: [] as bigint[],
    sent: [] as SendMessageRequest[],
    closed: [] as bigint[],
    accepted: [] as AcceptViewingTimeRequest[],
    declined: [] as DeclineViewingRequest[],
    cancelled: [] as CancelViewingRequest[],
    viewingsAsked: [] as RequestViewingRequest[],
    blocked: [] as bigint[],
    reported: [] as ReportThreadRequest[],
  };
  let nextId = 500n;
  const check = (method: keyof typeof EnquiryService.method) => {
    const err = fail[method];
    if (err) throw err;
  };
  const find = (id: bigint) => {
    const found = state.find((t) => t.thread.id === id);
    if (!found) throw new ConnectError("This conversation does not exist.", Code.NotFound);
    return found;
  };
  const findViewing = (id: bigint) => {
    for (const t of state) {
      const v = t.viewings.find((x) => x.id === id);
      if (v) return { t, v };
    }
    throw new ConnectError("This viewing does not exist.", Code.NotFound);
  };
  const sorted = (role: string, propertyId = 0) =>
    state
      .filter((t) => t.thread.role === role && (!propertyId || t.thread.listing?.propertyId === propertyId))
      .map((t) => t.thread)
      .sort((a, b) => Number(b.unread > 0) - Number(a.unread > 0));
  const system = (t: (typeof state)[number], body: string) =>
    t.messages.push(makeMessage({ id: nextId++, author: "system", body, sentAt: timestampFromDate(new Date()) }));

  const serve = (router: ConnectRouter) => {
    router.service(EnquiryService, {
      startEnquiry(req) {
        requests.started.push(req);
        check("startEnquiry");
        const thread = makeThread({ id: nextId++, role: "enquirer", lastMessage: req.message });
        state.push({ thread, messages: [], viewings: [] });
        return { thread };
      },
      listMyEnquiries() {
        check("listMyEnquiries");
        const list = sorted("enquirer");
        return { threads: list, hasMore: false, unreadThreads: list.filter((t) => t.unread > 0).length };
      },
      listReceivedEnquiries(req) {
        requests.received.push(req);
        check("listReceivedEnquiries");
        const list = sorted("owner", req.propertyId);
        return { threads: list, hasMore: false, unreadThreads: list.filter((t) => t.unread > 0).length };
      },
      async getThread(req) {
        requests.read.push(req.threadId);
        check("getThread");
        await onGetThread?.(req);
        const t = find(req.threadId);
        // The server's windows: the latest 100, the 100 before a message, or every one from a message on.
        const since = req.sinceMessageId;
        const inWindow = t.messages.filter((m) => m.id >= since && (req.beforeMessageId === 0n || m.id < req.beforeMessageId));
        const messages = inWindow.slice(-(since > 0n ? 1000 : 100));
        const first = messages[0]?.id ?? since;
        return { thread: t.thread, messages, viewings: t.viewings, hasEarlier: t.messages.some((m) => m.id < first) };
      },
      markThreadRead(req) {
        requests.markedRead.push(req.threadId);
        check("markThreadRead");
        find(req.threadId).thread.unread = 0;
        return {};
      },
      sendMessage(req) {
        requests.sent.push(req);
        check("sendMessage");
        const t = find(req.threadId);
        if (t.thread.status !== "open") throw new ConnectError("This conversation is closed.", Code.FailedPrecondition);
        const message = makeMessage({ id: nextId++, author: "me", body: req.body, sentAt: timestampFromDate(new Date()) });
        t.messages.push(message);
        return { message };
      },
      closeThread(req) {
        requests.closed.push(req.threadId);
        check("closeThread");
        const t = find(req.threadId);
        t.thread.status = "closed";
        t.thread.closedReason = t.thread.role === "owner" ? "closed_by_owner" : "closed_by_enquirer";
        return { thread: t.thread };
      },
      requestViewing(req) {
        requests.viewingsAsked.push(req);
        check("requestViewing");
        const t = find(req.threadId);
        if (t.thread.role !== "enquirer") throw new ConnectError("Only the member who started this conversation can ask for a viewing.", Code.PermissionDenied);
        if (t.thread.status !== "open") throw new ConnectError("This conversation is closed.", Code.FailedPrecondition);
        const zone = t.thread.listing?.timeZone ?? "";
        const times = req.times.map((local) => create(ViewingTimeSchema, { id: nextId++, local, startsAt: timestampFromDate(new Date(`${local}:00Z`)) }));
        const viewing = makeViewing({ id: nextId++, timeZone: zone, times, createdAt: timestampFromDate(new Date()) });
        t.viewings.unshift(viewing); // newest first, as the server lists them
        if (req.message) t.messages.push(makeMessage({ id: nextId++, author: "me", body: req.message, sentAt: timestampFromDate(new Date()) }));
        t.thread.pendingViewing = true;
        return { viewing };
      },
      acceptViewingTime(req) {
        requests.accepted.push(req);
        check("acceptViewingTime");
        const { t, v } = findViewing(req.viewingId);
        if (v.status !== "requested") throw new ConnectError("This viewing was already decided.", Code.FailedPrecondition);
        const time = v.times.find((x) => x.id === req.timeId);
        if (!time) throw new ConnectError("This time is not one of the viewing's.", Code.InvalidArgument);
        v.status = "accepted";
        time.accepted = true;
        v.calendarUrl = `/api/enquiries/viewings/${v.id}/calendar.ics`;
        t.thread.pendingViewing = false;
        system(t, `Viewing accepted: ${time.local}`);
        return { viewing: v };
      },
      declineViewing(req) {
        requests.declined.push(req);
        check("declineViewing");
        const { t, v } = findViewing(req.viewingId);
        v.status = "declined";
        v.message = req.message;
        t.thread.pendingViewing = false;
        return { viewing: v };
      },
      cancelViewing(req) {
        requests.cancelled.push(req);
        check("cancelViewing");
        const { v } = findViewing(req.viewingId);
        v.status = "cancelled";
        v.cancelledBy = "me";
        v.message = req.message;
        v.calendarUrl = "";
        return { viewing: v };
      },
      blockSender(req) {
        requests.blocked.push(req.threadId);
        check("blockSender");
        const t = find(req.threadId);
        t.thread.status = "closed";
        t.thread.closedReason = "sender_blocked";
        return { thread: t.thread };
      },
      reportThread(req) {
        requests.reported.push(req);
        check("reportThread");
        find(req.threadId);
        return {};
      },
    });
    if (listings) {
      router.service(PropertyService, {
        listMyProperties: () => ({ properties: listings, totalCount: listings.length }),
      });
    }
  };
  return { serve, requests, state };
}
