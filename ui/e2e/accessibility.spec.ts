import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test as base, type BrowserContext, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, listProperty, makeAdmin, register } from "./accounts";
import { expectNoSeriousViolation } from "./axe";
import { TILES, serveTiles } from "./map-tiles";

// axe-core on every route of the router (ui/src/app/router.tsx), signed out and as each role
// whose route it is, at a laptop's and a phone's width, once the page's data is on screen: no
// serious or critical violation (e2e/axe.ts: WCAG 2.x A and AA, and axe's best practices).
// Dialogs and menus are checked open. Each role signs in once per worker; its tests start from
// the saved cookies (storageState), so a test costs a page load and an axe run.

/** Role is who looks at a page: a visitor, or a signed-in user of each kind. */
type Role = "visitor" | "tenant" | "landlord" | "owner" | "admin";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Sessions are the worker's signed-in users and the landlord's own (unverified) listing. */
interface Sessions {
  states: Record<Exclude<Role, "visitor">, StorageState>;
  listing: number;
}

/** The demo data's password (internal/seed) and the owner of /properties/1. */
const DEMO_PASSWORD = "rentproof-demo";
const OWNER_OF_PROPERTY_1 = "dana_whitfield";
/** The demo listing's postal code (internal/seed/data/properties.json: /properties/1). */
const DEMO_POSTAL_CODE = "10001";

const test = base.extend<{ role: Role }, { sessions: Sessions }>({
  role: ["visitor", { option: true }],
  sessions: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const signIn = async (how: (context: BrowserContext) => Promise<void>) => {
        const context = await browser.newContext({ baseURL });
        await how(context);
        const state = await context.storageState();
        await context.close();
        return state;
      };
      const login = (username: string, password: string) => async (context: BrowserContext) => {
        const res = await context.request.post("/api/login", { data: { username, password } });
        expect(res.ok(), await res.text()).toBeTruthy();
      };
      let listing = 0;
      const states = {
        tenant: await signIn(async (c) => void (await register(c.request, "tenant"))),
        landlord: await signIn(async (c) => {
          await register(c.request, "landlord");
          listing = await listProperty(c.request, "Flat over the bakery");
        }),
        owner: await signIn(login(OWNER_OF_PROPERTY_1, DEMO_PASSWORD)),
        admin: await signIn(login(makeAdmin(), ADMIN_PASSWORD)),
      };
      await use({ states, listing });
    },
    { scope: "worker" },
  ],
  storageState: async ({ role, sessions }, use) => {
    await use(role === "visitor" ? undefined : sessions.states[role]);
  },
});

/**
 * ready waits for the page's content: its heading, and no skeleton or spinner left (every list
 * and panel shows one while its data is on the way). Waiting for the network to be idle as well
 * would cost half a second a page and show nothing more.
 */
async function ready(page: Page) {
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator(".skeleton, .spinner, [role=status][aria-label='Loading page']")).toHaveCount(0);
}

/** Check is one state of one route: where to go, what must be there, and what to open. */
interface Check {
  name: string;
  path: string | ((s: Sessions) => string);
  roles: Role[];
  /** Only at these widths (menus that exist at one width only). */
  widths?: number[];
  /** What shows the page's data has arrived, beyond ready(). */
  loaded?: (page: Page) => Promise<void>;
  /** Opens a dialog or menu, and waits for it. */
  open?: (page: Page) => Promise<void>;
}

const ALL: Role[] = ["visitor", "tenant", "landlord", "owner", "admin"];
const SIGNED_IN: Role[] = ["tenant", "landlord", "admin"];
// Pages whose signed-in form differs only in the header check a tenant and an administrator
// (whose menus add Administration); the landlord's and the owner's own pages are below.
const reviews = (page: Page) =>
  expect(page.getByRole("region", { name: "Reviews", exact: true }).getByRole("article").first()).toBeVisible();
