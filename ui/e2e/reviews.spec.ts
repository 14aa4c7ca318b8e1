import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { PASSWORD, register, stamp, type Account } from "./accounts";

// Reviews against the real server and its demo data: writing one (with hostile text) as a new
// member, listed at once and kept out of the stars, validation, helpful votes, the owner's response, the review types each
// user may write (owners cannot rate their own property), the tabs and their counts, and
// reports. Accounts are new on every run; the database outlives a test.

/** Demo property 11 belongs to the seeded landlord oliver_hughes (internal/seed/data). */
const PROPERTY = 11;
const OWNER = { username: "oliver_hughes", password: "rentproof-demo" };
/** Demo property 1 belongs to dana_whitfield, a property manager: an owner who is not a landlord. */
const MANAGER_OWNER = { username: "dana_whitfield", password: "rentproof-demo", property: 1 };

const HOSTILE_TITLE = "<script>alert(1)</script>";
const HOSTILE_CONTENT = '<img src=x onerror="alert(2)"> Drafty windows, but the landlord fixed the boiler within a day.';

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
/** The review form's name: Write a Review, or on an owner's own listing Review a Tenant. */
type FormName = "Write a Review" | "Review a Tenant";
const reviewForm = (page: Page, name: FormName = "Write a Review") => page.getByRole("dialog", { name }).getByRole("form", { name });
const reviewList = (page: Page) => page.getByRole("region", { name: "Reviews", exact: true });
const writeButton = (page: Page, name: FormName = "Write a Review") => reviewList(page).getByRole("button", { name });

/** openReviewForm opens the review form from its button above the reviews and returns it. */
async function openReviewForm(page: Page, name: FormName = "Write a Review") {
  await writeButton(page, name).click();
  await expect(reviewForm(page, name)).toBeVisible();
  return reviewForm(page, name);
}
const cards = (page: Page) => reviewList(page).getByRole("list", { name: "Reviews" }).getByRole("article");

