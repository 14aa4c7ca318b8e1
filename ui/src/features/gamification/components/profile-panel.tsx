import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import type { Badge, Profile } from "@/gen/rentproof/gamification/v1/gamification_pb";
import { formatCount } from "@/lib/count";
import { humanize } from "@/lib/text";
import { useSetLeaderboardName } from "../api/use-gamification";
import { XP_NOTES, progressPercent, rankExplanation, rankLabel } from "../gamification";
import { XpTable } from "./xp-table";
import { BadgeIcon } from "./badge-icon";

interface ProfilePanelProps {
  profile: Profile;
  /** The avatar's letters when there is no picture (the header's initials). */
  initials: string;
}

/**
 * ProfilePanel is the Profile tab (SPEC §2 "Gamification"): avatar, level, username, role, XP over
 * the next level's XP with its progress bar, the Achievements / Badges / Rank figures, the
 * leaderboard-name choice, the badges earned and how XP is earned.
 */
export function ProfilePanel({ profile: p, initials }: ProfilePanelProps) {
  const headingId = useId();
  const rankNoteId = useId();
  const rank = { rank: p.rank, approximate: p.rankApproximate };
  return (
    <section className="card gamification-card gamification-profile" aria-labelledby={headingId}>
      <div className="gamification-profile__head">
        <Avatar src={p.profileImage} fallback={initials} size="lg" />
        <div className="gamification-profile__who">
          <h2 id={headingId} className="gamification-profile__name">
            {p.username}
          </h2>
          <span className="muted">{humanize(p.role)}</span>
        </div>
        <span className="gamification-level">
          Level {p.level}
          {p.levelName ? <span className="gamification-level__name"> · {p.levelName}</span> : null}
        </span>
      </div>

      <XpProgress profile={p} />

      <dl className="gamification-stats">
        <div>
          <dt>Achievements</dt>
          <dd>{formatCount(p.achievements)}</dd>
        </div>
        <div>
          <dt>Badges</dt>
          <dd>{formatCount(p.badges.length)}</dd>
        </div>
        <div>
          <dt>Rank</dt>
          <dd aria-describedby={rankNoteId}>{rankLabel(rank)}</dd>
        </div>
      </dl>
      <p id={rankNoteId} className="gamification-stats__note muted">
        Rank: {rankExplanation(rank)}
      </p>

      <LeaderboardNameChoice showFullName={p.showFullName} />

      <h3 className="gamification-card__subtitle">Badges</h3>
      {p.badges.length ? (
        <ul className="gamification-badges" aria-label="Badges earned">
          {p.badges.map((b) => (
            <BadgeItem key={b.id} badge={b} />
          ))}
        </ul>
      ) : (
        <p className="muted">No badges earned yet. Complete activities to earn badges!</p>
      )}

      <XpRules />
    </section>
  );
}

/** XpProgress is "XP / next-level XP" over a progress bar of xp / nextLevelXp (full at the top level). */
function XpProgress({ profile: p }: { profile: Profile }) {
  const percent = progressPercent(p.xp, p.nextLevelXp);
  const top = p.xp >= p.nextLevelXp;
  const labelId = useId();
  return (
    <div className="gamification-xp">
      <p className="gamification-xp__figures" id={labelId}>
        <strong>{formatCount(p.xp)}</strong> / {formatCount(p.nextLevelXp)} XP
      </p>
      <div
        className="gamification-xp__bar"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span className="gamification-xp__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="gamification-xp__next muted">
        {top
          ? "Top level reached"
          : `${formatCount(p.nextLevelXp - p.xp)} XP to level ${p.level + 1}`}
      </p>
    </div>
  );
}

/** LeaderboardNameChoice is the full-name opt-in (the default is first name and last initial). */
function LeaderboardNameChoice({ showFullName }: { showFullName: boolean }) {
  const hintId = useId();
  const save = useSetLeaderboardName();
  // Shown at once (a controlled box would spring back until the server answers), put back if the
  // save fails, and following the stored choice whenever the profile brings a new one.
  const [checked, setChecked] = useState(showFullName);
  const [stored, setStored] = useState(showFullName);
  if (stored !== showFullName) {
    setStored(showFullName);
    setChecked(showFullName);
  }
  return (
    <div className="gamification-name-choice">
      <label className="gamification-checkbox">
        <input
          type="checkbox"
          checked={checked}
          disabled={save.isPending}
          aria-describedby={hintId}
          onChange={(e) => {
            const next = e.target.checked;
            setChecked(next);
            save.mutate({ showFullName: next }, { onError: () => setChecked(!next) });
          }}
        />
        Show my full name on the leaderboard
      </label>
      <p id={hintId} className="gamification-name-choice__hint muted">
        With it, your username and picture show too. Otherwise only your first name and last initial show, as on
        reviews.
      </p>
    </div>
  );
}

function BadgeItem({ badge: b }: { badge: Badge }) {
  return (
    <li className="gamification-badge">
      <span className={`gamification-badge__icon gamification-badge__icon--${b.category || "special"}`}>
        <BadgeIcon name={b.icon} size={22} />
      </span>
      <span className="gamification-badge__text">
        <strong>{b.name}</strong>
        <span className="muted">{b.description}</span>
      </span>
    </li>
  );
}

/** XpRules is the "How XP works" disclosure: the points table the server awards from. */
function XpRules() {
  return (
    <details className="gamification-rules">
      <summary>
        How XP works <ChevronDown aria-hidden="true" size={16} className="gamification-rules__chevron" />
      </summary>
      <XpTable className="gamification-rules__table" hiddenCaption />
      <ul className="gamification-rules__notes">
        {XP_NOTES.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </details>
  );
}

/** ProfileSkeleton holds the profile's place while it loads. */
export function ProfileSkeleton() {
  return (
    <div className="card gamification-card gamification-profile" role="status" aria-label="Loading profile">
      <div className="gamification-profile__head" aria-hidden="true">
        <span className="skeleton gamification-skeleton__avatar" />
        <div className="gamification-profile__who">
          <span className="skeleton skeleton--line skeleton--w60" />
          <span className="skeleton skeleton--line skeleton--w80" />
        </div>
      </div>
      <span className="skeleton gamification-skeleton__xp" aria-hidden="true" />
      <span className="skeleton gamification-skeleton__stats" aria-hidden="true" />
    </div>
  );
}
