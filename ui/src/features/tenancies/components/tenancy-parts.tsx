import type { Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { statusWords } from "../tenancy";

/** StatusBadge names a claim's status, with its proof once verified. */
export function StatusBadge({ tenancy }: { tenancy: Tenancy }) {
  const { label, tone } = statusWords(tenancy);
  return <span className={`badge dashboard-badge tenancy-badge tenancy-badge--${tone}`}>{label}</span>;
}

/** TenancyListSkeleton holds a list's place while it loads: a status around a list of rows. */
export function TenancyListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label}>
      <ul className="dashboard-list">
        {[0, 1].map((i) => (
          <li key={i} className="dashboard-row dashboard-row--skeleton" aria-hidden="true">
            <span className="skeleton skeleton--line skeleton--w60" />
            <span className="skeleton skeleton--line skeleton--w80" />
          </li>
        ))}
      </ul>
    </div>
  );
}
