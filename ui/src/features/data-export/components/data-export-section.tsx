import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import { Button } from "@/components/ui/button";
import { Loading, QueryState } from "@/components/ui/query-state";
import type { DataExport } from "@/gen/rentproof/account/v1/data_export_pb";
import { formatDate, isoDate } from "@/lib/format";
import { useDataExports, useRequestDataExport } from "../api/use-data-exports";
import "../data-export.css";

let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** formatDateTime renders a timestamp as a date and time in the reader's time zone. */
function formatDateTime(ts: Timestamp): string {
  dateTimeFormat ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
  return dateTimeFormat.format(timestampDate(ts));
}

/** formatBytes renders a size as "340 KB" or "1.2 MB". */
function formatBytes(bytes: bigint): string {
  const n = Number(bytes);
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024))} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * DataExportSection is /settings › Your data: ask for a copy of everything RentProof holds about
 * you (one a day), then download it from the list for 7 days once it is ready.
 */
export function DataExportSection() {
  const query = useDataExports();
  const request = useRequestDataExport();
  // The server names the next time only while the member has to wait for it.
  const next = query.data?.nextRequestAt;
  const waiting = next !== undefined;
  return (
    <>
      <p className="settings-section__intro">
        Download a copy of everything RentProof holds about you: your profile, reviews with their photos, listings,
        tenancies, verification requests, tokens and XP, notifications, messages, sign-ins, reports, saved properties and
        your documents, as a zip of JSON files and your files. We prepare it in the background and tell you when it is
        ready; it can be downloaded for 7 days, by you alone. You can ask for one a day.
      </p>
      <div className="data-export__actions">
        <Button
          onClick={() => request.mutate({})}
          disabled={request.isPending || waiting}
          aria-describedby={waiting ? "data-export-next" : undefined}
        >
          {request.isPending ? "Asking…" : "Request a copy of your data"}
        </Button>
        {next ? (
          <p id="data-export-next" className="data-export__note">
            You can ask for your next copy after {formatDateTime(next)}.
          </p>
        ) : null}
      </div>
      <QueryState
        query={query}
        loading={<Loading label="Loading your data exports" className="data-export__loading" />}
        error="We could not load your data exports."
        isEmpty={(data) => data.exports.length === 0}
        empty={<p className="data-export__empty">You have not asked for a copy of your data yet.</p>}
      >
        {(data) => (
          <ul className="data-export__list" aria-label="Your data exports">
            {data.exports.map((e) => (
              <ExportRow key={e.id.toString()} export={e} />
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}

function ExportRow({ export: e }: { export: DataExport }) {
  return (
    <li className="data-export">
      <div>
        <p className="data-export__title">
          Asked for on <time dateTime={isoDate(e.requestedAt)}>{formatDate(e.requestedAt)}</time>
        </p>
        <p className="data-export__status">{statusText(e)}</p>
      </div>
      {e.status === "ready" && e.downloadUrl ? (
        <a className="btn btn--outline btn--sm" href={e.downloadUrl} download>
          Download <span className="visually-hidden">your data of {formatDate(e.requestedAt)}</span> (zip, {formatBytes(e.bytes)})
        </a>
      ) : null}
    </li>
  );
}

function statusText(e: DataExport): string {
  switch (e.status) {
    case "building":
      return "Being prepared. We will tell you when it is ready.";
    case "ready":
      return e.expiresAt ? `Ready to download until ${formatDateTime(e.expiresAt)}.` : "Ready to download.";
    case "expired":
      return e.expiresAt ? `Expired on ${formatDate(e.expiresAt)} and deleted.` : "Expired and deleted.";
    default:
      return "It could not be made. Please ask for a new one.";
  }
}
