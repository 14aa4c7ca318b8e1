import { UserRound } from "lucide-react";
import { useId, type ReactNode } from "react";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { formatCount } from "@/lib/count";
import { formatDate, isoDate } from "@/lib/format";
import { useLandlordStats, useMyReviews } from "../api/use-dashboard";
import { LoadingFigure } from "./loading-figure";

/**
 * AccountSummary is the dashboard's account card (SPEC §2): username, email, member since, and
 * the reviews written (tenant) or the properties listed and verified (every other role), with the
 * Edit Profile button the route puts in `action`.
 */
export function AccountSummary({ user, action }: { user: User; action?: ReactNode }) {
  const headingId = useId();
  const tenant = user.role === "tenant";
  return (
    <section className="card dashboard-panel account-summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-panel__title">
        <UserRound aria-hidden="true" size={20} /> Account Summary
      </h2>
      <dl className="summary-list">
        <div>
          <dt>Username</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd className="summary-list__email">{user.email}</dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{user.createdAt ? <time dateTime={isoDate(user.createdAt)}>{formatDate(user.createdAt)}</time> : "—"}</dd>
        </div>
        {tenant ? <ReviewsWritten /> : <PropertiesListed />}
      </dl>
      {action ? <div className="account-summary__action">{action}</div> : null}
    </section>
  );
}

/** Figure is a count that reads "…" while it loads and "—" when it could not be had. */
function Figure({ label, value, pending }: { label: string; value: number | undefined; pending: boolean }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd aria-busy={pending || undefined}>
        {pending ? <LoadingFigure /> : (value === undefined ? "—" : formatCount(value))}
      </dd>
    </div>
  );
}

function ReviewsWritten() {
  const reviews = useMyReviews();
  return <Figure label="Reviews written" value={reviews.data?.reviewCount} pending={reviews.isPending} />;
}

function PropertiesListed() {
  const stats = useLandlordStats();
  return (
    <>
      <Figure label="Properties listed" value={stats.data?.propertyCount} pending={stats.isPending} />
      <Figure label="Verified properties" value={stats.data?.verifiedCount} pending={stats.isPending} />
    </>
  );
}
