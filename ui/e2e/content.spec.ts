import { expect, test, type Page } from "@playwright/test";
import { listProperty, register, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";
import { visit } from "./hydrated";

// The content pages of issue 17: /faq, /about (with #careers) and /how-reviews-work, and the
// links to /how-reviews-work from the footer, the home page's and a property's reviews and the
// verification dialog.

/** overflowsSideways tells whether the page is wider than the window (a sideways scroll). */
async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth");
}

const footerCompany = (page: Page) => page.getByRole("contentinfo").getByRole("navigation", { name: "Company" });

test.describe("FAQ", () => {
  test("has SPEC's four categories, a way to /contact and no serious accessibility violation", async ({ page }) => {
    await visit(page, "/faq");
    await expect(page).toHaveTitle("Frequently Asked Questions | RentProof");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
    for (const name of ["General Questions", "For Tenants", "For Landlords", "Technical Support"]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Home");
    await page.getByRole("button", { name: "What is RentProof?" }).click();
    await expectNoSeriousViolation(page);

    await page.getByRole("main").getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("keeps one question open at a time across every category, by mouse and keyboard", async ({ page }) => {
    await visit(page, "/faq");
    const first = page.getByRole("button", { name: "What is RentProof?" });
    const reset = page.getByRole("button", { name: "I forgot my password. How do I reset it?" });
    const landlords = page.getByRole("button", { name: "Can landlords review tenants?" });
    const open = page.getByRole("main").getByRole("button", { expanded: true });

    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/RentProof is a rental-property review platform/)).toBeVisible();

    await reset.click();
    await expect(reset).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText("we email a link that sets a new password", { exact: false })).toBeVisible();
    await expect(open).toHaveCount(1);

    await landlords.focus();
    await page.keyboard.press("Enter");
    await expect(landlords).toHaveAttribute("aria-expanded", "true");
    await expect(reset).toHaveAttribute("aria-expanded", "false");
    await expect(open).toHaveCount(1);
    await page.keyboard.press("Enter");
    await expect(open).toHaveCount(0);
  });

  test('searches questions and answers, says "No results found" and clears', async ({ page }) => {
    await visit(page, "/faq");
    const search = page.getByRole("searchbox", { name: "Search questions and answers" });

    // Upper case still finds the answers that mention security questions, and only those.
    await search.fill("SECURITY QUESTIONS");
    await expect(page.getByRole("button", { name: "How do I set my security questions?" })).toBeVisible();
    await expect(page.getByRole("button", { name: "I forgot my password. How do I reset it?" })).toBeVisible();
    await expect(page.getByRole("button", { name: "What is RentProof?" })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: /match/ })).toBeVisible();

    await search.fill("no such question zzqx");
    await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "General Questions" })).toHaveCount(0);
    await expectNoSeriousViolation(page);

    await page.getByRole("button", { name: "Clear Search", exact: true }).click();
    await expect(search).toHaveValue("");
    await expect(page.getByRole("heading", { name: "No results found" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "Technical Support" })).toBeVisible();
  });

  test("fits a 390 px wide screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/faq");
    await page.getByRole("button", { name: "How is a property's rating calculated?" }).click();
    await expect(page.getByText(/rounded to one decimal/)).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
  });
});