const dialog = (trigger: string, title: string) => async (page: Page) => {
  await page.getByRole("button", { name: trigger, exact: true }).first().click();
  await expect(page.getByRole("dialog", { name: title })).toBeVisible();
  await expect(page.getByRole("dialog").locator(".spinner")).toHaveCount(0);
};
const menu = (trigger: RegExp | string, name: string) => async (page: Page) => {
  await page.getByRole("button", { name: trigger }).click();
  await expect(page.getByRole("menu").getByText(name, { exact: true }).first()).toBeVisible();
};

const CHECKS: Check[] = [
  {
    name: "home",
    path: "/",
    roles: ["visitor", "tenant", "admin"],
    loaded: (page) => expect(page.getByRole("list", { name: "Featured properties" }).getByRole("article")).toHaveCount(3),
  },
  {
    name: "search",
    path: "/find-properties",
    roles: ["visitor", "tenant"],
    loaded: (page) => expect(page.getByRole("list", { name: "Properties" }).getByRole("article").first()).toBeVisible(),
  },
  {
    name: "search with filters",
    path: "/find-properties?city=New%20York&propertyType=apartment&bedrooms=1&sortBy=rating",
    roles: ["visitor"],
  },
  { name: "a property", path: "/properties/1", roles: ["visitor", "tenant", "owner"], loaded: reviews },
  { name: "a missing property", path: "/properties/999999", roles: ["visitor"] },
  {
    name: "a location",
    path: `/location/${DEMO_POSTAL_CODE}`,
    roles: ["visitor"],
    loaded: (page) => expect(page.getByRole("article").first()).toBeVisible(),
  },
  { name: "an unknown location", path: "/location/00501", roles: ["visitor"] },
  {
    name: "resources",
    path: "/resources",
    roles: ["visitor"],
    loaded: (page) => expect(page.getByRole("article").first()).toBeVisible(),
  },
  { name: "a resource", path: "/resources/1", roles: ["visitor"] },
  { name: "sign in", path: "/auth", roles: ["visitor"] },
  { name: "forgot password", path: "/forgot-password", roles: ["visitor"] },
  { name: "an unknown route", path: "/no-such-page", roles: ["visitor"] },
  ...["/about", "/faq", "/contact", "/how-reviews-work", "/invest", "/terms", "/privacy", "/cookies", "/accessibility"].map(
    (path): Check => ({ name: path.slice(1), path, roles: ["visitor"] }),
  ),
  { name: "contact, signed in", path: "/contact", roles: ["tenant"] },
  { name: "the dashboard", path: "/dashboard", roles: ["tenant", "landlord", "admin"] },
  // Signed out, a protected route leads to sign-in, and /admin says who may see it.
  {
    name: "the dashboard, signed out",
    path: "/dashboard",
    roles: ["visitor"],
    loaded: (page) => expect(page).toHaveURL(/\/auth$/),
  },
  { name: "saved properties", path: "/dashboard?tab=saved", roles: ["tenant"] },
  { name: "verification requests", path: "/dashboard?tab=verification", roles: ["tenant", "landlord"] },
  { name: "my listings", path: "/dashboard?tab=listings", roles: ["landlord"] },
  { name: "verification pending", path: "/dashboard?tab=pending", roles: ["landlord"] },
  { name: "security questions", path: "/dashboard/security-questions", roles: ["tenant"] },
  { name: "rewards", path: "/gamification", roles: ["tenant", "landlord"] },
  { name: "add a property", path: "/add-property", roles: ["landlord"] },
  { name: "edit a property", path: "/properties/1/edit", roles: ["owner"] },
  { name: "my own listing", path: (s) => `/properties/${s.listing}`, roles: ["landlord"] },
  {
    name: "verification request",
    path: (s) => `/verification-request/${s.listing}`,
    roles: ["landlord"],
    loaded: (page) => expect(page.getByRole("form", { name: "Choose verifiers" })).toBeVisible(),
  },
  {
    name: "verification payment",
    path: (s) => `/verification-payment/${s.listing}`,
    roles: ["landlord"],
    loaded: (page) => expect(page.getByRole("region", { name: "Payment Summary" })).toBeVisible(),
  },
  {
    name: "verification success",
    path: (s) => `/verification-success/${s.listing}`,
    roles: ["landlord"],
    loaded: (page) => expect(page.getByRole("heading", { level: 1, name: "Verification Requests Sent" })).toBeVisible(),
  },
  { name: "administration", path: "/admin", roles: ["admin"], loaded: (page) => expect(page.getByRole("heading", { level: 1, name: "Administration" })).toBeVisible() },
  { name: "administration, not an administrator", path: "/admin", roles: ["tenant", "visitor"] },
  // Dialogs and menus, open.
  { name: "the review form", path: "/properties/1", roles: ["tenant"], loaded: reviews, open: dialog("Write a Review", "Write a Review") },
  {
    name: "the verification dialog",
    path: (s) => `/properties/${s.listing}`,
    roles: ["tenant"],
    open: dialog("Verify Property", "Request Verification"),
  },
  {
    name: "the documents dialog",
    path: (s) => `/properties/${s.listing}`,
    roles: ["landlord"],
    open: dialog("Verify with Documents", "Verify with Documents"),
  },
  { name: "the report dialog", path: "/properties/1", roles: ["tenant"], loaded: reviews, open: dialog("Report", "Report this review") },
  { name: "the contact dialog", path: "/properties/1", roles: ["visitor"], open: dialog("Contact Landlord", "Contact Landlord") },
  { name: "the share menu", path: "/properties/1", roles: ["visitor"], open: menu(/^Share/, "Share this property") },
  { name: "edit profile", path: "/dashboard", roles: ["tenant"], open: dialog("Edit Profile", "Edit Profile") },
  { name: "submit a resource", path: "/resources", roles: ["visitor"], open: dialog("Submit a Resource", "Submit a Resource") },
  { name: "the account menu", path: "/", roles: SIGNED_IN, widths: [1280], open: menu(/^Account menu for/, "Sign Out") },
  {
    name: "the mobile menu",
    path: "/",
    roles: ["visitor", "tenant"],
    widths: [390],
    open: async (page) => {
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    },
  },
];