async function signIn(request: APIRequestContext, username: string, password: string) {
  const res = await request.post("/api/login", { data: { username, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** ratingSummary reads a property's stars and its reviews per type (ReviewService.GetRatingSummary over Connect JSON). */
async function ratingSummary(request: APIRequestContext, propertyId: number) {
  const res = await request.post("/rentproof.review.v1.ReviewService/GetRatingSummary", { data: { propertyId } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as {
    summary?: { count?: number };
    types: { reviewType: string; count?: number; ratesProperty?: boolean }[];
  };
  const countOf = (...types: string[]) =>
    body.types.filter((t) => types.includes(t.reviewType)).reduce((n, t) => n + (t.count ?? 0), 0);
  return {
    stars: body.summary?.count ?? 0,
    all: body.types.reduce((n, t) => n + (t.count ?? 0), 0),
    tenant: countOf("tenant_to_property", "tenant_to_landlord"),
    landlord: countOf("landlord_to_tenant"),
    neighborhood: countOf("tenant_to_neighborhood"),
    agent: countOf("agent_to_property"),
  };
}

const reviewWord = (n: number) => `${n} ${n === 1 ? "review" : "reviews"}`;

/** shownLine is the rating summary's count: the stars' count alone, or how many are listed and how many count. */
function shownLine(all: number, stars: number) {
  if (all <= stars) return reviewWord(stars);
  const counting = stars === 0 ? "none counts" : stars === 1 ? "1 counts" : `${stars} count`;
  return `${reviewWord(all)} · ${counting} toward the rating${stars === 0 ? " yet" : ""}.`;
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

  test("a new tenant writes a review and sees it listed with the right labels, marked as not counted yet", async ({ page }) => {
    const dialogs = watchDialogs(page);
    const before = await summaryOf(page.request, PROPERTY);
    const listedBefore = (await ratingSummary(page.request, PROPERTY)).all;
    author = await register(page.request, "tenant");

    await page.goto(`/properties/${PROPERTY}`);
    const form = await openReviewForm(page);

    // The rating is a radio group of five stars: none chosen at first (the author must choose),
    // Space chooses the focused one and the arrow keys move the choice.
    const stars = form.getByRole("radiogroup", { name: "Rating" });
    await expect(stars.getByRole("radio", { checked: true })).toHaveCount(0);
    await expect(stars).toContainText("Choose a rating");
    await stars.getByRole("radio", { name: "5 stars" }).focus();
    await page.keyboard.press("Space");
    await expect(stars.getByRole("radio", { name: "5 stars" })).toBeChecked();
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

    await expectToast(page, "Review submitted", "Your review is published.");
    const card = cardTitled(page, HOSTILE_TITLE);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(HOSTILE_CONTENT);
    await expect(card).toContainText(`${author.firstName} T.`);
    await expect(card.locator(".avatar")).toHaveText("RT");
    await expect(card.getByRole("list", { name: "About this review" })).toHaveText(
      /Tenant review\s*New member · not counted yet\s*Language: French/,
    );
    await expect(card).toContainText("Posted just now");
    await expect(card).toContainText("Stayed less than 6 months");
    await expect(card.getByRole("img", { name: "2.0 out of 5 stars" })).toBeVisible();
    await expect(card.getByRole("list", { name: "Pros" })).toHaveText("Great location");
    await expect(card.getByRole("list", { name: "Cons" })).toHaveText("Drafty windows");
    await expect(card.getByRole("list", { name: "Categories" })).toHaveText("Location");
    await expect(card.getByRole("button", { name: "Helpful (0)" })).toBeVisible();
    await expect(card.locator("script, img")).toHaveCount(0);

    // A new member's review is listed at once but moves no star: the summary says one more
    // review is listed, and the same number count, without a reload.
    const ratings = page.getByRole("region", { name: "Ratings & Reviews" });
    await expect(ratings.getByRole("img", { name: circleName(before.sum, before.count) })).toBeVisible();
    await expect(ratings).toContainText(shownLine(listedBefore + 1, before.count));
    await expect(reviewList(page).getByRole("tabpanel")).toContainText(/from (a new member|new members): listed at once, counted once/);
    const after = await summaryOf(page.request, PROPERTY);
    expect(after.count).toBe(before.count);

    // Sent, the dialog closed; the form is ready for another review, of another type: it says
    // which one is written before anything is typed, and no longer offers it.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const again = await openReviewForm(page);
    await expect(again.getByLabel("Title")).toHaveValue("");
    await expect(page.getByRole("dialog")).toContainText(
      "You have already reviewed this property: Tenant review (published). One review of each type is allowed, so the form offers the others.",
    );
    await expect(again.getByLabel("Review Type").locator("option")).toHaveText(["Review about landlord", "Neighborhood review", "General review"]);
    await page.keyboard.press("Escape");

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
    await expect(reviewList(page)).toContainText("You cannot review your own property.");

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
    const form = await openReviewForm(page);
    await form.getByRole("radio", { name: "3 stars" }).check();
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

  test("asks for a rating: none is chosen for the author", async ({ page }) => {
    await register(page.request, "tenant");
    await page.goto("/properties/3");
    const form = await openReviewForm(page);
    await form.getByLabel("Title").fill("Quiet and bright");
    await form.getByLabel("Your Review").fill("The heating worked all winter and the street is calm.");
    await form.getByRole("button", { name: "Submit Review" }).click();
    const stars = form.getByRole("radiogroup", { name: "Rating" });
    await expect(stars).toHaveAccessibleDescription("Rating is required");
    await expect(stars.getByRole("radio", { name: "1 star", exact: true })).toBeFocused();
    await expect(toasts(page).getByText("Review submitted")).toHaveCount(0);
    await stars.getByRole("radio", { name: "4 stars" }).check();
    await form.getByRole("button", { name: "Submit Review" }).click();
    await expectToast(page, "Review submitted");
  });

  test("failure toasts stand clear of the form's Submit button, on a wide screen and a phone", async ({ page }) => {
    // Four refused attempts on two screens: 40–44 s in CI, too close to the minute.
    test.setTimeout(90_000);
    await register(page.request, "tenant");
    // Every attempt refused with its own words; the first two alike.
    let attempt = 0;
    await page.route("**/rentproof.review.v1.ReviewService/CreateReview", (route) => {
      attempt++;
      const message = attempt <= 2 ? "Refused at first" : `Refused, attempt ${attempt}`;
      return route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ code: "already_exists", message }) });
    });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto("/properties/3");
      const form = await openReviewForm(page);
      await form.getByRole("radio", { name: "4 stars" }).check();
      await form.getByLabel("Title").fill("Quiet and bright");
      await form.getByLabel("Your Review").fill("The heating worked all winter and the street is calm.");
      const submit = form.getByRole("button", { name: "Submit Review" });
      // Hidden from the accessibility tree under the modal dialog (Radix announces each toast on its own).
      const items = page.getByRole("region", { name: "Notifications (F8)", includeHidden: true }).getByRole("listitem", { includeHidden: true });
      for (let i = 1; i <= 7; i++) {
        await submit.click();
        // The list is oldest first; the newest shows on top.
        await expect(items.last()).toContainText(i <= 2 ? "Refused at first" : `Refused, attempt ${i}`);
        // Radix holds toasts while the window is not focused: so five can stand at once on a slow
        // machine, as they would for a quick hand.
        if (i === 1) await page.evaluate(() => window.dispatchEvent(new Event("blur")));
        // A toast that says the same again replaces the one showing.
        if (i === 2) await expect(items.filter({ hasText: "Refused at first" })).toHaveCount(1);
      }
      await expect(items).toHaveCount(5);
      // None covers the button, which still takes the click itself.
      const button = (await submit.boundingBox())!;
      for (const item of await items.all()) {
        const box = (await item.boundingBox())!;
        const apart =
          box.x + box.width <= button.x || button.x + button.width <= box.x || box.y + box.height <= button.y || button.y + button.height <= box.y;
        expect(apart, `${viewport.width}px: a toast at ${JSON.stringify(box)} over Submit at ${JSON.stringify(button)}`).toBe(true);
      }
      expect(
        await submit.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        }),
      ).toBe(true);
      const [newest, oldest] = [(await items.last().boundingBox())!, (await items.first().boundingBox())!];
      expect(newest.y).toBeLessThan(oldest.y);
      attempt = 0;
    }
  });

  test("only the property's owner, as a landlord, is offered the landlord review, and nothing else there", async ({ page }) => {
    const typeValues = (name: FormName = "Write a Review") =>
      reviewForm(page, name)
        .getByLabel("Review Type")
        .locator("option")
        .evaluateAll((os) => os.map((o) => o.getAttribute("value")));
    const everyoneElse = ["tenant_to_property", "tenant_to_landlord", "tenant_to_neighborhood", "general"];

    // The owner-landlord: the landlord review of a tenant only, and why.
    await signIn(page.request, OWNER.username, OWNER.password);
    await page.goto(`/properties/${PROPERTY}`);
    await expect(reviewList(page)).toContainText(
      "You cannot review your own property. As its owner, you can write a landlord review of a tenant and respond to reviews.",
    );
    const before = await ratingSummary(page.request, PROPERTY);
    const stars = page.getByRole("region", { name: "Ratings & Reviews" });
    await expect(stars).toContainText(shownLine(before.all, before.stars));
    // Not "Write a Review" on their own listing: "Review a Tenant".
    await expect(writeButton(page)).toHaveCount(0);
    const form = await openReviewForm(page, "Review a Tenant");
    await expect(form.getByLabel("Review Type").locator("option")).toHaveCount(1);
    expect(await typeValues("Review a Tenant")).toEqual(["landlord_to_tenant"]);
    await expect(form.getByLabel("Stay Period")).toHaveCount(0);

    // The server takes it, lists it under Landlord, and the stars do not move.
    await form.getByLabel("Title").fill("A careful tenant");
    await form.getByLabel("Your Review").fill("Paid on time for two years and left the loft spotless.");
    await form.getByRole("radio", { name: "5 stars" }).check();
    await form.getByRole("button", { name: "Submit Review" }).click();
    await expectToast(page, "Review submitted");
    const tabs = reviewList(page).getByRole("tablist", { name: "Review types" });
    await expect(tabs.getByRole("tab", { name: /^Landlord\b/ })).toHaveAccessibleName(`Landlord, ${reviewWord(before.landlord + 1)}`);
    await expect(tabs.getByRole("tab", { name: /^All\b/ })).toHaveAccessibleName(`All, ${reviewWord(before.all + 1)}`);
    await expect(stars).toContainText(shownLine(before.all + 1, before.stars));
    expect((await ratingSummary(page.request, PROPERTY)).stars).toBe(before.stars);

    // Another landlord is not offered it, and neither is a tenant.
    await page.request.post("/api/logout");
    await register(page.request, "landlord");
    await page.reload();
    await expect(writeButton(page)).toBeVisible();
    await expect(reviewList(page)).not.toContainText("You cannot review your own property");
    await expect((await openReviewForm(page)).getByLabel("Review Type").locator("option")).toHaveCount(4);
    expect(await typeValues()).toEqual(everyoneElse);

    await page.request.post("/api/logout");
    await register(page.request, "tenant");
    await page.reload();
    await expect((await openReviewForm(page)).getByLabel("Review Type").locator("option")).toHaveCount(4);
    expect(await typeValues()).toEqual(everyoneElse);
  });

  test("an owner who is not a landlord is offered no review of their property, and told why", async ({ page }) => {
    await signIn(page.request, MANAGER_OWNER.username, MANAGER_OWNER.password);
    await page.goto(`/properties/${MANAGER_OWNER.property}`);
    await expect(reviewList(page)).toContainText(
      "You cannot review your own property. As its owner, you can respond to its reviews below.",
    );
    await expect(writeButton(page)).toHaveCount(0);
    await expect(cards(page).first().getByRole("button", { name: "Respond" })).toBeVisible();
  });

  test("a visitor is sent to sign in and comes back to the property", async ({ page, request }) => {
    const account = await register(request, "tenant");
    await page.goto("/properties/4");
    await expect(writeButton(page)).toHaveCount(0);
    await reviewList(page).getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    const login = page.getByRole("tabpanel", { name: "Login" });
    await login.getByLabel("Username or Email").fill(account.username);
    await login.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await login.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/properties\/4$/);
    await expect(writeButton(page)).toBeVisible();
  });
});

