import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Code } from "@connectrpc/connect";
import { zodResolver } from "@hookform/resolvers/zod";
import { Ban, CalendarCheck, CalendarPlus, Check, Download, Flag, Lock, WifiOff, X } from "lucide-react";
import { Suspense, lazy, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useParams } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { Message, Thread, Viewing } from "@/gen/rentproof/enquiry/v1/enquiry_pb";
import { errorMessage, isCode } from "@/lib/errors";
import { usePageTitle } from "@/lib/use-page-title";
import {
  useAcceptViewingTime,
  useBlockSender,
  useCloseThread,
  useMarkThreadRead,
  useSendMessage,
  useEarlierMessages,
  useThread,
} from "../api/use-enquiries";
import { VIEWING_STATUS, closedReason, formatLocal, formatMoment, formatMonth, parseThreadId, zoneName } from "../enquiry";
import { REPLY_LIMITS, replySchema, type ReplyValues } from "../schemas";
import { AnotherViewingForm, Outcome, counter } from "./enquiry-forms";
import { SafetyNotice } from "./safety-notice";
import "../enquiries.css";

// The decline, cancel and report forms load when one is opened.
const DeclineForm = lazy(async () => ({ default: (await import("./viewing-forms")).DeclineForm }));
const CancelForm = lazy(async () => ({ default: (await import("./viewing-forms")).CancelForm }));
const ReportForm = lazy(async () => ({ default: (await import("./viewing-forms")).ReportForm }));

/**
 * What the thread says, under the messages shown, once asking again for new messages has failed
 * twice in a row (a one-off failure says nothing: the next refresh asks again); gone once one succeeds.
 */
const REFRESH_FAILING = "We could not check for new messages just now, so some may not be shown yet. We will keep trying.";

/** Which side's page: /dashboard/enquiries/{id} (owner) or /dashboard/my-enquiries/{id} (enquirer). */
export type ThreadSide = "owner" | "enquirer";

const SIDES: Record<ThreadSide, { list: string; to: string }> = {
  owner: { list: "Enquiries", to: "/dashboard?tab=enquiries" },
  enquirer: { list: "My Enquiries", to: "/dashboard?tab=my-enquiries" },
};

/**
 * ThreadPage is one enquiry thread (issue 31): the listing, the safety notice, the viewings with
 * their times in the listing's zone and what each side may do with them, the messages oldest
 * first ("Read" under the caller's own once the other read them) and the reply box; Close,
 * Block sender (the owner) and Report. Opening it marks it read.
 */
