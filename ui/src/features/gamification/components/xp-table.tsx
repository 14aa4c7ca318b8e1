import { XP_TABLE } from "../gamification";

interface XpTableProps {
  className?: string;
  /** The caption's id, for a scrolling box labelled by it. */
  captionId?: string;
  /** Keeps the caption for assistive technology only (where a heading already says it). */
  hiddenCaption?: boolean;
}

/** XpTable is the points table the server awards from (XP_TABLE): each action, its XP and its limit. */
export function XpTable({ className, captionId, hiddenCaption = false }: XpTableProps) {
  return (
    <table className={className}>
      <caption id={captionId} className={hiddenCaption ? "visually-hidden" : undefined}>
        XP for each action
      </caption>
      <thead>
        <tr>
          <th scope="col">Action</th>
          <th scope="col">XP</th>
          <th scope="col">Limit</th>
        </tr>
      </thead>
      <tbody>
        {XP_TABLE.map((r) => (
          <tr key={r.action}>
            <th scope="row">{r.action}</th>
            <td>{r.xp}</td>
            <td>{r.limit}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
