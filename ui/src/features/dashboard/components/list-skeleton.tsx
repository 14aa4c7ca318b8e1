/** ListSkeleton holds a list's place while its first page loads. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="dashboard-list">
      {[0, 1, 2].map((i) => (
        <div key={i} className="dashboard-row dashboard-row--skeleton" aria-hidden="true">
          <span className="skeleton skeleton--line skeleton--w60" />
          <span className="skeleton skeleton--line skeleton--w80" />
          <span className="skeleton skeleton--line" />
        </div>
      ))}
    </div>
  );
}
