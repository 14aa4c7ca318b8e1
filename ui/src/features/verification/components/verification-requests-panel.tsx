import { MailOpen } from "lucide-react";
import { useId, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { VerificationRequest } from "@/gen/rentproof/verification/v1/verification_pb";
import { useCreatedRequests, useReceivedRequests } from "../api/use-verification-requests";
import { ConfirmationsToAccept } from "./confirmations-to-accept";
import { ListError, ListLoading } from "./list-states";
import { RequestItem, type RequestKind } from "./request-item";
import "../verification.css";

/** ListQuery is what a list shows of either query (received or sent). */
interface ListQuery {
  data?: { requests: VerificationRequest[]; hasMore: boolean };
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

const EMPTY: Record<RequestKind, string> = {
  received: "No verification requests received yet. When someone asks you to confirm a property, it shows here.",
  sent: "You have not sent any verification requests yet.",
};

/**
 * VerificationRequestsPanel is the dashboard's Verification Requests tab (SPEC §2, §6): the
 * requests addressed to the user, with Approve and Reject on pending ones, and the requests the
 * user sent. Landlords (every role but tenant) see both, under Sent and Received, below the
 * confirmations of their listings they did not ask for, which they accept or decline; a tenant
 * (who lists nothing) sees what they received, and what they sent too once they have sent any
 * (from a property page). `?requests=received` or `sent` (the links in notifications) opens
 * that list.
 */
export function VerificationRequestsPanel({ role }: { role: string }) {
  const headingId = useId();
  const received = useReceivedRequests();
  const created = useCreatedRequests();
  const landlordView = role !== "tenant";
  const showSent = landlordView || (created.data?.requests.length ?? 0) > 0;
  const asked = useSearchParams()[0].get("requests");
  const [tab, setTab] = useState<RequestKind>(asked === "sent" || asked === "received" ? asked : landlordView ? "sent" : "received");
  const pendingReceived = received.data?.requests.filter((r) => r.status === "pending").length ?? 0;

  return (
    <section className="card dashboard-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-panel__title">
        Verification Requests
      </h2>
      {landlordView ? <ConfirmationsToAccept /> : null}
      {showSent ? (
        <Tabs value={tab} onValueChange={(v) => setTab(v === "sent" ? "sent" : "received")}>
          <TabsList aria-label="Verification requests">
            <TabsTrigger value="sent">Sent</TabsTrigger>
            <TabsTrigger value="received" aria-label={pendingReceived ? `Received, ${pendingReceived} pending` : undefined}>
              Received
              {pendingReceived ? <span className="tab-count">{pendingReceived}</span> : null}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="sent">
            <RequestList query={created} kind="sent" />
          </TabsContent>
          <TabsContent value="received">
            <RequestList query={received} kind="received" />
          </TabsContent>
        </Tabs>
      ) : (
        <RequestList query={received} kind="received" />
      )}
    </section>
  );
}

function RequestList({ query, kind }: { query: ListQuery; kind: RequestKind }) {
  if (query.isPending) return <ListLoading label="Loading verification requests" />;
  if (query.isError) return <ListError query={query} fallback="Failed to load verification requests." />;
  const requests = query.data?.requests ?? [];
  if (requests.length === 0) {
    return (
      <p className="request-list__empty">
        <MailOpen aria-hidden="true" size={20} /> {EMPTY[kind]}
      </p>
    );
  }
  return (
    <>
      <ul className="request-list" aria-label={kind === "received" ? "Received requests" : "Sent requests"}>
        {requests.map((r) => (
          <li key={r.id}>
            <RequestItem request={r} kind={kind} />
          </li>
        ))}
      </ul>
      {query.data?.hasMore ? <p className="muted">Showing the {requests.length} most recent requests.</p> : null}
    </>
  );
}