test.describe("About", () => {
  test("tells the story, values, verification, team and careers, with links on", async ({ page }) => {
    await visit(page, "/about");
    await expect(page).toHaveTitle("About Us | RentProof");
    for (const name of ["Our Story", "What We Stand For", "How Verification Works", "Our Team", "Careers"]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    // The team agrees with the footer's "Created by a solo entrepreneur".
    await expect(page.getByRole("contentinfo")).toContainText("Created by a solo entrepreneur.");
    await expect(page.getByText(/RentProof is one person: its founder, a solo entrepreneur/)).toBeVisible();
    // The verification process as built: the proofs as a verified property shows them.
    const verification = page.getByRole("region", { name: "How Verification Works" });
    await expect(verification).toContainText('"Confirmed by 1 person"');
    await expect(verification).toContainText('"Ownership documents checked"');
    await expect(verification).toContainText('"Checked by RentProof"');
    await expect(verification).toContainText("$19.99");

    const start = page.getByRole("region", { name: "Get Started" });
    await expect(start.getByRole("link", { name: "Sign In or Register" })).toHaveAttribute("href", "/auth");
    await expect(start.getByRole("link", { name: "Find Properties" })).toHaveAttribute("href", "/find-properties");
    await expect(start.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await expectNoSeriousViolation(page);
  });

  test("the footer's Careers link lands on #careers, in view and focused", async ({ page }) => {
    await visit(page, "/faq");
    await footerCompany(page).getByRole("link", { name: "Careers" }).click();
    await expect(page).toHaveURL(/\/about#careers$/);
    const careers = page.getByRole("heading", { level: 2, name: "Careers" });
    await expect(careers).toBeInViewport();
    await expect(careers).toBeFocused();

    // Scrolled away and following the link again lands again.
    await page.getByRole("heading", { level: 1, name: "About Us" }).scrollIntoViewIfNeeded();
    await footerCompany(page).getByRole("link", { name: "Careers" }).click();
    await expect(careers).toBeInViewport();
    await expect(careers).toBeFocused();
  });

  test("a direct visit to /about#careers lands on the section", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about#careers");
    const careers = page.getByRole("heading", { level: 2, name: "Careers" });
    await expect(careers).toBeInViewport();
    await expect(careers).toBeFocused();
    expect(await overflowsSideways(page)).toBe(false);
  });
});

test.describe("How Reviews Work", () => {
  test("discloses who reviews what, verification, order, hiding, ratings, rewards and reporting", async ({ page }) => {
    await visit(page, "/how-reviews-work");
    await expect(page).toHaveTitle("How Reviews Work | RentProof");
    for (const name of [
      "Who can review what",
      "How reviewers and properties are verified",
      "How reviews are ordered",
      "When a review is hidden or removed",
      "How ratings are calculated",
      "What earns tokens and XP",
      "How to report a review",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    const types = page.getByRole("table", { name: "Review types" });
    await expect(types.getByRole("row", { name: /^Landlord review/ })).toContainText("Only the property's owner");
    await expect(types.getByRole("row", { name: /^Tenant review/ })).toContainText("Yes");
    await expect(page.getByText(/newest first/).first()).toBeVisible();
    await expect(page.getByText(/after reports from 3 independent reporters/)).toBeVisible();
    await expect(page.getByText(/New members. reviews count once their authors are established/)).toBeVisible();
    await expect(page.getByRole("table", { name: "XP for each action" }).getByRole("row", { name: /A review you publish/ })).toContainText("20");
    await expect(page.getByText("No reward depends on a rating or on the answer you give.")).toBeVisible();
    await expect(page.getByText(/We aim to decide on a reported review within 5 business days/)).toBeVisible();
    await expectNoSeriousViolation(page);

    // The table of contents moves focus to its section.
    await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "How ratings are calculated" }).click();
    await expect(page).toHaveURL(/\/how-reviews-work#ratings$/);
    await expect(page.getByRole("heading", { level: 2, name: "How ratings are calculated" })).toBeFocused();
  });

  test("fits a 390 px wide screen, its tables too", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/how-reviews-work");
    await expect(page.getByRole("table", { name: "Review types" })).toBeAttached();
    expect(await overflowsSideways(page)).toBe(false);
    // Every column in view, none behind a sideways scroll of its box.
    const tablesFit = await page.evaluate(
      "[...document.querySelectorAll('.content-table')].every((box) => box.scrollWidth <= box.clientWidth)",
    );
    expect(tablesFit).toBe(true);
  });

  test("is linked from the footer", async ({ page }) => {
    await page.goto("/");
    await footerCompany(page).getByRole("link", { name: "How Reviews Work" }).click();
    await expect(page).toHaveURL(/\/how-reviews-work$/);
    await expect(page.getByRole("heading", { level: 1, name: "How Reviews Work" })).toBeVisible();
  });

  test("is linked from a property's reviews", async ({ page }) => {
    await page.goto("/properties/3");
    const reviews = page.getByRole("region", { name: "Reviews" });
    await reviews.getByRole("link", { name: "How reviews work" }).click();
    await expect(page).toHaveURL(/\/how-reviews-work$/);
    await expect(page.getByRole("heading", { level: 1, name: "How Reviews Work" })).toBeVisible();
  });

  test("is linked from the home page's recent reviews", async ({ page }) => {
    await visit(page, "/");
    const recent = page.getByRole("region", { name: "Recent Reviews" });
    await recent.getByRole("link", { name: "How reviews work" }).click();
    await expect(page).toHaveURL(/\/how-reviews-work$/);
    await expect(page.getByRole("heading", { level: 1, name: "How Reviews Work" })).toBeVisible();
  });

  test("is linked from the verification dialog, at its verification section", async ({ page, browser }) => {
    const owner = await browser.newContext();
    await register(owner.request, "landlord");
    const id = await listProperty(owner.request, `Garden flat ${stamp()}`);
    await owner.close();

    await register(page.request, "tenant");
    await page.goto(`/properties/${id}`);
    await page.getByRole("button", { name: "Verify Property" }).click();
    const dialog = page.getByRole("dialog", { name: "Request Verification" });
    await dialog.getByRole("link", { name: "How verification works" }).click();
    await expect(page).toHaveURL(/\/how-reviews-work#verification$/);
    const heading = page.getByRole("heading", { level: 2, name: "How reviewers and properties are verified" });
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
  });
});

test("signed in, each content page has no serious accessibility violation", async ({ page }) => {
  await register(page.request, "tenant");
  for (const [path, title] of [
    ["/faq", "Frequently Asked Questions"],
    ["/about", "About Us"],
    ["/how-reviews-work", "How Reviews Work"],
  ]) {
    await visit(page, path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
    await expectNoSeriousViolation(page);
  }
});
