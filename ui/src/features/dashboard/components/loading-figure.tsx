/** LoadingFigure holds a figure's place while it loads, at the figure's size (no layout shift). */
export function LoadingFigure() {
  return <span className="skeleton summary-list__skeleton" role="status" aria-label="Loading" />;
}
