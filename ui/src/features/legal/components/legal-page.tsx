import { useEffect, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { PageHeader } from "@/components/layout/page-header";
import { usePageTitle } from "@/lib/use-page-title";
import { LAST_UPDATED } from "../policy-figures";
import "../legal.css";

/** LegalSection is one numbered part of a legal page: its anchor, heading and text. */
export interface LegalSection {
  /** The heading's id, the table of contents' link target (/privacy#cookies). */
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  /** The h1 and the document title ("{title} | RentProof"). */
  title: string;
  /** What the page is about, under the title. */
  intro: ReactNode;
  sections: LegalSection[];
}

/**
 * LegalPage is the one layout of the static legal pages (SPEC §2 "Static legal pages"): the
 * breadcrumb, the title with its last-updated date, an "On this page" list of links to the
 * sections, and the sections, each an h2 with the id its link names.
 */
export function LegalPage({ title, intro, sections }: LegalPageProps) {
  usePageTitle(title);
  useScrollToHash();
  return (
    <>
      <PageHeader title={title}>
        <p className="legal-updated">
          {/* One text, as SPEC writes it; the time element gives machines the date. */}
          <time dateTime={LAST_UPDATED.iso}>{`Last updated ${LAST_UPDATED.text}`}</time>
        </p>
      </PageHeader>
      <div className="container section legal-layout">
        <nav className="legal-toc" aria-labelledby="legal-toc-title">
          <h2 id="legal-toc-title" className="legal-toc__title">
            On this page
          </h2>
          <ol className="legal-toc__list">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="legal-body" aria-label={title}>
          <div className="legal-intro">{intro}</div>
          {sections.map((s) => (
            <section key={s.id} aria-labelledby={s.id} className="legal-section">
              <h2 id={s.id} tabIndex={-1}>
                {s.title}
              </h2>
              {s.body}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}

/**
 * useScrollToHash brings a deep link's section (/privacy#retention) into view once the page has
 * rendered: the browser looked for it before this screen's code had arrived. Focus moves there
 * too, so a keyboard user continues from the section.
 */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView();
    target.focus({ preventScroll: true });
  }, [hash]);
}
