import { statusClass, statusLabel } from "../verification";

/** StatusBadge is a request's status in words, in its own colour. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={statusClass(status)}>{statusLabel(status)}</span>;
}
