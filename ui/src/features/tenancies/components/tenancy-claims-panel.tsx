import { Check, PenLine, ShieldQuestion } from "lucide-react";
import { Suspense, lazy, useId, useState } from "react";
import { Link } from "react-router-dom";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import type { Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { formatRequestDate } from "@/lib/format";
import { formatPeriod } from "@/lib/tenancy";
import { useConfirmTenancy, useTenancyClaims } from "../api/use-tenancies";
import { isOpen, ownerStage, tenantName } from "../tenancy";
import { StatusBadge, TenancyListSkeleton } from "./tenancy-parts";
import "../tenancies.css";

const CannotConfirmForm = lazy(async () => ({ default: (await import("./cannot-confirm-form")).CannotConfirmForm }));

/** reviewTenantLink is where a landlord writes their review of a verified tenancy (the review form reads it). */
export const reviewTenantLink = (t: Tenancy) => `/properties/${t.propertyId}?reviewTenancy=${t.id}#write-review`;

/**
 * TenancyClaimsPanel is the landlord dashboard's Tenancy Claims tab (issue 27): the claims to have
 * lived at the owner's properties, open ones first, each with Confirm and "I can't confirm this"
 * while it waits for them, and for a verified tenancy at a verified property "Review this tenant"
 * (or "Reviewed" once they did). The tenants' documents are never shown to the owner.
 */
export function TenancyClaimsPanel() {
  const claims = useTenancyClaims();
  return (
    <div className="dashboard-tab">
      <p className="muted">
        People who say they lived at your properties. Confirming a stay verifies it; you never reject one: if you can't confirm
        it, the tenant can prove it with documents our administrators check.
      </p>
      <QueryState
        query={claims}
        loading={<TenancyListSkeleton label="Loading tenancy claims" />}
        error="The tenancy claims could not be loaded."
        isEmpty={(data) => data.tenancies.length === 0}
        empty={
          <EmptyState
            headingLevel={3}
            title="No tenancy claims"
            message="When someone claims to have lived at one of your properties, it appears here for you to confirm."
          />
        }
      >
        {(data) => (
          <ul className="dashboard-list" aria-label="Tenancy claims">
            {data.tenancies.map((t) => (
              <Claim key={t.id} tenancy={t} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function Claim({ tenancy: t }: { tenancy: Tenancy }) {
  const stage = ownerStage(t);
  const name = tenantName(t);
  return (
    <li className="dashboard-row tenancy-row">
      <article aria-labelledby={`claim-${t.id}`}>
        <div className="dashboard-row__head">
          <h3 id={`claim-${t.id}`} className="dashboard-row__title" dir="auto">
            {name} at <Link to={`/properties/${t.propertyId}`}>{t.propertyTitle || `Property #${t.propertyId}`}</Link>
          </h3>
          <StatusBadge tenancy={t} />
        </div>
        <p className="dashboard-row__meta">
          {formatPeriod(t.fromMonth, t.toMonth)}
          {t.createdAt ? ` · claimed ${formatRequestDate(t.createdAt)}` : ""}
        </p>
        {stage ? <p className="tenancy-row__stage">{stage}</p> : null}
        {t.message ? <p className="tenancy-row__quote">{name} wrote: “{t.message}”</p> : null}
        {t.ownerMessage ? <p className="muted">You wrote: “{t.ownerMessage}”</p> : null}
        {isOpen(t) && t.holdReason ? <p className="tenancy-row__quote">Why it waits: {t.holdReason}</p> : null}
        {isOpen(t) && t.stage === "landlord" ? <ConfirmActions tenancy={t} /> : null}
        {t.status === "approved" && t.propertyVerified ? (
          <div className="tenancy-row__actions">
            {t.landlordReviewId ? (
              <span className="badge tenancy-badge tenancy-badge--good">Reviewed</span>
            ) : (
              <Link to={reviewTenantLink(t)} className={buttonClass("primary", "sm")} aria-label={`Review this tenant: ${name}`}>
                <PenLine aria-hidden="true" size={16} /> Review this tenant
              </Link>
            )}
          </div>
        ) : null}
      </article>
    </li>
  );
}

/** ConfirmActions are Confirm (on a verified property only) and "I can't confirm this". */
function ConfirmActions({ tenancy: t }: { tenancy: Tenancy }) {
  const noteId = useId();
  const confirm = useConfirmTenancy();
  const name = tenantName(t);
  return (
    <>
      <p id={noteId} className="tenancy-row__note">
        {t.propertyVerified
          ? "Confirming verifies the stay and labels their reviews of this property. When your accounts share an address or device, or you have confirmed many stays lately, an administrator checks it first."
          : "Only a verified property's owner can confirm a stay: get this property verified first, or say you can't confirm it and the tenant can send documents."}
      </p>
      <div className="tenancy-row__actions">
        <Button
          size="sm"
          onClick={() => confirm.mutate({ id: t.id })}
          disabled={!t.propertyVerified || confirm.isPending}
          aria-busy={confirm.isPending || undefined}
          aria-describedby={noteId}
          aria-label={`Confirm: ${name}`}
        >
          <Check aria-hidden="true" size={16} /> Confirm
        </Button>
        <CannotConfirm tenancy={t} />
      </div>
    </>
  );
}

/** CannotConfirm is "I can't confirm this" and its dialog. */
function CannotConfirm({ tenancy: t }: { tenancy: Tenancy }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="I can't confirm this"
      description={`This never rejects ${tenantName(t)}'s claim: it asks them to prove the stay with documents, and your message goes to the administrators who check them (the tenant reads it too).`}
      className="tenancy-dialog"
      trigger={
        <Button variant="outline" size="sm" aria-label={`I can't confirm this: ${tenantName(t)}`}>
          <ShieldQuestion aria-hidden="true" size={16} /> I can't confirm this
        </Button>
      }
    >
      <Suspense fallback={<Spinner label="Loading the form" />}>
        <CannotConfirmForm tenancyId={t.id} onDone={() => setOpen(false)} />
      </Suspense>
    </Dialog>
  );
}
