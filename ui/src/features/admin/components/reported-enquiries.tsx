import { timestampDate } from "@bufbuild/protobuf/wkt";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check } from "lucide-react";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { ReportedThread } from "@/gen/rentproof/admin/v1/enquiry_reports_pb";
import { errorMessage } from "@/lib/errors";
import { formatRequestDate } from "@/lib/format";
import { charCount } from "@/lib/text";
import { useHandleThreadReports, useReportedThreads } from "../api/use-enquiry-reports";
import { HANDLED_NOTE_LIMITS, handledSchema, type HandledValues } from "../schemas";

/** What each report reason means, for the administrator. */
const REASONS: Record<string, string> = {
  scam: "Scam: asks for money outside RentProof",
  harassment: "Harassment",
  spam: "Spam",
  other: "Something else",
};

/**
 * ReportedEnquiries is the administrators' "Reported enquiries" section (issue 31): each enquiry
 * thread one of its two members reported, with its open reports and its whole conversation (which
 * an administrator may read only because of the report), and "Mark handled" with a required note.
 */
export function ReportedEnquiries() {
  const threads = useReportedThreads();
  return (
    <section aria-labelledby="admin-reported-enquiries">
      <h2 id="admin-reported-enquiries">Reported enquiries</h2>
      <QueryState
        query={threads}
        loading={<Spinner label="Loading reported enquiries" />}
        error={errorMessage(threads.error)}
        isEmpty={(data) => data.threads.length === 0}
        empty={<p>No enquiry is reported.</p>}
      >
        {(data) => (
          <ul className="admin-list">
            {data.threads.map((t) => (
              <li key={t.threadId.toString()}>
                <ReportedThreadCard thread={t} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function ReportedThreadCard({ thread: t }: { thread: ReportedThread }) {
  const titleId = useId();
  return (
    <article className="admin-card" aria-labelledby={titleId}>
      <header className="admin-card__header">
        <h3 id={titleId}>
          Enquiry about <Link to={`/properties/${t.propertyId}`}>{t.propertyTitle}</Link>
        </h3>
        <p className="admin-card__meta">
          Between {t.enquirerUsername || "a former member"} (asked) and {t.ownerUsername || "a former member"} (owner)
        </p>
      </header>
      <h4>Reports</h4>
      <ul className="admin-list">
        {t.reports.map((r, i) => (
          <li key={i}>
            <p className="admin-card__meta">
              <span className="badge">{REASONS[r.reason] ?? r.reason}</span> by {r.reporterUsername || "a former member"} on{" "}
              {formatRequestDate(r.reportedAt)}
            </p>
            {r.note ? <p className="admin-card__message">{r.note}</p> : null}
          </li>
        ))}
      </ul>
      <h4>Conversation</h4>
      <ol className="admin-list">
        {t.messages.map((m, i) => (
          <li key={i}>
            <p className="admin-card__meta">
              {m.authorUsername || "RentProof notice"} ·{" "}
              {m.sentAt ? timestampDate(m.sentAt).toISOString().slice(0, 16).replace("T", " ") + " UTC" : ""}
            </p>
            <p className="admin-card__message">{m.body}</p>
          </li>
        ))}
      </ol>
      <HandledForm threadId={t.threadId} />
    </article>
  );
}

/** HandledForm marks a thread's reports handled, with the note kept in the decisions. */
function HandledForm({ threadId }: { threadId: bigint }) {
  const handle = useHandleThreadReports();
  const { control, handleSubmit } = useForm<HandledValues>({
    resolver: zodResolver(handledSchema),
    defaultValues: { note: "" },
  });
  const note = useWatch({ control, name: "note" });
  return (
    <form
      className="admin-reply-form"
      noValidate
      aria-label="Mark the reports handled"
      onSubmit={handleSubmit((v) => handle.mutate({ threadId, note: v.note.trim() }))}
    >
      <FormField control={control} name="note" label="What you did or decided" hint={`${charCount(note.trim())}/${HANDLED_NOTE_LIMITS.maxChars}`}>
        {(props) => <textarea {...props} className="textarea" rows={2} />}
      </FormField>
      {handle.error ? <p role="alert">{errorMessage(handle.error) || "Failed to mark the reports handled."}</p> : null}
      <div className="admin-card__actions">
        <Button type="submit" disabled={handle.isPending} aria-busy={handle.isPending || undefined}>
          <Check aria-hidden="true" size={16} /> Mark handled
        </Button>
      </div>
    </form>
  );
}
