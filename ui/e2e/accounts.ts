import { expect, type APIRequestContext } from "@playwright/test";

// Accounts and files the browser tests share. Accounts are new on every run: the database
// outlives a test.

/** PASSWORD is the password of every account the tests register. */
export const PASSWORD = "keys-and-locks";

/** A 1×1 PNG, small and valid, for uploads. */
export const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** stamp is a short value unique to this moment, for names that must not repeat. */
export function stamp() {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** Account is a registered account's public names. */
export interface Account {
  username: string;
  firstName: string;
  lastName: string;
}

/** register creates an account through the REST API; a page's request context shares the page's cookies. */
export async function register(request: APIRequestContext, role: "tenant" | "landlord", firstName = "Rhea"): Promise<Account> {
  const id = stamp();
  const account = { username: `${role}_${id}`, firstName, lastName: role === "landlord" ? "Landlord" : "Tenant" };
  const res = await request.post("/api/register", {
    data: { ...account, email: `${role}.${id}@example.com`, password: PASSWORD, role },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return account;
}
