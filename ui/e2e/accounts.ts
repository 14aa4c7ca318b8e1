import { execFileSync } from "node:child_process";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

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
  email: string;
}

/** register creates an account through the REST API; a page's request context shares the page's cookies. */
export async function register(request: APIRequestContext, role: "tenant" | "landlord", firstName = "Rhea"): Promise<Account> {
  const id = stamp();
  const account = { username: `${role}_${id}`, firstName, lastName: role === "landlord" ? "Landlord" : "Tenant", email: `${role}.${id}@example.com` };
  const res = await request.post("/api/register", {
    data: { ...account, password: PASSWORD, role },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return account;
}

/** ADMIN_PASSWORD is the password of every administrator the tests make. */
export const ADMIN_PASSWORD = "queue-keeper-pass";

/**
 * makeAdmin creates an administrator with the server's own command (`rentproof admin create`,
 * as an operator would: self-registration offers no such role) and returns its username.
 */
export function makeAdmin(): string {
  const username = `admin_${stamp()}`;
  execFileSync(
    process.env.E2E_SERVER_BIN ?? "../bin/rentproof",
    ["admin", "create", "-username", username, "-email", `${username}@example.com`, "-first-name", "Ada", "-last-name", "Admin"],
    { env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, ADMIN_PASSWORD }, stdio: "pipe" },
  );
  return username;
}

/** sql runs statements on the test database, as an operator could. */
export function sql(statements: string, vars: Record<string, string> = {}) {
  const args = [process.env.E2E_DATABASE_URL ?? "", "-qAt", "-v", "ON_ERROR_STOP=1"];
  for (const [name, value] of Object.entries(vars)) args.push("-v", `${name}=${value}`);
  execFileSync("psql", args, { input: statements, stdio: ["pipe", "pipe", "pipe"] });
}

/**
 * ageAccount moves an account's opening date eight days back, straight in the database (as an
 * operator could): an account is established once a week old with a published review.
 */
export function ageAccount(username: string) {
  sql("UPDATE users SET created_at = now() - interval '8 days' WHERE username = :'name';", { name: username });
}

/** listProperty lists a two-bedroom flat with one picture as the signed-in landlord and returns its id. */
export async function listProperty(request: APIRequestContext, title: string): Promise<number> {
  const upload = await request.post("/api/upload/property-images", {
    multipart: { images: { name: "front.png", mimeType: "image/png", buffer: PNG_1PX } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const created = await request.post("/rentproof.property.v1.PropertyService/CreateProperty", {
    data: {
      title,
      description: "A two-bedroom flat over a bakery, with a new kitchen and a shared roof garden.",
      address: "18 Mill Road",
      city: "Cambridge",
      country: "United Kingdom",
      propertyType: "apartment",
      monthlyRent: 1900,
      bedrooms: 2,
      bathrooms: 1,
      squareFeet: 70,
      areaUnit: "sqm",
      currency: "GBP",
      images: ((await upload.json()) as { files: string[] }).files,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return ((await created.json()) as { property: { id: number } }).property.id;
}

/** DEMO_PASSWORD is the demo data's password (internal/seed): its users are established members. */
export const DEMO_PASSWORD = "rentproof-demo";

/**
 * signedInPage opens a browser of its own (its own device cookie, so nobody shares a browser with
 * anyone else: linked accounts wait for an administrator) signed in as username.
 */
export async function signedInPage(browser: Browser, username: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const res = await page.request.post("/api/login", { data: { username, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return page;
}