test.describe("review tabs", () => {
  test("filter the reviews by type", async ({ page }) => {
    // Demo property 1 has tenant, about-the-landlord, neighbourhood and agent reviews, and no landlord review.
    await page.goto("/properties/1");
    const tabs = reviewList(page).getByRole("tablist", { name: "Review types" });
    await expect(tabs.getByRole("tab")).toHaveCount(5);
    for (const [i, label] of ["All", "Tenant", "Landlord", "Neighborhood", "Agent"].entries()) {
      await expect(tabs.getByRole("tab").nth(i)).toHaveAccessibleName(new RegExp(`^${label}, \\d+ reviews?$`));
    }
    const tab = (label: string) => tabs.getByRole("tab", { name: new RegExp(`^${label}\\b`) });
    await expect(tab("All")).toHaveAttribute("aria-selected", "true");
    await expect(cards(page).first()).toBeVisible();
    const all = await cards(page).count();
    expect(all).toBeGreaterThanOrEqual(4);

    // The first badge of each card is its review type.
    const typesShown = () => cards(page).locator(".review-card__badges > li:first-child").allTextContents();

    // Under the open tab, who wrote about whom: the Landlord tab is what the landlord wrote.
    const panel = reviewList(page).getByRole("tabpanel");
    await expect(panel).toHaveAccessibleDescription("Every review, whoever wrote it: tenants, the landlord, agents and other members.");

    await tab("Agent").click();
    await expect(cards(page).first()).toBeVisible();
    expect(new Set(await typesShown())).toEqual(new Set(["Agent review"]));
    await expect(panel).toHaveAccessibleDescription("Reviews agents wrote about the property.");

    await tab("Neighborhood").click();
    await expect(cards(page).first()).toBeVisible();
    expect(new Set(await typesShown())).toEqual(new Set(["Neighborhood review"]));

    await tab("Tenant").click();
    await expect(cards(page).first()).toBeVisible();
    for (const label of await typesShown()) expect(["Tenant review", "Review about landlord"]).toContain(label);
    await expect(panel).toHaveAccessibleDescription("Reviews tenants wrote about the property and the landlord.");
    expect(await cards(page).count()).toBeLessThan(all);

    await tab("Landlord").click();
    await expect(reviewList(page).getByRole("heading", { name: "No landlord reviews yet" })).toBeVisible();
    await expect(panel).toHaveAccessibleDescription("Reviews the landlord wrote about their tenants.");
    await expect(panel.getByText("Reviews the landlord wrote about their tenants.")).toBeVisible();

    await tab("All").click();
    await expect(cards(page)).toHaveCount(all);
  });

  test("count what they hold, and the All tab says which reviews make the stars", async ({ page }) => {
    // Demo property 10 has three tenant reviews of the property (the stars), a neighbourhood
    // review and its owner's landlord review (listed, not in the stars). No other test writes there.
    const id = 10;
    const counts = await ratingSummary(page.request, id);
    expect(counts).toEqual({ stars: 3, all: 5, tenant: 3, landlord: 1, neighborhood: 1, agent: 0 });

    await page.goto(`/properties/${id}`);
    const stars = page.getByRole("region", { name: "Ratings & Reviews" });
    await expect(stars).toContainText("5 reviews · 3 count toward the rating.");
    await expect(page.getByRole("complementary", { name: "Rent and contact" })).toContainText(reviewWord(counts.stars));

    const tabs = reviewList(page).getByRole("tablist", { name: "Review types" });
    const expected = [
      `All, ${reviewWord(counts.all)}`,
      `Tenant, ${reviewWord(counts.tenant)}`,
      `Landlord, ${reviewWord(counts.landlord)}`,
      `Neighborhood, ${reviewWord(counts.neighborhood)}`,
      `Agent, ${reviewWord(counts.agent)}`,
    ];
    for (const [i, name] of expected.entries()) await expect(tabs.getByRole("tab").nth(i)).toHaveAccessibleName(name);

    const panel = reviewList(page).getByRole("tabpanel");
    await expect(panel).toContainText(
      "5 reviews · 3 count toward the property's rating. Only tenant, agent and general reviews of the property itself make it; " +
        "reviews about the landlord, the neighborhood or tenants are listed here but not counted in it.",
    );
    const unrated = panel.getByRole("list", { name: "Not counted in the property's rating" });
    await expect(unrated.getByRole("listitem")).toHaveText([
      /^Landlord reviews of tenants\s*5\.0 from 1 review$/,
      /^Neighborhood reviews\s*5\.0 from 1 review$/,
    ]);
    await expect(cards(page)).toHaveCount(counts.all);

    // Each tab lists as many reviews as its count says.
    await tabs.getByRole("tab", { name: /^Tenant\b/ }).click();
    await expect(cards(page)).toHaveCount(counts.tenant);
    await tabs.getByRole("tab", { name: /^Landlord\b/ }).click();
    await expect(cards(page)).toHaveCount(counts.landlord);
    await expect(panel.getByRole("list", { name: "Not counted in the property's rating" })).toContainText("Landlord reviews of tenants");

    // The tabs still work from the keyboard.
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: /^Neighborhood\b/ })).toBeFocused();
    await expect(tabs.getByRole("tab", { name: /^Neighborhood\b/ })).toHaveAttribute("aria-selected", "true");
    await expect(cards(page)).toHaveCount(counts.neighborhood);

    // The property's card in search says the stars' count too.
    await page.goto("/find-properties?query=Mansion-Block");
    await expect(page.locator(".property-card", { hasText: "Mansion-Block Flat in St James's" }).locator(".property-card__review-count")).toHaveText(
      reviewWord(counts.stars),
    );
  });
});

