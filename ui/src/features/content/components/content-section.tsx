import type { ReactNode } from "react";

/**
 * ContentSection is one part of a content page: an h2 that an address's #fragment can name (tabIndex -1,
 * so following the link leaves focus on it, visibly) and its text.
 */
export function ContentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