test.describe.configure({ mode: "parallel" });

test("the checks cover every route of the router", () => {
  const router = readFileSync(join(test.info().project.testDir, "../src/app/router.tsx"), "utf8");
  const patterns = [...router.matchAll(/path: "([^"]+)"/g)].map((m) => m[1]);
  expect(patterns.length).toBeGreaterThan(20);
  const sample: Sessions = { states: {} as Sessions["states"], listing: 1 };
  const paths = CHECKS.map((c) => new URL(typeof c.path === "string" ? c.path : c.path(sample), "http://x").pathname);
  for (const pattern of patterns) {
    const re = new RegExp(`^${pattern === "*" ? "/no-such-page" : pattern.replace(/:[a-zA-Z]+/g, "[^/]+")}$`);
    expect(paths.some((p) => re.test(p)), `no check opens ${pattern}`).toBe(true);
  }
});

for (const width of [1280, 390]) {
  for (const role of ALL) {
    test.describe(`${role}, ${width} wide`, () => {
      test.use({ role, viewport: { width, height: 900 } });
      for (const check of CHECKS.filter((c) => c.roles.includes(role) && (c.widths ?? [width]).includes(width))) {
        test(`${check.name} has no serious or critical violation`, async ({ page, sessions }) => {
          await page.goto(typeof check.path === "string" ? check.path : check.path(sessions));
          await check.loaded?.(page);
          await ready(page);
          await check.open?.(page);
          await expectNoSeriousViolation(page);
        });
      }
    });
  }

  test.describe(`street map, ${width} wide`, () => {
    test.use({ viewport: { width, height: 900 } });
    test("a property with the street map has no serious or critical violation", async ({ page }) => {
      await serveTiles(page);
      await page.goto(`${TILES.baseURL}/properties/1`);
      await expect(page.locator(".leaflet-tile-loaded").first()).toBeAttached();
      await expectNoSeriousViolation(page);
    });
  });
}
