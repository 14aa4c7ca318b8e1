import { expect } from "@playwright/test";

// The browser tests read the mail the server sent through the API of the test Mailpit, which
// scripts/e2e.sh starts (scripts/mailpit.sh) and names in MAILPIT_API_URL; the servers send to it
// (SMTP_URL, playwright.config.ts). Use a fresh address per test (mailAddress): the inbox is shared.

/** MAILPIT_API_URL is the test Mailpit's web inbox and API. */
export const MAILPIT_API_URL = process.env.MAILPIT_API_URL ?? "";

/** Mail is one email as Mailpit keeps it. */
export interface Mail {
  id: string;
  /** The Message-ID header, without angle brackets. */
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part. */
  html: string;
  /** Every header by its name as sent (e.g. "List-Unsubscribe"). */
  headers: Record<string, string[]>;
  /** The http(s) links of the HTML part's hrefs and of the text part, in order, once each. */
  links: string[];
}

interface Address {
  Address: string;
}

function api(path: string): string {
  if (!MAILPIT_API_URL) {
    throw new Error("MAILPIT_API_URL is not set: run the browser tests through scripts/e2e.sh (make test-e2e)");
  }
  return `${MAILPIT_API_URL.replace(/\/$/, "")}${path}`;
}

async function get<T>(path: string): Promise<T> {
  const res = await fetch(api(path));
  if (!res.ok) throw new Error(`mailpit: GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** mailAddress returns an address no other test uses; "bounce…" addresses are refused with 550. */
export function mailAddress(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.test`;
}

/** messageIds returns Mailpit's IDs of the messages to exactly `to`, newest first. */
export async function messageIds(to: string): Promise<string[]> {
  const query = new URLSearchParams({ query: `to:"${to}"`, limit: "500" });
  const page = await get<{ messages: { ID: string; To: Address[] | null }[] }>(`/api/v1/search?${query}`);
  return page.messages
    .filter((m) => (m.To ?? []).some((a) => a.Address.toLowerCase() === to.toLowerCase()))
    .map((m) => m.ID);
}

/** links returns the http(s) links of an HTML part's hrefs and a text part, once each. */
export function links(html: string, text: string): string[] {
  const found = [
    ...[...html.matchAll(/href\s*=\s*"([^"]+)"/gi)].map((m) => m[1].replaceAll("&amp;", "&")),
    ...[...text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((m) => m[0].replace(/[.,;:]+$/, "")),
  ];
  return [...new Set(found.filter((u) => /^https?:\/\//.test(u)))];
}

/** readMail reads one message whole: parts, headers and links. */
export async function readMail(id: string): Promise<Mail> {
  const m = await get<{ ID: string; MessageID: string; From: Address; To: Address[] | null; Subject: string; Text: string; HTML: string }>(
    `/api/v1/message/${encodeURIComponent(id)}`,
  );
  const headers = await get<Record<string, string[]>>(`/api/v1/message/${encodeURIComponent(id)}/headers`);
  return {
    id: m.ID,
    messageId: m.MessageID,
    from: m.From?.Address ?? "",
    to: (m.To ?? []).map((a) => a.Address),
    subject: m.Subject,
    text: m.Text,
    html: m.HTML,
    headers,
    links: links(m.HTML, m.Text),
  };
}

/**
 * latestMail waits (up to 15 s) until at least `count` messages went to `to`, and returns the
 * newest. Pass `subject` to wait for a message whose subject contains it.
 */
export async function latestMail(to: string, opts: { count?: number; subject?: string; timeout?: number } = {}): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const ids = await messageIds(to);
        if (ids.length < (opts.count ?? 1)) return false;
        for (const id of ids) {
          const mail = await readMail(id);
          if (!opts.subject || mail.subject.includes(opts.subject)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `an email to ${to}${opts.subject ? ` about "${opts.subject}"` : ""}`, timeout: opts.timeout ?? 15_000 },
    )
    .toBe(true);
  return found!;
}

/** mailCount is how many messages went to `to` so far. */
export async function mailCount(to: string): Promise<number> {
  return (await messageIds(to)).length;
}
