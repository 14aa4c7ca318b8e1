import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN_PASSWORD, ageAccount, listProperty, makeAdmin, register, sql, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// Issue 16, rewards, against the real server and database: a new tenant, made established in the
// setup, posts a review and sees its XP and the First Review badge on /gamification; a helpful
// vote from another established account adds 2 XP, one from a fresh account nothing; the
// leaderboard tab shows the top users and the tenant's rank, usernames only of members who chose
// their full name, and nothing to visitors; the full-name choice is stored.

/** postReview writes a tenant's review of a property through REST and returns its id. */
async function postReview(request: APIRequestContext, propertyId: number, title: string): Promise<number> {
  const res = await request.post(`/api/properties/${propertyId}/reviews`, {
    data: { rating: 3, title, content: "Thin walls, but the landlord answers within a day.", reviewType: "tenant_to_property" },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { id: number }).id;
}

async function voteHelpful(request: APIRequestContext, reviewId: number) {
  const res = await request.post(`/api/reviews/${reviewId}/helpful`);
  expect(res.ok(), await res.text()).toBeTruthy();
}

test("a new tenant's review earns XP and the First Review badge; votes count from established accounts only", async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  // A landlord lists two flats (a request context of its own: the page stays the tenant's).
  await register(request, "landlord");
  const flat = await listProperty(request, `Rewards flat ${stamp()}`);
  const other = await listProperty(request, `Rewards loft ${stamp()}`);

  const tenant = await register(page.request, "tenant");
  ageAccount(tenant.username);

  // The review, written in the form on the property page.
  const title = `Warm in winter ${stamp()}`;
  await page.goto(`/properties/${flat}`);
  await page.getByRole("region", { name: "Reviews", exact: true }).getByRole("button", { name: "Write a Review" }).click();
  const form = page.getByRole("dialog", { name: "Write a Review" }).getByRole("form", { name: "Write a Review" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Your Review").fill("The boiler was replaced in a day and the windows keep the heat in.");
  await form.getByRole("radio", { name: "5 stars" }).check();
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Review submitted");

  // The rewards page: 20 XP of the first level's 100, the badge, a rank.
  await page.goto("/gamification");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Home.*Dashboard.*Gamification/);
  const profile = page.getByRole("region", { name: tenant.username });
  await expect(profile.getByText("20 / 100 XP")).toBeVisible();
  await expect(profile.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "20");
  await expect(profile.getByText("Level 1 · Newcomer")).toBeVisible();
  await expect(profile.getByText("Tenant", { exact: true })).toBeVisible();
  await expect(profile.getByRole("list", { name: "Badges earned" }).getByRole("listitem")).toHaveText([/^First Review/]);
  await expect(profile.locator(".gamification-stats dd").nth(1)).toHaveText("1");
  await expect(profile.locator(".gamification-stats dd").nth(2)).toContainText(/^(≈ )?#\d/);
  await expectNoSeriousViolation(page);

  // A helpful vote from an established account (a week old, with a review of its own) gives 2 XP;
  // one from a fresh account gives nothing.
  const reviewId = (
    (await (await page.request.get(`/api/properties/${flat}/reviews`)).json()) as { id: number; title: string }[]
  ).find((r) => r.title === title)?.id;
  expect(reviewId).toBeTruthy();
  const established = await playwright.request.newContext({ baseURL });
  const voter = await register(established, "tenant", "Bea");
  ageAccount(voter.username);
  await postReview(established, other, `Loft review ${stamp()}`);
  await voteHelpful(established, reviewId as number);
  const fresh = await playwright.request.newContext({ baseURL });
  await register(fresh, "tenant", "Cal");
  await voteHelpful(fresh, reviewId as number);
  await page.reload();
  await expect(profile.getByText("22 / 100 XP")).toBeVisible();

  // The full name on the leaderboard: chosen, and still chosen after a reload.
  const fullName = profile.getByRole("checkbox", { name: "Show my full name on the leaderboard" });
  await expect(fullName).not.toBeChecked();
  await fullName.check();
  await expect(fullName).toBeEnabled();
  await page.reload();
  await expect(fullName).toBeChecked();

  // The leaderboard, fetched when its tab opens: the top users and the tenant's rank.
  await page.getByRole("tab", { name: "Leaderboard" }).click();
  await expect(page).toHaveURL(/\?tab=leaderboard$/);
  await expect(page.getByRole("heading", { name: "Top Users" })).toBeVisible();
  const rows = page.getByRole("list", { name: "Top Users" }).getByRole("listitem");
  await expect(rows.first()).toContainText("1st");
  await expect(rows.first()).toContainText(/XP$/);
  await expect(page.getByText(/^Your rank: (≈ )?#\d/)).toBeVisible();
  await expectNoSeriousViolation(page);

  // Usernames are sent, and shown, only beside the full names of members who chose them: "First
  // L." alone otherwise. Visitors get no leaderboard at all.
  const board = (await (await page.request.get("/api/gamification/leaderboard")).json()) as { username: string; lastName: string }[];
  expect(board.length).toBeGreaterThan(0);
  for (const e of board) expect(e.username === "", JSON.stringify(e)).toBe(/^\S\.$/.test(e.lastName));
  // The page's rows follow the same rule (checked on what it shows, not counted against the API's
  // answer: other tests running at once change the board between the two).
  const shown = await rows.evaluateAll((items) =>
    items.map((li) => ({ name: li.querySelector(".leaderboard__username")?.textContent ?? "", at: (li.textContent ?? "").includes("@") })),
  );
  for (const r of shown) expect(r.at, r.name).toBe(!/\s\S\.( \(you\))?$/.test(r.name));
  const visitor = await playwright.request.newContext({ baseURL });
  expect((await visitor.get("/api/gamification/leaderboard")).status()).toBe(401);
  await visitor.dispose();

  await established.dispose();
  await fresh.dispose();
});

test("without levels the page is not fully initialised: an administrator runs the two steps, others are told why", async ({
  page,
}) => {
  // The levels gone (badges stay: what users earned is kept), as on a database never initialised.
  sql("DELETE FROM user_levels;");

  await register(page.request, "tenant");
  await page.goto("/gamification");
  await expect(page.getByRole("heading", { name: "Rewards are not fully initialised" })).toBeVisible();
  await expect(page.getByText(/An administrator needs to initialise them/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Step 1: Run Migration" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Leaderboard" })).toHaveCount(0);
  // The server refuses both steps to anyone but an administrator.
  expect((await page.request.post("/api/gamification/run-migration")).status()).toBe(403);
  expect((await page.request.post("/api/gamification/initialize")).status()).toBe(403);

  await page.context().clearCookies();
  const admin = makeAdmin();
  const login = await page.request.post("/api/login", { data: { username: admin, password: ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  await page.goto("/gamification");
  const toasts = page.getByRole("region", { name: "Notifications (F8)" });
  await page.getByRole("button", { name: "Step 1: Run Migration" }).click();
  await expect(toasts).toContainText("Migration Initiated");
  await expect(toasts).toContainText("No pending migrations");
  await expectNoSeriousViolation(page);
  await page.getByRole("button", { name: "Step 2: Initialize Data" }).click();
  await expect(toasts).toContainText("Gamification Initialized");
  // The profile is fetched again: the page is the rewards page now.
  const profile = page.getByRole("region", { name: admin });
  await expect(profile.getByText("Level 1 · Newcomer")).toBeVisible();
  await expect(profile.getByText("Admin", { exact: true })).toBeVisible();
});
