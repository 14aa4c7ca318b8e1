/**
 * The figures and addresses the legal pages state, in one place. Each figure is the server's: the
 * comment names where it is set, so a change there is a change here (and a new "Last updated").
 */

/** The date every legal page states (SPEC §2 "Static legal pages"). */
export const LAST_UPDATED = { text: "April 20, 2025", iso: "2025-04-20" } as const;

/** Mailboxes named on the legal pages. */
export const MAILBOX = {
  /** Data protection requests and questions. */
  privacy: "privacy@rentproof.com",
  /** Questions about the terms, notices of claims. */
  legal: "legal@rentproof.com",
  /** Accessibility feedback, answered within ACCESSIBILITY_REPLY_DAYS business days. */
  accessibility: "accessibility@rentproof.com",
} as const;

/** SPEC §9: accessibility feedback is answered within 5 business days. */
export const ACCESSIBILITY_REPLY_DAYS = 5;

/** Cookie names and lifetimes: internal/api/account.go (SessionCookie, DeviceCookie). */
export const COOKIES = {
  session: "rentproof_session",
  device: "rentproof_device",
} as const;

/** internal/account/service.go: SessionTTL, IdleTimeout; internal/account/device.go: DeviceTTL. */
export const SESSION_DAYS = 30;
export const SESSION_IDLE_DAYS = 7;
export const DEVICE_DAYS = 365;
/** internal/account/service.go: SignInHistory. */
export const SIGN_IN_HISTORY_DAYS = 90;
/** internal/ratelimit: LongestWindow, after which rate-limit events are deleted. */
export const RATE_LIMIT_HOURS = 24;
/** internal/document: Retention, after a request's decision. */
export const DOCUMENT_RETENTION_DAYS = 90;
/** Contact messages are kept 12 months (issue 17; internal/contact). */
export const CONTACT_RETENTION_MONTHS = 12;
/** SPEC §9: the paid check's fee, tax and total. */
export const CHECK_FEE = "$19.99";
/** SPEC §9 / internal/account: a new account's opening token balance. */
export const WELCOME_TOKENS = 10;
