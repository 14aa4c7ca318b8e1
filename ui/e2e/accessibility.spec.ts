import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test as base, type BrowserContext, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, listProperty, makeAdmin, register } from "./accounts";
import { expectNoSeriousViolation } from "./axe";
import { inDays } from "./clock";
import { visit } from "./hydrated";
import { TILES, serveTiles } from "./map-tiles";

// axe-core on every route of the router (ui/src/app/router.tsx), signed out and as each role
// whose route it is, at a laptop's and a phone's width, once the page's data is on screen: no
// serious or critical violation (e2e/axe.ts: WCAG 2.x A and AA, and axe's best practices).
// Dialogs and menus are checked open. Each role signs in once per worker; its tests start from
// the saved cookies (storageState), so a test costs a page load and an axe run at each width.

/** Role is who looks at a page: a visitor, or a signed-in user of each kind. */
type Role = "visitor" | "tenant" | "landlord" | "owner" | "admin";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * Sessions are the worker's signed-in users, the landlord's own (unverified) listing, and the
 * tenant's enquiry about it (issue 31: a message and a viewing request the landlord has not answered).
 */
interface Sessions {
  states: Record<Exclude<Role, "visitor">, StorageState>;
  listing: number;
  thread: number;
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
      const tenant = await browser.newContext({ baseURL, storageState: states.tenant });
      const started = await tenant.request.post("/rentproof.enquiry.v1.EnquiryService/StartEnquiry", {
        data: { propertyId: listing, message: "Is the roof garden shared with the bakery?", viewingTimes: [inDays(3, "10:00")] },
      });
      expect(started.ok(), await started.text()).toBeTruthy();
      const thread = Number(((await started.json()) as { thread: { id: string } }).thread.id);
      await tenant.close();
      await use({ states, listing, thread });
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
const viewingRequest = (page: Page) => expect(page.getByRole("article", { name: /Viewing request/ })).toBeVisible();
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
    path: "/find-properties?city=New%20York&propertyType=apartment&beds=1&sortBy=highestRated",
    roles: ["visitor"],
    loaded: (page) => expect(page.getByRole("list", { name: "Properties" }).getByRole("article").first()).toBeVisible(),
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
  { name: "reset password by link", path: "/reset-password?token=unknown", roles: ["visitor"] },
  {
    name: "verify email, a bad link",
    path: "/verify-email?token=altered",
    roles: ["visitor", "tenant"],
    loaded: (page) => expect(page.getByRole("heading", { name: "We could not verify your email address" })).toBeVisible(),
  },
  { name: "an unknown route", path: "/no-such-page", roles: ["visitor"] },
  ...["/about", "/faq", "/contact", "/how-reviews-work", "/invest", "/terms", "/privacy", "/cookies", "/accessibility"].map(
    (path): Check => ({ name: path.slice(1), path, roles: ["visitor"] }),
  ),
  { name: "contact, signed in", path: "/contact", roles: ["tenant"] },
  { name: "notifications", path: "/notifications", roles: ["tenant"] },
  { name: "settings", path: "/settings", roles: ["tenant"] },
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
  { name: "enquiries", path: "/dashboard?tab=enquiries", roles: ["landlord"], loaded: (page) => expect(page.getByRole("link", { name: /^Rhea T\. about / })).toBeVisible() },
  { name: "my enquiries", path: "/dashboard?tab=my-enquiries", roles: ["tenant"], loaded: (page) => expect(page.getByRole("link", { name: /^Flat over the bakery with / })).toBeVisible() },
  { name: "an enquiry, its landlord's side", path: (s) => `/dashboard/enquiries/${s.thread}`, roles: ["landlord"], loaded: viewingRequest },
  { name: "an enquiry, its tenant's side", path: (s) => `/dashboard/my-enquiries/${s.thread}`, roles: ["tenant"], loaded: viewingRequest },
  { name: "an enquiry of others", path: "/dashboard/my-enquiries/999999999", roles: ["tenant"] },
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
  { name: "the contact dialog", path: "/properties/1", roles: ["tenant"], open: dialog("Contact Landlord", "Contact Landlord") },
  { name: "the viewing dialog", path: "/properties/1", roles: ["tenant"], open: dialog("Schedule Viewing", "Schedule Viewing") },
  {
    name: "the enquiry's report dialog",
    path: (s) => `/dashboard/my-enquiries/${s.thread}`,
    roles: ["tenant"],
    loaded: viewingRequest,
    open: dialog("Report", "Report this conversation"),
  },
  {
    name: "the enquiry's block dialog",
    path: (s) => `/dashboard/enquiries/${s.thread}`,
    roles: ["landlord"],
    loaded: viewingRequest,
    open: dialog("Block sender", "Block Rhea T.?"),
  },
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

/**
 * RpcState is what the server seems to answer while a state of a page is checked: nothing yet
 * (the rpcs are held back, so the loading state stays on screen), a failure, or empty answers.
 */
type RpcState = "loading" | "error" | "empty";

/** StateCheck is one loading, error or empty state of a route, as one role sees it. */
interface StateCheck {
  name: string;
  path: string | ((s: Sessions) => string);
  role: Role;
  state: RpcState;
  /** The rpcs (method names) held, failed or emptied; every rpc but GetCurrentUser when absent. */
  rpcs?: string[];
  /** Opens the page by its address, not from another page (a page that carries no first answers). */
  direct?: boolean;
  /** Holds back the app's code instead of rpcs: the page as the server sends it, before any script runs. */
  code?: boolean;
  /** What shows the state is on screen. */
  shown: (page: Page) => Promise<void>;
}

const status = (name: string) => (page: Page) => expect(page.getByRole("status", { name, exact: true }).first()).toBeVisible();
const alert = (page: Page) => expect(page.getByRole("alert").first()).toBeVisible();
const heading = (name: string | RegExp) => (page: Page) => expect(page.getByRole("heading", { name }).first()).toBeVisible();
const REVIEW_RPCS = ["ListPropertyReviews", "GetRatingSummary", "ListSimilarProperties"];

/** Shown says, for each state checked, what shows it is on screen. */
type Shown = Partial<Record<RpcState, (page: Page) => Promise<void>>>;

/** route makes a route's checks: one per state it names, as one role sees them. */
function route(name: string, path: StateCheck["path"], role: Role, shown: Shown, options: Partial<StateCheck> = {}): StateCheck[] {
  return (Object.entries(shown) as [RpcState, StateCheck["shown"]][]).map(([state, s]) => ({ name, path, role, state, shown: s, ...options }));
}

const direct = { direct: true };

// Every route with a loading state, held on screen, and its empty and error states where it has
// them. A page that carries its first answers (a property, the search, an article, a location,
// a member's dashboard, /gamification, /settings, /admin: internal/web/firstload.go) is opened from another page, as a visitor
// clicking through would, so that it asks for them itself.
const STATES: StateCheck[] = [
  ...route("home", "/", "visitor", { loading: status("Loading featured properties"), empty: heading("No properties listed yet"), error: alert }, direct),
  ...route("search", "/find-properties?city=Chicago", "visitor", { loading: status("Loading properties"), empty: heading("No properties found"), error: alert }),
  ...route("a property", "/properties/2", "visitor", { loading: status("Loading property") }),
  ...route("a property", "/properties/2", "visitor", { error: alert }, { rpcs: ["GetProperty"] }),
  ...route("a property's reviews", "/properties/2", "tenant", { loading: status("Loading reviews"), empty: heading("No reviews yet"), error: alert }, { rpcs: REVIEW_RPCS }),
  ...route("a location", `/location/${DEMO_POSTAL_CODE}`, "visitor", {
    loading: status("Loading properties"),
    empty: heading(/^No properties listed in/),
    error: heading("Failed to fetch properties"),
  }),
  ...route("resources", "/resources", "visitor", { loading: status("Loading resources"), empty: heading("No resources found"), error: alert }, direct),
  ...route("a resource", "/resources/2", "visitor", { loading: status("Loading resource"), error: alert }),
  ...route("invest", "/invest", "visitor", { loading: (page) => expect(page.locator("dl[aria-busy=true]")).toBeVisible(), error: alert }, direct),
  // Pages as the server sends them, before the app's code runs: prerendered in their loading
  // state (ui/scripts/prerender.mjs), or the header's bar alone.
  ...[
    { name: "home", path: "/", shown: status("Loading featured properties") },
    { name: "a property", path: "/properties/1", shown: status("Loading property") },
    { name: "search", path: "/find-properties", shown: status("Loading properties") },
    { name: "a resource", path: "/resources/1", shown: status("Loading resource") },
    { name: "a location", path: `/location/${DEMO_POSTAL_CODE}`, shown: status("Loading properties") },
    { name: "the dashboard", path: "/dashboard", shown: (page: Page) => expect(page.getByRole("banner")).toBeVisible() },
  ].flatMap((c) => route(`${c.name}, before the app's code`, c.path, "visitor", { loading: c.shown }, { direct: true, code: true })),
  // Until it is known who is signed in: sign-in, a protected route, /admin.
  ...[
    { name: "sign in", path: "/auth", role: "visitor" as const },
    { name: "a protected route", path: "/dashboard", role: "tenant" as const },
    { name: "administration", path: "/admin", role: "admin" as const },
  ].flatMap((c) => route(`${c.name}, who is signed in unknown`, c.path, c.role, { loading: status("Loading") }, { direct: true, rpcs: ["GetCurrentUser"] })),
  ...route("administration", "/admin", "admin", { loading: status("Loading the queue"), empty: heading("Verification queue"), error: alert }),
  ...route("the tenant's dashboard", "/dashboard", "tenant", { loading: status("Loading your reviews"), empty: heading("No reviews yet"), error: alert }),
  ...route("saved properties", "/dashboard?tab=saved", "tenant", {
    loading: status("Loading saved properties"),
    empty: heading("No saved properties yet"),
    error: alert,
  }, direct),
  ...route("verification requests", "/dashboard?tab=verification", "tenant", {
    loading: status("Loading verification requests"),
    empty: (page) => expect(page.getByText(/No verification requests received yet/)).toBeVisible(),
    error: alert,
  }, direct),
  ...route("the landlord's dashboard", "/dashboard", "landlord", { loading: status("Loading your properties"), empty: heading("No properties yet"), error: alert }),
  ...route("my listings", "/dashboard?tab=listings", "landlord", { loading: status("Loading your properties") }),
  ...route("verification pending", "/dashboard?tab=pending", "landlord", {
    loading: status("Loading properties"),
    empty: heading("All Properties Verified"),
    error: alert,
  }, direct),
  ...route("verify email", "/verify-email?token=x", "visitor", { loading: status("Verifying your email address"), error: alert }, {
    direct: true,
    rpcs: ["VerifyEmail"],
  }),
  ...route("notifications", "/notifications", "tenant", {
    loading: status("Loading notifications"),
    empty: heading("You have no notifications yet."),
    error: alert,
  }, direct),
  ...route("settings", "/settings", "tenant", { loading: status("Loading your email preferences"), error: alert }),
  ...route("settings › your data", "/settings#your-data", "tenant", {
    loading: status("Loading your data exports"),
    empty: (page) => expect(page.getByText("You have not asked for a copy of your data yet.")).toBeVisible(),
    error: alert,
  }, { rpcs: ["ListDataExports"] }),
  ...route("an enquiry", (s) => `/dashboard/my-enquiries/${s.thread}`, "tenant", {
    loading: status("Loading the conversation"),
    empty: (page) => expect(page.getByText("This conversation does not exist, or it is not one of yours.")).toBeVisible(),
    error: alert,
  }, { direct: true, rpcs: ["GetThread"] }),
  ...route("an enquiry, its landlord's side", (s) => `/dashboard/enquiries/${s.thread}`, "landlord", {
    loading: status("Loading the conversation"),
    error: alert,
  }, { direct: true, rpcs: ["GetThread"] }),
  ...route("enquiries", "/dashboard?tab=enquiries", "landlord", { loading: status("Loading enquiries"), error: alert }, { direct: true, rpcs: ["ListReceivedEnquiries"] }),
  ...route("my enquiries", "/dashboard?tab=my-enquiries", "tenant", { loading: status("Loading your enquiries"), error: alert }, { direct: true, rpcs: ["ListMyEnquiries"] }),
  ...route("security questions", "/dashboard/security-questions", "tenant", { loading: status("Loading security questions"), error: alert }, direct),
  ...route("rewards", "/gamification", "tenant", { loading: status("Loading profile"), empty: heading("Rewards are not fully initialised"), error: alert }),
  ...route("the leaderboard", "/gamification?tab=leaderboard", "tenant", {
    loading: status("Loading leaderboard"),
    empty: heading("No leaderboard data available yet."),
    error: alert,
  }, { direct: true, rpcs: ["GetLeaderboard"] }),
  ...route("edit a property", "/properties/1/edit", "owner", { loading: status("Loading property"), error: alert }, direct),
  ...route("verification request", (s) => `/verification-request/${s.listing}`, "landlord", { loading: status("Loading property"), error: alert }, direct),
  ...route("verification payment", (s) => `/verification-payment/${s.listing}`, "landlord", { loading: status("Loading property"), error: alert }, direct),
];

/**
 * Routes whose only loading states are the page before the app's code and, behind sign-in, who
 * is signed in (both checked above): fixed pages, and forms that ask for nothing before they show.
 */
const NO_STATE_OF_THEIR_OWN = [
  "/about",
  "/faq",
  "/contact",
  "/how-reviews-work",
  "/terms",
  "/privacy",
  "/cookies",
  "/accessibility",
  "/forgot-password",
  "/reset-password",
  "/add-property",
  "/verification-success/:propertyId",
  "*",
];

/** isRpc tells whether a request is a Connect call of one of the methods (of any but GetCurrentUser when none are named). */
function isRpc(url: URL, methods?: string[]): boolean {
  const method = /^\/rentproof\.[a-z]+\.v1\.[A-Za-z]+\/([A-Za-z]+)$/.exec(url.pathname)?.[1];
  if (!method) return false;
  return methods ? methods.includes(method) : method !== "GetCurrentUser";
}

/**
 * openInState opens a page with its rpcs answering as the state wants: held back until the page
 * closes, failing as an unavailable server would, or empty. A page that carries its first answers
 * is reached from /about by the app's own navigation (the router follows history).
 */
async function openInState(page: Page, path: string, check: StateCheck) {
  if (!check.direct) {
    // The app must be listening for the navigation below (its router subscribes as it commits).
    await visit(page, "/about");
    await ready(page);
  }
  if (check.direct && check.rpcs?.includes("GetCurrentUser")) {
    // A member's page carries the session's answer (internal/web/firstload.go): sent without it,
    // as when the server's own call fails, the app has to ask.
    await page.route(
      (url) => url.pathname === new URL(path, "http://x").pathname,
      async (route) => {
        if (route.request().resourceType() !== "document") return route.fallback();
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers["content-encoding"];
        delete headers["content-length"];
        const body = (await response.text()).replace(/<script type="application\/json" id="first-load">[\s\S]*?<\/script>/, "");
        await route.fulfill({ status: response.status(), headers, body });
      },
    );
  }
  await page.route(
    (url) => (check.code ? url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js") : isRpc(url, check.rpcs)),
    async (route) => {
      if (check.state === "loading") return; // never answered: the page keeps waiting
      await route.fulfill(
        check.state === "error"
          ? { status: 503, contentType: "application/json", body: JSON.stringify({ code: "unavailable", message: "The server is unavailable" }) }
          : { status: 200, contentType: "application/json", body: "{}" },
      );
    },
  );
  if (check.direct) {
    // Held back, the app's module scripts keep the document from ever being ready.
    await page.goto(path, { waitUntil: check.code ? "commit" : "load" });
  } else {
    await page.evaluate((to) => {
      window.history.pushState(null, "", to);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, path);
  }
}

test.describe.configure({ mode: "parallel" });

test("the checks cover every route of the router", () => {
  const router = readFileSync(join(test.info().project.testDir, "../src/app/router.tsx"), "utf8");
  const patterns = [...router.matchAll(/path: "([^"]+)"/g)].map((m) => m[1]);
  expect(patterns.length).toBeGreaterThan(20);
  const sample: Sessions = { states: {} as Sessions["states"], listing: 1, thread: 1 };
  const paths = CHECKS.map((c) => new URL(typeof c.path === "string" ? c.path : c.path(sample), "http://x").pathname);
  for (const pattern of patterns) {
    const re = new RegExp(`^${pattern === "*" ? "/no-such-page" : pattern.replace(/:[a-zA-Z]+/g, "[^/]+")}$`);
    expect(paths.some((p) => re.test(p)), `no check opens ${pattern}`).toBe(true);
  }
});

test("the state checks cover every route with a loading state", () => {
  const router = readFileSync(join(test.info().project.testDir, "../src/app/router.tsx"), "utf8");
  const patterns = [...router.matchAll(/path: "([^"]+)"/g)].map((m) => m[1]);
  const sample: Sessions = { states: {} as Sessions["states"], listing: 1, thread: 1 };
  const paths = STATES.map((c) => new URL(typeof c.path === "string" ? c.path : c.path(sample), "http://x").pathname);
  for (const pattern of patterns.filter((p) => !NO_STATE_OF_THEIR_OWN.includes(p))) {
    const re = new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, "[^/]+")}$`);
    expect(paths.some((p) => re.test(p)), `no state check opens ${pattern}`).toBe(true);
  }
});

/** The widths every page is checked at: a laptop's and a phone's. */
const WIDTHS = [1280, 390];

/**
 * atEachWidth opens the page at the first width and checks it, then resizes it to each other
 * width and checks it again. The app lays out by CSS alone (no script reads the width), so a page
 * resized is the page loaded at that width, and one load serves every width.
 */
async function atEachWidth(page: Page, widths: number[], open: () => Promise<void>, settled: () => Promise<void>) {
  for (const [i, width] of widths.entries()) {
    await page.setViewportSize({ width, height: 900 });
    await (i === 0 ? open() : settled());
    await expectNoSeriousViolation(page, `${width} wide`);
  }
}

for (const role of ALL) {
  test.describe(role, () => {
    test.use({ role });
    for (const check of CHECKS.filter((c) => c.roles.includes(role))) {
      const widths = check.widths ?? WIDTHS;
      test(`${check.name} has no serious or critical violation, ${widths.join(" and ")} wide`, async ({ page, sessions }) => {
        await atEachWidth(
          page,
          widths,
          async () => {
            await page.goto(typeof check.path === "string" ? check.path : check.path(sessions));
            await check.loaded?.(page);
            await ready(page);
            await check.open?.(page);
          },
          () => ready(page),
        );
      });
    }
  });
}

test.describe("loading, empty and error states", () => {
  for (const check of STATES) {
    test.describe(check.role, () => {
      test.use({ role: check.role });
      test(`${check.name}, ${check.state}, has no serious or critical violation, ${WIDTHS.join(" and ")} wide`, async ({ page, sessions }) => {
        // An empty or failed page is checked once every part has answered: the first alert can
        // show while another part still swaps its skeleton for its own (CI, 2026-11-29).
        const shown = async () => {
          await check.shown(page);
          if (check.state !== "loading") await expect(page.locator(".skeleton, .spinner")).toHaveCount(0);
        };
        await atEachWidth(
          page,
          WIDTHS,
          async () => {
            await openInState(page, typeof check.path === "string" ? check.path : check.path(sessions), check);
            await shown();
          },
          shown,
        );
        await page.unrouteAll({ behavior: "ignoreErrors" });
      });
    });
  }
});

test(`a property with the street map has no serious or critical violation, ${WIDTHS.join(" and ")} wide`, async ({ page }) => {
  const tiles = () => expect(page.locator(".leaflet-tile-loaded").first()).toBeAttached();
  await atEachWidth(
    page,
    WIDTHS,
    async () => {
      await serveTiles(page);
      await page.goto(`${TILES.baseURL}/properties/1`);
      await tiles();
    },
    tiles,
  );
});
