import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";

// Reviews against the real server and its demo data: writing one (with hostile text),
// the new average, validation, helpful votes, the owner's response, the role-dependent
// review types and the tabs. Accounts are new on every run; the database outlives a test.

/** Demo property 11 belongs to the seeded landlord oliver_hughes (internal/seed/data). */
const PROPERTY = 11;
const OWNER = { username: "oliver_hughes", password: "rentproof-demo" };
const PASSWORD = "keys-and-locks";

const HOSTILE_TITLE = "<script>alert(1)</script>";
const HOSTILE_CONTENT = '<img src=x onerror="alert(2)"> Drafty windows, but the landlord fixed the boiler within a day.';

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
const writeSection = (page: Page) => page.getByRole("region", { name: "Write a Review" });
const reviewForm = (page: Page) => page.getByRole("form", { name: "Write a Review" });
const reviewList = (page: Page) => page.getByRole("region", { name: "Reviews", exact: true });
const cards = (page: Page) => reviewList(page).getByRole("list", { name: "Reviews" }).getByRole("article");

function stamp() {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

interface Account {
  username: string;
  firstName: string;
  lastName: string;
}

/** register creates an account through the REST API; a page's request context shares the page's cookies. */
async function register(request: APIRequestContext, role: "tenant" | "landlord", firstName = "Rhea"): Promise<Account> {
  const id = stamp();
  const account = { username: `${role}_${id}`, firstName, lastName: role === "landlord" ? "Landlord" : "Tenant" };
  const res = await request.post("/api/register", {
    data: { ...account, email: `${role}.${id}@example.com`, password: PASSWORD, role },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return account;
}

async function signIn(request: APIRequestContext, username: string, password: string) {
  const res = await request.post("/api/login", { data: { username, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** summaryOf reads a property's stored rating aggregate through the REST API. */
async function summaryOf(request: APIRequestContext, id: number) {
  const res = await request.get(`/api/properties/${id}`);
  expect(res.ok()).toBeTruthy();
  const property = await res.json();
  const distribution: number[] = property.ratingSummary?.distribution ?? [0, 0, 0, 0, 0];
  const count = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
  return { count, sum, landlordId: property.landlordId as number };
}

/** circleName is the rating circle's accessible name for an average (SPEC §4 bands, one decimal). */
function circleName(sum: number, count: number) {
  const average = Math.round((sum / count) * 10) / 10;
  const label = average >= 4.5 ? "Excellent" : average >= 4 ? "Very Good" : average >= 3 ? "Average" : average >= 2 ? "Poor" : "Bad";
  return `Rated ${average.toFixed(1)} out of 5: ${label}`;
}

/** watchDialogs records every script dialog the page opens (hostile text must never run). */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on("dialog", (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

async function expectToast(page: Page, title: string, description?: string) {
  const item = toasts(page).getByRole("listitem").filter({ hasText: title }).first();
  await expect(item).toBeVisible();
  if (description) await expect(item).toContainText(description);
}

function cardTitled(page: Page, title: string): Locator {
  return cards(page).filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) });
}

test.describe("a review's life", () => {
  test.describe.configure({ mode: "serial" });

  let author: Account;

  test("a tenant writes a review and sees it with the right labels and the new average", async ({ page }) => {
    const dialogs = watchDialogs(page);
    const before = await summaryOf(page.request, PROPERTY);
    author = await register(page.request, "tenant");

    await page.goto(`/properties/${PROPERTY}`);
    const form = reviewForm(page);
    await expect(form).toBeVisible();

    // The rating is a radio group of five stars: 5 by default, the arrow keys choose.
    const stars = form.getByRole("radiogroup", { name: "Rating" });
    await expect(stars.getByRole("radio", { name: "5 stars" })).toBeChecked();
    await stars.getByRole("radio", { name: "5 stars" }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowLeft");
    await expect(stars.getByRole("radio", { name: "2 stars" })).toBeChecked();
    await expect(stars.getByRole("radio", { name: "2 stars" })).toBeFocused();

    await form.getByLabel("Title").fill(HOSTILE_TITLE);
    await form.getByLabel("Your Review").fill(HOSTILE_CONTENT);
    await expect(form.getByText(`${HOSTILE_CONTENT.length}/1000 characters`)).toBeVisible();
    await expect(form.getByLabel("Review Type")).toHaveValue("tenant_to_property");
    await form.getByLabel("Language").selectOption("fr");
    await expect(form.getByLabel("Stay Period")).toHaveValue("current");
    await form.getByLabel("Stay Period").selectOption("less_than_6_months");
    await form.getByRole("checkbox", { name: "Location" }).check();
    await form.getByRole("textbox", { name: "Pro 1" }).fill("Great location");
    await form.getByRole("textbox", { name: "Con 1" }).fill("Drafty windows");
    await form.getByRole("button", { name: "Submit Review" }).click();

    await expectToast(page, "Review submitted", "pending verification");
    const card = cardTitled(page, HOSTILE_TITLE);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(HOSTILE_CONTENT);
    await expect(card).toContainText(`${author.firstName} T.`);
    await expect(card.locator(".avatar")).toHaveText("RT");
    await expect(card.getByRole("list", { name: "About this review" })).toHaveText(/Tenant review\s*Language: French/);
    await expect(card).toContainText("Posted just now");
    await expect(card).toContainText("Stayed less than 6 months");
    await expect(card.getByRole("img", { name: "2.0 out of 5 stars" })).toBeVisible();
    await expect(card.getByRole("list", { name: "Pros" })).toHaveText("Great location");
    await expect(card.getByRole("list", { name: "Cons" })).toHaveText("Drafty windows");
    await expect(card.getByRole("list", { name: "Categories" })).toHaveText("Location");
    await expect(card.getByRole("button", { name: "Helpful (0)" })).toBeVisible();
    await expect(card.locator("script, img")).toHaveCount(0);

    // The summary shows the new average and count, without a reload.
    const ratings = page.getByRole("region", { name: "Ratings & Reviews" });
    await expect(ratings.getByRole("img", { name: circleName(before.sum + 2, before.count + 1) })).toBeVisible();
    await expect(ratings).toContainText(`${before.count + 1} reviews`);
    const after = await summaryOf(page.request, PROPERTY);
    expect(after.count).toBe(before.count + 1);

    // The form is ready for another review.
    await expect(form.getByLabel("Title")).toHaveValue("");

    // After a reload it is still there, as text.
    await page.reload();
    await expect(cardTitled(page, HOSTILE_TITLE)).toHaveCount(1);
    await expect(page.locator("article script")).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test("another user marks it helpful, once; the author cannot", async ({ page }) => {
    await register(page.request, "tenant", "Vera");
    await page.goto(`/properties/${PROPERTY}`);
    const card = cardTitled(page, HOSTILE_TITLE);
    await card.getByRole("button", { name: "Helpful (0)" }).click();
    await expectToast(page, "Thank you!", "You've marked this review as helpful");
    await expect(card.getByRole("button", { name: "Helpful (1), marked by you" })).toBeEnabled();

    await card.getByRole("button", { name: /Helpful/ }).click();
    await expectToast(page, "Already marked", "You have already marked this review as helpful.");
    await expect(card.getByRole("button", { name: "Helpful (1), marked by you" })).toBeVisible();

    await page.request.post("/api/logout");
    await signIn(page.request, author.username, PASSWORD);
    await page.reload();
    await cardTitled(page, HOSTILE_TITLE).getByRole("button", { name: "Helpful (1)" }).click();
    await expectToast(page, "Error", "You cannot mark your own review as helpful");
  });

  test("the property's owner responds, and can edit the response", async ({ page }) => {
    await signIn(page.request, OWNER.username, OWNER.password);
    await page.goto(`/properties/${PROPERTY}`);
    await expect(writeSection(page)).toContainText("This is your property");

    const card = cardTitled(page, HOSTILE_TITLE);
    await card.getByRole("button", { name: "Respond" }).click();
    const form = card.getByRole("form", { name: "Respond to this review" });
    await form.getByLabel("Your response").fill("Thank you! New windows go in next month.");
    await form.getByRole("button", { name: "Post Response" }).click();
    await expectToast(page, "Response posted");
    const response = card.locator(".review-card__response");
    await expect(response).toContainText("Response from the owner");
    await expect(response).toContainText("Thank you! New windows go in next month.");
    const today = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date());
    await expect(response).toContainText(today);

    await card.getByRole("button", { name: "Edit response" }).click();
    const edit = card.getByRole("form", { name: "Edit your response" });
    await expect(edit.getByLabel("Your response")).toHaveValue("Thank you! New windows go in next month.");
    await edit.getByLabel("Your response").fill("<b>Update:</b> the new windows are in.");
    await edit.getByRole("button", { name: "Save Response" }).click();
    await expectToast(page, "Response updated");
    await expect(response).toContainText("<b>Update:</b> the new windows are in.");
    await expect(response.locator("b")).toHaveCount(0);

    // Anyone else sees the response but cannot respond.
    await page.request.post("/api/logout");
    await page.reload();
    await expect(cardTitled(page, HOSTILE_TITLE).locator(".review-card__response")).toContainText("the new windows are in");
    await expect(cardTitled(page, HOSTILE_TITLE).getByRole("button", { name: /Respond|Edit response/ })).toHaveCount(0);
  });
});

test.describe("write a review", () => {
  test("shows SPEC's messages for a short title and short content", async ({ page }) => {
    await register(page.request, "tenant");
    await page.goto("/properties/3");
    const form = reviewForm(page);
    await form.getByLabel("Title").fill("Hey");
    await form.getByLabel("Your Review").fill("Too short.");
    await form.getByRole("button", { name: "Submit Review" }).click();
    await expect(form.getByText("Title must be at least 5 characters")).toBeVisible();
    await expect(form.getByText("Review must be at least 20 characters")).toBeVisible();
    await expect(form.getByLabel("Title")).toBeFocused();
    await expect(toasts(page).getByText("Review submitted")).toHaveCount(0);

    await form.getByLabel("Title").fill("Hello");
    await expect(form.getByText("Title must be at least 5 characters")).toHaveCount(0);
    await form.getByLabel("Your Review").fill("x".repeat(1001));
    await expect(form.getByText("Review must be at most 1000 characters")).toBeVisible();
  });

  test("a landlord is offered landlord_to_tenant and a tenant is not", async ({ page }) => {
    await register(page.request, "landlord");
    await page.goto("/properties/2");
    const types = reviewForm(page).getByLabel("Review Type").locator("option");
    await expect(types).toHaveCount(5);
    expect(await types.evaluateAll((os) => os.map((o) => o.getAttribute("value")))).toEqual([
      "tenant_to_property",
      "landlord_to_tenant",
      "tenant_to_landlord",
      "tenant_to_neighborhood",
      "general",
    ]);
    await reviewForm(page).getByLabel("Review Type").selectOption("landlord_to_tenant");
    await expect(reviewForm(page).getByLabel("Stay Period")).toHaveCount(0);

    await page.request.post("/api/logout");
    await register(page.request, "tenant");
    await page.reload();
    await expect(types).toHaveCount(4);
    expect(await types.evaluateAll((os) => os.map((o) => o.getAttribute("value")))).toEqual([
      "tenant_to_property",
      "tenant_to_landlord",
      "tenant_to_neighborhood",
      "general",
    ]);
  });

  test("a visitor is sent to sign in and comes back to the property", async ({ page, request }) => {
    const account = await register(request, "tenant");
    await page.goto("/properties/4");
    const section = writeSection(page);
    await expect(reviewForm(page)).toHaveCount(0);
    await section.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    const login = page.getByRole("tabpanel", { name: "Login" });
    await login.getByLabel("Username or Email").fill(account.username);
    await login.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await login.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/properties\/4$/);
    await expect(reviewForm(page)).toBeVisible();
  });
});

test.describe("review tabs", () => {
  test("filter the reviews by type", async ({ page }) => {
    // Demo property 1 has tenant, about-the-landlord, neighbourhood and agent reviews, and no landlord review.
    await page.goto("/properties/1");
    const tabs = reviewList(page).getByRole("tablist", { name: "Review types" });
    await expect(tabs.getByRole("tab")).toHaveText(["All", "Tenant", "Landlord", "Neighborhood", "Agent"]);
    await expect(tabs.getByRole("tab", { name: "All" })).toHaveAttribute("aria-selected", "true");
    await expect(cards(page).first()).toBeVisible();
    const all = await cards(page).count();
    expect(all).toBeGreaterThanOrEqual(4);

    // The first badge of each card is its review type.
    const typesShown = () => cards(page).locator(".review-card__badges > li:first-child").allTextContents();

    await tabs.getByRole("tab", { name: "Agent" }).click();
    await expect(cards(page).first()).toBeVisible();
    expect(new Set(await typesShown())).toEqual(new Set(["Agent review"]));

    await tabs.getByRole("tab", { name: "Neighborhood" }).click();
    await expect(cards(page).first()).toBeVisible();
    expect(new Set(await typesShown())).toEqual(new Set(["Neighborhood review"]));

    await tabs.getByRole("tab", { name: "Tenant" }).click();
    await expect(cards(page).first()).toBeVisible();
    for (const label of await typesShown()) expect(["Tenant review", "Review about landlord"]).toContain(label);
    expect(await cards(page).count()).toBeLessThan(all);

    await tabs.getByRole("tab", { name: "Landlord" }).click();
    await expect(reviewList(page).getByRole("heading", { name: "No landlord reviews yet" })).toBeVisible();

    await tabs.getByRole("tab", { name: "All" }).click();
    await expect(cards(page)).toHaveCount(all);
  });
});
