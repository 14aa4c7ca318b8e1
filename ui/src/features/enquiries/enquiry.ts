/**
 * The enquiry rules the screens share (issue 31): the safety notice, how a listing was verified,
 * and the viewing times, which are wall-clock times in the listing's time zone ("2026-12-03T18:30"),
 * as the contract carries them.
 */

/** SAFETY_NOTICE is what every enquiry dialog and thread says about money. */
export const SAFETY_NOTICE =
  "RentProof never asks anyone to pay a deposit or fee outside the site. Never send money to someone you have not met, or for a home you have not seen.";

/** How far ahead a viewing may be asked for, in days (the server refuses later times). */
export const VIEWING_WINDOW_DAYS = 60;
/** How many times one viewing request may propose. */
export const MAX_VIEWING_TIMES = 3;
/** The occupants a member may say will live there. */
export const OCCUPANTS = { min: 1, max: 20 } as const;
/** How many months ahead the move-in month may be (the contract: up to two years ahead). */
export const MOVE_IN_MONTHS_AHEAD = 24;

/** The reasons a member may report a thread, as the contract names them. */
export const REPORT_REASONS = [
  { value: "scam", label: "Scam: asks for money outside RentProof" },
  { value: "harassment", label: "Harassment" },
  { value: "spam", label: "Spam" },
  { value: "other", label: "Something else" },
] as const;

/** reportReasonLabel names a report reason. */
export function reportReasonLabel(reason: string): string {
  return REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

/**
 * verificationWords say whether a listing is verified and how, for the dialogs and threads. The
 * property page's proofs (confirmed, documents, paid_check, demo) and the thread's methods
 * (direct, documents, paid) both read here.
 */
export function verificationWords(verified: boolean, method: string): string {
  if (!verified) return "This listing is not verified yet: nobody has checked that the person who listed it owns or manages it.";
  switch (method) {
    case "confirmed":
    case "direct":
      return "This listing is verified: people who know the property confirmed it.";
    case "documents":
      return "This listing is verified: an administrator checked the owner's ownership documents.";
    case "paid_check":
    case "paid":
      return "This listing is verified: RentProof checked it in a paid check.";
    case "demo":
      return "This is a demo listing: its badge is sample data and was not checked.";
    default:
      return "This listing is verified.";
  }
}

/** zoneName names a time zone for a label: "America/New_York (EST)", or "the listing's local time" without one. */
export function zoneName(timeZone: string, at = new Date()): string {
  if (!timeZone) return "the listing's local time";
  try {
    const short = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
    return short && short !== timeZone ? `${timeZone} (${short})` : timeZone;
  } catch {
    return timeZone;
  }
}

/**
 * wallClock is a moment as the wall-clock time of a zone, "YYYY-MM-DDTHH:MM" (the browser's own
 * zone when none is given or it is unknown), the form a datetime-local input reads and writes.
 */
export function wallClock(at: Date, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-US", {
      timeZone: timeZone || undefined,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(at);
  } catch {
    return wallClock(at, "");
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/** viewingWindow is the earliest and latest wall-clock times a viewing may be asked for now. */
export function viewingWindow(timeZone: string, now = new Date()): { min: string; max: string } {
  return {
    min: wallClock(new Date(now.getTime() + 60_000), timeZone),
    max: wallClock(new Date(now.getTime() + VIEWING_WINDOW_DAYS * 86_400_000), timeZone),
  };
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
let localFormat: Intl.DateTimeFormat | undefined;

/** formatLocal writes a wall-clock time for people: "Thu, Dec 3, 2026, 6:30 PM" (as given when unreadable). */
export function formatLocal(local: string): string {
  const m = LOCAL.exec(local);
  if (!m) return local;
  const [, y, mo, d, h, mi] = m.map(Number);
  // The wall clock read as UTC and written in UTC: the same digits, whatever the reader's zone.
  localFormat ??= new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  });
  return localFormat.format(new Date(Date.UTC(y, mo - 1, d, h, mi)));
}

/** moveInMonths are the months a member may say they move in: this month and the next two years, "2027-03". */
export function moveInMonths(now = new Date()): { value: string; label: string }[] {
  const format = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  return Array.from({ length: MOVE_IN_MONTHS_AHEAD + 1 }, (_, i) => {
    const at = new Date(Date.UTC(now.getFullYear(), now.getMonth() + i, 1));
    const value = `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, "0")}`;
    return { value, label: format.format(at) };
  });
}

/** formatMonth writes a "2027-03" month as "March 2027" (as given when unreadable). */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)),
  );
}

/** The parameter of a property page's address that opens an enquiry dialog: `?enquire=message|viewing`. */
export const ENQUIRE_PARAM = "enquire";
/** EnquiryKind is which dialog: a message to the owner, or a viewing request. */
export type EnquiryKind = "message" | "viewing";

/** threadPath is a thread's page for the side the caller is on (the paths the server's notifications link to). */
export function threadPath(role: string, threadId: bigint | number | string): string {
  return role === "owner" ? `/dashboard/enquiries/${threadId}` : `/dashboard/my-enquiries/${threadId}`;
}

/** CLOSED_REASONS say why a thread closed. */
const CLOSED_REASONS: Record<string, string> = {
  closed_by_enquirer: "The member who asked closed this conversation.",
  closed_by_owner: "The owner closed this conversation.",
  sender_blocked: "The owner is not taking enquiries from this member.",
  account_closed: "One of you closed their account.",
  account_suspended: "This conversation was closed by RentProof.",
};

/** closedReason says why a closed thread closed. */
export function closedReason(reason: string): string {
  return CLOSED_REASONS[reason] ?? "This conversation is closed.";
}

/** VIEWING_STATUS names a viewing's status. */
export const VIEWING_STATUS: Record<string, string> = {
  requested: "Waiting for the owner",
  accepted: "Accepted",
  declined: "Declined",
  cancelled: "Cancelled",
};

let momentFormat: Intl.DateTimeFormat | undefined;

/** formatMoment writes a moment in the reader's own zone: "Dec 3, 2026, 6:30 PM" ("" without one). */
export function formatMoment(at: Date | undefined): string {
  if (!at) return "";
  momentFormat ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
  return momentFormat.format(at);
}

/** parseThreadId reads a thread id from the address, or 0n when it is not one. */
export function parseThreadId(raw: string | undefined): bigint {
  return raw && /^[1-9]\d{0,18}$/.test(raw) ? BigInt(raw) : 0n;
}
