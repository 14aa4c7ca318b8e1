import { Crown } from "lucide-react";
import { useId } from "react";
import { Avatar } from "@/components/ui/avatar";
import { QueryState } from "@/components/ui/query-state";
import type { GetLeaderboardResponse, LeaderboardEntry } from "@/gen/rentproof/gamification/v1/gamification_pb";
import { formatCount } from "@/lib/count";
import { initials } from "@/lib/text";
import { useLeaderboard } from "../api/use-gamification";
import { UNRANKED, crown, rankLabel } from "../gamification";

/**
 * LeaderboardPanel is the Leaderboard tab (SPEC §2): "Top Users" with the top 50 (crowns for the
 * first three), or "No leaderboard data available yet.", and the caller's own rank under it. Each
 * member is named as they chose: first name and last initial, or the full name with the username. It
 * asks the server only while `active` (the tab is open: SPEC §7).
 */
export function LeaderboardPanel({ active, viewerId }: { active: boolean; viewerId?: number }) {
  const headingId = useId();
  const board = useLeaderboard(active);
  return (
    <QueryState query={board} loading={<LeaderboardSkeleton />}>
      {(data) => (
        <section className="card gamification-card" aria-labelledby={headingId}>
          <h2 id={headingId} className="gamification-card__title">
            {data.entries.length ? "Top Users" : "No leaderboard data available yet."}
          </h2>
          {data.entries.length ? (
            <ol className="leaderboard" aria-labelledby={headingId}>
              {data.entries.map((e) => (
                <LeaderboardRow key={e.id} entry={e} own={e.id === viewerId} />
              ))}
            </ol>
          ) : null}
          <OwnRank board={data} />
        </section>
      )}
    </QueryState>
  );
}

function LeaderboardRow({ entry: e, own }: { entry: LeaderboardEntry; own: boolean }) {
  const top = crown(e.position);
  const name = `${e.firstName} ${e.lastName}`.trim();
  return (
    <li className={own ? "leaderboard__row leaderboard__row--own" : "leaderboard__row"}>
      <span className="leaderboard__position">
        {top ? (
          <>
            <Crown aria-hidden="true" size={22} className={`leaderboard__crown leaderboard__crown--${top.tone}`} />
            <span className="visually-hidden">{top.label}</span>
          </>
        ) : (
          formatCount(e.position)
        )}
      </span>
      <Avatar src={e.profileImage} fallback={initials(e.firstName, e.lastName) || initials(e.username)} size="sm" />
      <span className="leaderboard__who">
        <strong className="leaderboard__username">
          {name || e.username}
          {own ? <span className="leaderboard__you"> (you)</span> : null}
        </strong>
        {/* Sent only for members who chose to show their full name (a deviation from SPEC §3's entry). */}
        {e.username && name ? <span className="muted">@{e.username}</span> : null}
      </span>
      <span className="leaderboard__level">Level {e.level}</span>
      <span className="leaderboard__xp">{formatCount(e.xp)} XP</span>
    </li>
  );
}

/** OwnRank is the caller's place under the list: exact, estimated (≈) or not ranked yet. */
function OwnRank({ board }: { board: GetLeaderboardResponse }) {
  return (
    <p className="leaderboard__own">
      {board.ownRank > 0
        ? `Your rank: ${rankLabel({ rank: board.ownRank, approximate: board.ownRankApproximate })}`
        : UNRANKED}
    </p>
  );
}

function LeaderboardSkeleton() {
  return (
    <div className="card gamification-card" role="status" aria-label="Loading leaderboard">
      <span className="skeleton skeleton--line skeleton--w60 gamification-skeleton__title" aria-hidden="true" />
      {[0, 1, 2, 3, 4].map((i) => (
        <span key={i} className="skeleton gamification-skeleton__row" aria-hidden="true" />
      ))}
    </div>
  );
}
