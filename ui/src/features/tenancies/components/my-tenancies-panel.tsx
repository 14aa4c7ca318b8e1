import { FileText, Upload } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { formatRequestDate } from "@/lib/format";
import { DOCUMENT_RULES } from "@/lib/rules";
import { documentKindLabel, formatPeriod } from "@/lib/tenancy";
import { useMyTenancies } from "../api/use-tenancies";
import { isOpen, tenantStage } from "../tenancy";
import { ClaimDialog } from "./claim-dialog";
import { StatusBadge, TenancyListSkeleton } from "./tenancy-parts";
import { WithdrawButton } from "./withdraw-button";
import "../tenancies.css";

const UploadDocumentsForm = lazy(async () => ({ default: (await import("./upload-documents-form")).UploadDocumentsForm }));

/**
 * MyTenanciesPanel is the dashboard's My Tenancies tab (issue 27), for every member: their claims
 * to have lived somewhere, newest first, each with its period, status and proof, where an open
 * one stands, its documents, Upload documents while it is open and Withdraw; and "Claim a tenancy".
 */
export function MyTenanciesPanel() {
  const tenancies = useMyTenancies();
  return (
    <div className="dashboard-tab">
      <div className="tenancy-panel__bar">
        <p className="muted">
          A verified stay labels your reviews of that property. <Link to="/how-reviews-work">How reviews work</Link>
        </p>
        <ClaimDialog />
      </div>
      <QueryState
        query={tenancies}
        loading={<TenancyListSkeleton label="Loading your tenancies" />}
        error="Your tenancies could not be loaded."
        isEmpty={(data) => data.tenancies.length === 0}
        empty={
          <EmptyState
            headingLevel={3}
            title="No tenancies yet"
            message="Claim a place you lived at: once the stay is verified, your reviews of it carry a verified label."
          />
        }
      >
        {(data) => (
          <ul className="dashboard-list" aria-label="My tenancies">
            {data.tenancies.map((t) => (
              <MyTenancy key={t.id} tenancy={t} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function MyTenancy({ tenancy: t }: { tenancy: Tenancy }) {
  const stage = tenantStage(t);
  return (
    <li className="dashboard-row tenancy-row">
      <article aria-labelledby={`tenancy-${t.id}`}>
        <div className="dashboard-row__head">
          <h3 id={`tenancy-${t.id}`} className="dashboard-row__title" dir="auto">
            <Link to={`/properties/${t.propertyId}`}>{t.propertyTitle || `Property #${t.propertyId}`}</Link>
          </h3>
          <StatusBadge tenancy={t} />
        </div>
        <p className="dashboard-row__meta">
          {t.address ? <>{t.address} · </> : null}
          {formatPeriod(t.fromMonth, t.toMonth)}
          {t.createdAt ? ` · claimed ${formatRequestDate(t.createdAt)}` : ""}
        </p>
        {stage ? <p className="tenancy-row__stage">{stage}</p> : null}
        {isOpen(t) && t.stage === "documents" && t.ownerMessage ? (
          <p className="tenancy-row__quote">The landlord wrote: “{t.ownerMessage}”</p>
        ) : null}
        {isOpen(t) && t.holdReason ? <p className="tenancy-row__quote">Why it waits: {t.holdReason}</p> : null}
        {t.status === "rejected" ? (
          <p className="tenancy-row__quote">
            {t.responseMessage ? `An administrator rejected it: “${t.responseMessage}”` : "An administrator rejected it."} You can claim it
            again with new documents.
          </p>
        ) : null}
        {t.status === "revoked" ? (
          <p className="tenancy-row__quote">
            {t.responseMessage ? `An administrator revoked it: “${t.responseMessage}”` : "An administrator revoked it."}
          </p>
        ) : null}
        {t.status === "approved" && t.responseMessage ? <p className="tenancy-row__quote">Administrator's note: “{t.responseMessage}”</p> : null}
        {t.message ? <p className="muted">Your note: “{t.message}”</p> : null}
        <TenancyDocuments tenancy={t} />
        {t.status === "approved" && t.landlordReviewId ? (
          <p className="muted">The owner has reviewed this tenancy, so it stays verified. If it is wrong, an administrator can revoke it.</p>
        ) : null}
        {isOpen(t) || (t.status === "approved" && !t.landlordReviewId) ? (
          <div className="tenancy-row__actions">
            {isOpen(t) ? <SendDocuments tenancy={t} /> : null}
            <WithdrawButton tenancy={t} />
          </div>
        ) : null}
      </article>
    </li>
  );
}

/** TenancyDocuments lists the tenant's documents, each a download while it is kept. */
function TenancyDocuments({ tenancy: t }: { tenancy: Tenancy }) {
  if (t.documents.length === 0) return null;
  return (
    <ul className="tenancy-doc-list" aria-label={`Documents sent for ${t.propertyTitle}`}>
      {t.documents.map((d, i) => (
        <li key={`${d.url}-${i}`}>
          <FileText aria-hidden="true" size={16} /> {documentKindLabel(d.kind)}:{" "}
          {d.deleted ? (
            <span>
              {d.fileName} (deleted {DOCUMENT_RULES.retentionDays} days after the decision)
            </span>
          ) : (
            <a href={d.url} download={d.fileName}>
              {d.fileName}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** SendDocuments is the Upload documents button and its dialog. */
function SendDocuments({ tenancy }: { tenancy: Tenancy }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Upload documents"
      description={`Show that you lived at ${tenancy.propertyTitle}: a lease, a rent receipt, a deposit certificate or a utility or council tax bill in your name.`}
      className="tenancy-dialog"
      trigger={
        <Button size="sm" aria-label={`Upload documents: ${tenancy.propertyTitle}`}>
          <Upload aria-hidden="true" size={16} /> Upload documents
        </Button>
      }
    >
      <Suspense fallback={<Spinner label="Loading the form" />}>
        <UploadDocumentsForm tenancy={tenancy} onDone={() => setOpen(false)} />
      </Suspense>
    </Dialog>
  );
}
