import { useId, type ReactNode } from "react";

/** MailLink is a mailbox written out as a mailto link. */
export function MailLink({ to }: { to: string }) {
  return <a href={`mailto:${to}`}>{to}</a>;
}

interface LegalTableProps {
  caption: string;
  head: string[];
  rows: ReactNode[][];
}

/**
 * LegalTable is a captioned table of facts (cookies, retention periods). On a narrow screen it
 * scrolls sideways in a region that takes focus, so a keyboard can scroll it too.
 */
export function LegalTable({ caption, head, rows }: LegalTableProps) {
  const captionId = useId();
  return (
    <div className="legal-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="legal-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
