import { formatCount } from "@/lib/count";
import { xpRule } from "@/lib/rules";

/**
 * progressPercent is xp over nextLevelXp as a whole percentage (SPEC §2), 0 to 100: at the top
 * level nextLevelXp is the top level's own threshold, which the XP has reached, so the bar is full.
 */
export function progressPercent(xp: number, nextLevelXp: number): number {
  if (nextLevelXp <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((xp / nextLevelXp) * 100)));
}

/** Rank is a place on the leaderboard as the server gives it: 0 when unranked. */
export interface Rank {
  rank: number;
  approximate: boolean;
}

/** rankLabel writes a rank: "#12", "≈ #12,000" (estimated beyond the first 10,000), "-" unranked. */
export function rankLabel({ rank, approximate }: Rank): string {
  if (rank <= 0) return "-";
  return `${approximate ? "≈ " : ""}#${formatCount(rank)}`;
}

/** UNRANKED says why there is no rank and what to do about it. */
export const UNRANKED = "Not ranked yet — earn XP to join the leaderboard";

/** rankExplanation is the short note under a rank ("Rank: …"). */
export function rankExplanation({ rank, approximate }: Rank): string {
  if (rank <= 0) return UNRANKED;
  if (approximate) return "estimated (exact ranks are counted for the top 10,000)";
  return "your place among everyone with XP";
}

/** ORDINALS are the accessible names of the three crowned places. */
const ORDINALS = ["1st", "2nd", "3rd"] as const;

/** crown is the colour and accessible text of a top-three position, undefined below it. */
export function crown(position: number): { tone: "gold" | "silver" | "bronze"; label: string } | undefined {
  const tones = ["gold", "silver", "bronze"] as const;
  if (position < 1 || position > 3) return undefined;
  return { tone: tones[position - 1], label: ORDINALS[position - 1] };
}

/** XpRow is one row of the points table as people read it. */
export interface XpRow {
  /** The contract's name of the rule ("reviews"). */
  key: string;
  action: string;
  xp: number;
  limit: string;
}

/** xpRow writes the contract's rule of key for people: its points, and its daily cap in limit's words. */
function xpRow(key: string, action: string, limit: (dailyCap: number) => string): XpRow {
  const rule = xpRule(key);
  return { key, action, xp: rule.points, limit: limit(rule.dailyCap) };
}

/**
 * XP_TABLE is the points table the server awards from (the contract's, lib/rules; README
 * "Gamification rules"), written for people.
 */
export const XP_TABLE: XpRow[] = [
  xpRow("reviews", "A review you publish", (cap) => `the first ${cap} each day`),
  xpRow("helpfulVotes", "A helpful vote on your review from an established account", (cap) => `at most ${cap} a day`),
  xpRow(
    "verificationsAnswered",
    "A verification request you answer (approve or reject alike), sent by the property's owner or an established account you are not linked to",
    (cap) => `the first ${cap} each day, once per request`,
  ),
  xpRow("properties", "A property you list", (cap) => `the first ${cap} each day`),
  xpRow("verifiedProperties", "A property of yours verified", () => "once per property"),
  xpRow(
    "verifiedTenancies",
    "A tenancy of yours verified, by its landlord or from your documents (taken back if it is withdrawn or revoked)",
    (cap) => `the first ${cap} each day, once per tenancy`,
  ),
];

/** XP_NOTES are the rules beside the table. */
export const XP_NOTES = [
  "Signing in, viewing pages and editing your profile earn nothing.",
  "XP never depends on the rating you give.",
  "A review removed by a moderator takes back the XP it earned; badges once earned stay.",
];
