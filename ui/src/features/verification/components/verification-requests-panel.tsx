import { MailOpen } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { VerificationRequest } from "@/gen/rentproof/verification/v1/verification_pb";
import { errorMessage } from "@/lib/errors";
import { useCreatedRequests, useReceivedRequests } from "../api/use-verification-requests";
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
 * user sent. Landlords (every role but tenant) see both, under Sent and Received; a tenant sees
 * what they received, and what they sent too once they have sent any (from a property page).
 */
export function VerificationRequestsPanel({ role }: { role: string }) {
  const headingId = useId();
  const received = useReceivedRequests();
  const created = useCreatedRequests();
  const landlordView = role !== "tenant";
  const showSent = landlordView || (created.data?.requests.length ?? 0) > 0;
  const [tab, setTab] = useState<RequestKind>(landlordView ? "sent" : "received");
  const pendingReceived = received.data?.requests.filter((r) => r.status === "pending").length ?? 0;

  return (
    <section className="card dashboard-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-panel__title">
        Verification Requests
      </h2>
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
  if (query.isPending) {
    return (
      <div className="request-list__loading" role="status" aria-label="Loading verification requests">
        {[0, 1].map((i) => (
          <div key={i} className="request-item request-item--skeleton" aria-hidden="true">
            <span className="skeleton skeleton--line skeleton--w60" />
            <span className="skeleton skeleton--line skeleton--w80" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="request-list__error" role="alert">
        <p>{errorMessage(query.error) || "Failed to load verification requests."}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Try Again
        </Button>
      </div>
    );
  }
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