test.describe("reports", () => {
  test("reports from new accounts reach the moderators without hiding the review", async ({ page }) => {
    // Before a moderator decides, only reports from established accounts (a week old, with a
    // published review) hide a review; accounts registered here are new.
    const property = 13;
    const author = await register(page.request, "tenant", "Nora");
    const created = await page.request.post(`/api/properties/${property}/reviews`, {
      data: {
        rating: 2,
        title: `Thin walls ${stamp()}`,
        content: "You hear every word from next door, day and night.",
        reviewType: "tenant_to_property",
        language: "en",
        stayPeriod: "current",
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const review = (await created.json()) as { id: number; title: string };

    // Three other new accounts report it: one through the dialog, two through the API.
    await page.request.post("/api/logout");
    await register(page.request, "tenant", "Ivo");
    await page.goto(`/properties/${property}`);
    const card = cardTitled(page, review.title);
    await card.getByRole("button", { name: "Report" }).click();
    const dialog = page.getByRole("dialog", { name: "Report this review" });
    await dialog.getByRole("radio", { name: "False or misleading information" }).check();
    await dialog.getByRole("button", { name: "Submit Report" }).click();
    await expectToast(page, "Report submitted");
    for (const name of ["Ula", "Wes"]) {
      await page.request.post("/api/logout");
      await register(page.request, "tenant", name);
      const res = await page.request.post("/rentproof.review.v1.ReviewService/ReportReview", {
        data: { reviewId: review.id, reason: "spam" },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    }

    // Everyone still sees it, and its author gets no under-review notice.
    await page.request.post("/api/logout");
    await page.reload();
    await expect(cardTitled(page, review.title)).toHaveCount(1);
    await signIn(page.request, author.username, PASSWORD);
    await page.reload();
    await expect(cardTitled(page, review.title)).toHaveCount(1);
    await expect(cardTitled(page, review.title)).not.toContainText("Under review");
  });
  test("established accounts reporting from one place reach the moderators without hiding the review", async ({ page }) => {
    // Demo reviewers are established (members for two years, with published reviews), but here
    // they all report from this machine: no network tells them apart, so together they count
    // for none of the three independent reporters a review needs to be hidden before a moderator
    // decides (internal/review's Go tests send reports from networks of their own, through a
    // trusted proxy, and hide it). The property's owner never counts.
    const property = 14;
    const owner = { username: "kenji_morita", password: "rentproof-demo" };
    const reporters = ["maya_johnson", "diego_hernandez", "aisha_okafor"];
    const author = await register(page.request, "tenant", "Odile");
    const title = `Mould in the bathroom ${stamp()}`;
    const created = await page.request.post(`/api/properties/${property}/reviews`, {
      data: { rating: 1, title, content: "Black mould came back every winter, however often we cleaned.", reviewType: "tenant_to_property" },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const review = (await created.json()) as { id: number };

    for (const username of [owner.username, ...reporters]) {
      await page.request.post("/api/logout");
      await signIn(page.request, username, "rentproof-demo");
      const res = await page.request.post("/rentproof.review.v1.ReviewService/ReportReview", {
        data: { reviewId: review.id, reason: "false_information" },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
    await page.request.post("/api/logout");
    await page.goto(`/properties/${property}`);
    await expect(page.getByRole("region", { name: "Reviews", exact: true })).toBeVisible();
    await expect(cardTitled(page, title)).toHaveCount(1);

    // Its author sees it as everyone does, with no under-review notice.
    await signIn(page.request, author.username, PASSWORD);
    await page.reload();
    await expect(cardTitled(page, title)).toHaveCount(1);
    await expect(cardTitled(page, title)).not.toContainText("Under review");
  });
});