export function ThreadPage({ side }: { side: ThreadSide }) {
  const { threadId: raw } = useParams();
  const threadId = parseThreadId(raw);
  // Once the reader pages back, the thread is asked from the first message then shown on
  // (anchor), and the pages before it come from useEarlierMessages: new messages never open a gap.
  const [paging, setPaging] = useState({ threadId, anchor: 0n });
  const anchor = paging.threadId === threadId ? paging.anchor : 0n;
  const anchored = anchor !== 0n;
  const result = useThread(threadId, anchor);
  const earlier = useEarlierMessages(threadId, anchor);
  // The thread asked from the first message shown on can fail when the reader pages back (the
  // connection dropped, say): the messages shown stay, and the earlier messages' button says so.
  const { shown, failedRefreshes } = useLastAnswer(result, `${threadId}:${anchor}`);
  const threadFailed = anchored && result.isLoadingError && shown?.thread?.id === threadId;
  const query = threadFailed ? { ...result, data: shown } : result;
  const refreshFailing = failedRefreshes >= 2;
  const thread = query.data?.thread;
  const notFound = threadId === 0n || isCode(result.error, Code.NotFound);
  const title = thread?.listing ? `Enquiry: ${thread.listing.title}` : "Enquiry";
  usePageTitle(notFound ? "Conversation Not Found" : title);
  useMarkRead(threadId, thread);

  const crumbs = [
    { label: "Home", to: "/" },
    { label: "Dashboard", to: "/dashboard" },
    { label: SIDES[side].list, to: SIDES[side].to },
    { label: notFound ? "Not found" : "Conversation" },
  ];
  if (notFound) {
    return (
      <>
        <PageHeader title="Conversation Not Found" breadcrumb={crumbs} />
        <div className="container section">
          <p>This conversation does not exist, or it is not one of yours.</p>
          <Link to={SIDES[side].to} className={buttonClass("primary")}>
            Back to {SIDES[side].list}
          </Link>
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeader title={title} breadcrumb={crumbs} />
      <div className="container section">
        <QueryState
          query={query}
          loading={<Spinner label="Loading the conversation" />}
          error={errorMessage(result.error)}
          isEmpty={(data) => !data.thread}
          empty={<p>This conversation does not exist, or it is not one of yours.</p>}
        >
          {(data) =>
            data.thread ? (
              <ThreadBody
                thread={data.thread}
                messages={[...(earlier.data?.pages ?? []).slice().reverse().flatMap((page) => page.messages), ...data.messages]}
                viewings={data.viewings}
                refreshFailing={refreshFailing}
                earlier={
                  <EarlierMessages
                    more={anchored ? earlier.hasNextPage || earlier.data === undefined : data.hasEarlier}
                    // Only while the page asked for loads (not, say, while the thread shown refreshes).
                    loading={
                      earlier.isFetchingNextPage ||
                      (anchored && earlier.data === undefined && (earlier.isPending || earlier.isFetching)) ||
                      (threadFailed && result.isFetching)
                    }
                    failed={earlier.isLoadingError || earlier.isFetchNextPageError || threadFailed}
                    onMore={() => {
                      if (!anchored) return setPaging({ threadId, anchor: data.messages[0]?.id ?? 0n });
                      // Asks again for what failed, or for the next page.
                      if (threadFailed) void result.refetch();
                      if (!threadFailed || earlier.isError) void earlier.fetchNextPage();
                    }}
                  />
                }
              />
            ) : null
          }
        </QueryState>
      </div>
    </>
  );
}

/**
 * useLastAnswer is the latest answer a query gave, kept while a later one fails with none of its
 * own, and how many times in a row asking again for what is shown (key: which thread and window)
 * has failed since it came: 0 once one succeeds. React's way of keeping something from an earlier
 * render.
 */
function useLastAnswer<T>(
  result: { data: T | undefined; dataUpdatedAt: number; errorUpdateCount: number; isRefetchError: boolean },
  key: string,
): { shown: T | undefined; failedRefreshes: number } {
  const { data, dataUpdatedAt, errorUpdateCount, isRefetchError } = result;
  const [last, setLast] = useState({ key, data, dataUpdatedAt, errorUpdateCount });
  const shown = data ?? last.data;
  if (last.key !== key || last.dataUpdatedAt !== dataUpdatedAt || shown !== last.data) {
    setLast({ key, data: shown, dataUpdatedAt, errorUpdateCount });
    return { shown, failedRefreshes: 0 };
  }
  return { shown, failedRefreshes: isRefetchError ? errorUpdateCount - last.errorUpdateCount : 0 };
}

/**
 * useMarkRead records the thread read when it is opened, and again when messages arrive unread
 * while it is open.
 */
function useMarkRead(threadId: bigint, thread: Thread | undefined) {
  const { mutate } = useMarkThreadRead();
  const marked = useRef("");
  const loaded = thread !== undefined;
  const unread = thread?.unread ?? 0;
  useEffect(() => {
    if (!loaded) return;
    const key = threadId.toString();
    if (marked.current === key && unread === 0) return;
    marked.current = key;
    mutate({ threadId });
  }, [threadId, loaded, unread, mutate]);
}

/**
 * EarlierMessages is the button above a long conversation's messages that shows the 100 before
 * them, while there are more; it says so while they load, and when asking failed (the messages
 * shown stay; the same button asks again).
 */
function EarlierMessages({ more, loading, failed, onMore }: { more: boolean; loading: boolean; failed: boolean; onMore: () => void }) {
  const errorId = useId();
  if (!more && !failed) return null;
  const error = failed && !loading;
  return (
    <div className="enquiry-earlier">
      {/* aria-disabled rather than disabled: the button keeps the focus it had when pressed. */}
      <Button
        variant="outline"
        size="sm"
        onClick={loading ? undefined : onMore}
        aria-disabled={loading || undefined}
        aria-busy={loading || undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {loading ? "Loading earlier messages..." : "Show earlier messages"}
      </Button>
      {error ? (
        <p id={errorId} role="alert" className="field__error">
          Could not load the earlier messages. Please try again.
        </p>
      ) : null}
    </div>
  );
}

function ThreadBody({
  thread: t,
  messages,
  viewings,
  refreshFailing = false,
  earlier,
}: {
  thread: Thread;
  messages: Message[];
  viewings: Viewing[];
  /** Asking again for new messages keeps failing: the messages shown stay, and a notice says so. */
  refreshFailing?: boolean;
  earlier?: ReactNode;
}) {
  const l = t.listing;
  const other = t.other?.name || "Former member";
  const open = t.status === "open";
  const facts = [
    t.moveInMonth ? `Moving in ${formatMonth(t.moveInMonth)}` : "",
    t.occupants ? `${t.occupants} ${t.occupants === 1 ? "occupant" : "occupants"}` : "",
  ].filter(Boolean);
  return (
    <div className="enquiry-thread">
      <section className="card enquiry-thread__listing" aria-label="Listing">
        {l?.image ? <img src={l.image} alt="" /> : null}
        <div>
          <h2>{l ? <Link to={`/properties/${l.propertyId}`}>{l.title}</Link> : "A listing"}</h2>
          <p className="muted">
            {l?.city}
            {l && !l.active ? " · withdrawn: takes no new enquiries or viewing requests" : ""}
          </p>
          <p>
            {t.role === "owner" ? `From ${other}` : `With ${other}, the landlord`}
            {facts.length ? ` · ${facts.join(" · ")}` : ""}
          </p>
        </div>
      </section>
      <SafetyNotice verified={l?.verified ?? false} method={l?.verificationMethod ?? ""} />
      {viewings.length > 0 ? (
        <section aria-labelledby="viewings-title">
          <h2 id="viewings-title">Viewings</h2>
          <ul className="enquiry-list">
            {viewings.map((v) => (
              <li key={v.id.toString()}>
                <ViewingCard viewing={v} owner={t.role === "owner"} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="messages-title">
        <h2 id="messages-title">Messages</h2>
        {earlier}
        {messages.length === 0 ? (
          <p className="muted">No messages yet.</p>
        ) : (
          <ol className="enquiry-messages">
            {messages.map((m) => (
              <MessageItem key={m.id.toString()} message={m} other={other} />
            ))}
          </ol>
        )}
        {/* Always there, so that what it comes to say is announced (politely). */}
        <div role="status" className="enquiry-refresh">
          {refreshFailing ? (
            <p className="muted">
              <WifiOff aria-hidden="true" size={16} /> {REFRESH_FAILING}
            </p>
          ) : null}
        </div>
      </section>
      {open ? (
        <ReplyForm threadId={t.id} />
      ) : (
        <p className="enquiry-safety" role="note">
          <Lock aria-hidden="true" size={16} /> {closedReason(t.closedReason)}
        </p>
      )}
      <ThreadActions thread={t} other={other} viewed={viewings.length > 0} />
    </div>
  );
}

function MessageItem({ message: m, other }: { message: Message; other: string }) {
  const author = m.author === "me" ? "You" : m.author === "system" ? "RentProof" : other;
  const sent = m.sentAt ? timestampDate(m.sentAt) : undefined;
  return (
    <li className={`enquiry-message enquiry-message--${m.author === "me" ? "me" : m.author === "system" ? "system" : "them"}`}>
      <p className="visually-hidden">{author} wrote:</p>
      <p>{m.body}</p>
      <p className="enquiry-message__meta">
        {author} · <time dateTime={sent?.toISOString()}>{formatMoment(sent)}</time>
        {m.author === "me" && m.readAt ? (
          <>
            {" · "}
            <span title={`Read ${formatMoment(timestampDate(m.readAt))}`}>Read</span>
          </>
        ) : null}
      </p>
    </li>
  );
}

/** ReplyForm is the thread's reply box: up to 2,000 characters, counted as typed. */
function ReplyForm({ threadId }: { threadId: bigint }) {
  const send = useSendMessage();
  const { control, handleSubmit, reset } = useForm<ReplyValues>({
    resolver: zodResolver(replySchema),
    defaultValues: { body: "" },
  });
  const body = useWatch({ control, name: "body" });
  const onValid = (v: ReplyValues) => send.mutate({ threadId, body: v.body.trim() }, { onSuccess: () => reset() });
  return (
    <form className="enquiry-form" noValidate onSubmit={handleSubmit(onValid)} aria-label="Reply">
      <FormField control={control} name="body" label="Your reply" hint={`${counter(body, REPLY_LIMITS.maxChars)} characters`}>
        {(props) => <textarea {...props} className="textarea" rows={4} />}
      </FormField>
      <Outcome error={send.error} fallback="Your reply could not be sent. Please try again." />
      <div className="enquiry-actions">
        <Button type="submit" disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {send.isPending ? "Sending..." : "Send reply"}
        </Button>
      </div>
    </form>
  );
}

/** ViewingCard is one viewing: its times in the listing's zone, its state and what the caller may do. */
function ViewingCard({ viewing: v, owner }: { viewing: Viewing; owner: boolean }) {
  const titleId = useId();
  const accept = useAcceptViewingTime();
  const [form, setForm] = useState<"decline" | "cancel" | null>(null);
  const zone = zoneName(v.timeZone);
  const requested = v.status === "requested";
  const live = requested || v.status === "accepted";
  return (
    <article className="enquiry-viewing" aria-labelledby={titleId}>
      <h3 id={titleId}>
        Viewing request · {VIEWING_STATUS[v.status] ?? v.status}
      </h3>
      <p className="muted">Times in the listing&apos;s time zone, {zone}</p>
      <ul className="enquiry-viewing__times">
        {v.times.map((time) => {
          const when = formatLocal(time.local);
          return (
            <li key={time.id.toString()}>
              <span>
                {time.accepted ? <CalendarCheck aria-hidden="true" size={16} /> : null} {when}
                {time.accepted ? <strong> · Accepted</strong> : null}
              </span>
              {owner && requested ? (
                <Button
                  size="sm"
                  disabled={accept.isPending}
                  aria-label={`Accept ${when}`}
                  onClick={() => accept.mutate({ viewingId: v.id, timeId: time.id })}
                >
                  <Check aria-hidden="true" size={16} /> Accept
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {v.status === "declined" && v.message ? <p>The owner declined: {v.message}</p> : null}
      {v.status === "cancelled" ? (
        <p>
          {v.cancelledBy === "me" ? "You cancelled it" : "The other member cancelled it"}
          {v.message ? `: ${v.message}` : "."}
        </p>
      ) : null}
      {v.status === "accepted" && v.calendarUrl ? (
        <p>
          <a href={v.calendarUrl} download className={buttonClass("outline", "sm")}>
            <Download aria-hidden="true" size={16} /> Download calendar file
          </a>
        </p>
      ) : null}
      {form ? (
        <Suspense fallback={<Spinner label="Loading the form" />}>
          {form === "decline" ? (
            <DeclineForm viewingId={v.id} onDone={() => setForm(null)} />
          ) : (
            <CancelForm viewingId={v.id} onDone={() => setForm(null)} />
          )}
        </Suspense>
      ) : live ? (
        <div className="enquiry-actions">
          {owner && requested ? (
            <Button variant="outline" size="sm" onClick={() => setForm("decline")}>
              <X aria-hidden="true" size={16} /> Decline
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => setForm("cancel")}>
            Cancel viewing
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/**
 * ThreadActions are the member's Request a viewing (another, once one was asked for; none for a
 * withdrawn listing), Close, Block sender (the owner) and Report, each in a dialog.
 */
function ThreadActions({ thread: t, other, viewed }: { thread: Thread; other: string; viewed: boolean }) {
  const close = useCloseThread();
  const block = useBlockSender();
  const [asking, setAsking] = useState(false);
  const [closing, setClosing] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const open = t.status === "open";
  // A withdrawn listing's thread stays open for words, not for viewings (the server says so too).
  const viewable = t.listing?.active ?? true;
  return (
    <section className="enquiry-actions" aria-label="Conversation actions">
      {open && t.role === "enquirer" && viewable ? (
        <Dialog
          open={asking}
          onOpenChange={setAsking}
          title={viewed ? "Request another viewing" : "Request a viewing"}
          description="Propose one to three times to view this home. The landlord accepts one, or answers with a message."
          className="enquiry-dialog"
          trigger={
            <Button variant="primary">
              <CalendarPlus aria-hidden="true" size={16} /> {viewed ? "Request another viewing" : "Request a viewing"}
            </Button>
          }
        >
          <AnotherViewingForm threadId={t.id} timeZone={t.listing?.timeZone ?? ""} onSent={() => setAsking(false)} />
        </Dialog>
      ) : null}
      {open ? (
        <ConfirmDialog
          open={closing}
          onOpenChange={setClosing}
          title="Close this conversation?"
          description="Neither of you can write in it any more; what was said stays readable for both of you."
          trigger={
            <Button variant="outline">
              <Lock aria-hidden="true" size={16} /> Close thread
            </Button>
          }
          keep="Keep it open"
          confirm="Close thread"
          pending={close.isPending}
          onConfirm={() => close.mutate({ threadId: t.id }, { onSuccess: () => setClosing(false) })}
        />
      ) : null}
      {t.role === "owner" && t.closedReason !== "sender_blocked" ? (
        <ConfirmDialog
          open={blocking}
          onOpenChange={setBlocking}
          title={`Block ${other}?`}
          description="They will not be able to start a conversation about any of your listings, and this one closes. They are told only that you are not taking enquiries from them."
          trigger={
            <Button variant="outline">
              <Ban aria-hidden="true" size={16} /> Block sender
            </Button>
          }
          keep="Cancel"
          confirm="Block sender"
          danger
          pending={block.isPending}
          onConfirm={() => block.mutate({ threadId: t.id }, { onSuccess: () => setBlocking(false) })}
        />
      ) : null}
      <Dialog
        open={reporting}
        onOpenChange={setReporting}
        title="Report this conversation"
        description="Our administrators will read this conversation to act on your report. Report anyone who asks for money outside RentProof."
        trigger={
          <Button variant="ghost">
            <Flag aria-hidden="true" size={16} /> Report
          </Button>
        }
      >
        <Suspense fallback={<Spinner label="Loading the form" />}>
          <ReportForm threadId={t.id} onDone={() => setReporting(false)} />
        </Suspense>
      </Dialog>
    </section>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  trigger: ReactNode;
  /** The button that changes nothing, and the one that acts. */
  keep: string;
  confirm: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: () => void;
}

/** ConfirmDialog asks again before an action that cannot be undone. */
function ConfirmDialog({ keep, confirm, danger = false, pending, onConfirm, ...dialog }: ConfirmDialogProps) {
  return (
    <Dialog {...dialog}>
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">{keep}</Button>
        </DialogClose>
        <Button variant={danger ? "danger" : "primary"} disabled={pending} onClick={onConfirm}>
          {confirm}
        </Button>
      </div>
    </Dialog>
  );
}
