import { expect, test, type Page } from "@playwright/test";
import { register } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// The legal pages (/terms, /privacy, /cookies, /accessibility) and the investor page (/invest)
// against the real server: titles, SPEC's date, the contents links, the footer's links, the
// live figures, and axe at a laptop's and a phone's width.

const LEGAL = [
  { path: "/terms", title: "Terms and Conditions", footer: "Terms of Service" },
  { path: "/privacy", title: "Privacy Policy", footer: "Privacy Policy" },
  { path: "/cookies", title: "Cookie Policy", footer: "Cookie Policy" },
  { path: "/accessibility", title: "Accessibility Statement", footer: "Accessibility" },
];

/** expectNoSidewaysScroll fails when the page is wider than the window (a phone would scroll sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("legal pages", () => {
  for (const { path, title } of LEGAL) {
    test(`${path} has its title, the date, and contents links that jump to their sections`, async ({ page }) => {
      // The page is prerendered and hydrated: a mismatch would be logged as an error.
      const errors: string[] = [];
      page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} | RentProof`);
      await expect(page.getByText("Last updated April 20, 2025")).toBeVisible();

      const links = page.getByRole("navigation", { name: "On this page" }).getByRole("link");
      const count = await links.count();
      expect(count).toBeGreaterThan(3);
      // Last to first, so that each jump moves the page.
      for (let i = count - 1; i >= 0; i--) {
        const link = links.nth(i);
        const name = (await link.textContent()) ?? "";
        const href = (await link.getAttribute("href")) ?? "";
        await link.click();
        await expect(page).toHaveURL(new RegExp(`${path}${href}$`));
        const heading = page.getByRole("heading", { level: 2, name, exact: true });
        await expect(heading).toHaveAttribute("id", href.slice(1));
        await expect(heading).toBeInViewport();
        await expect(heading).toBeFocused();
      }
      expect(errors).toEqual([]);
    });
  }

  test("a deep link to a section opens there", async ({ page }) => {
    await page.goto("/privacy#retention");
    const heading = page.getByRole("heading", { level: 2, name: "How long we keep data" });
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
    await expect(page.getByRole("table", { name: "Retention periods" })).toContainText("Contact messages12 months");
  });

  test("the footer's legal links open each page", async ({ page }) => {
    await page.goto("/");
    for (const { path, title, footer } of LEGAL) {
      await page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" }).getByRole("link", { name: footer }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      // A new page opens at its top.
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeInViewport();
    }
  });

  test("the cookie policy names the cookies a sign-in really sets", async ({ page, context }) => {
    // Browsing signed out sets no cookie at all.
    await page.goto("/find-properties");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await context.cookies()).toEqual([]);
    // The browser's own request context shares its cookie jar: registering signs it in.
    await register(context.request, "tenant");
    const names = (await context.cookies()).map((c) => c.name).sort();

    await page.goto("/cookies");
    const table = page.getByRole("table", { name: "Cookies set by RentProof" });
    const listed = (await table.getByRole("rowheader").allTextContents()).sort();
    expect(names).toEqual(listed);
    // Neither the app nor the server keeps anything in web storage.
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  });
});

test.describe("investor page", () => {
  test("/invest states the round and shows the live figures", async ({ page, request }) => {
    const res = await request.post("/rentproof.statistics.v1.StatisticsService/GetStatistics", { data: {} });
    expect(res.ok()).toBe(true);
    const stats = (await res.json()) as { totalProperties: number; totalReviews: number; totalVerifiedProperties: number; averageRating: number };

    await page.goto("/invest");
    await expect(page.getByRole("heading", { level: 1, name: "Invest in RentProof" })).toBeVisible();
    await expect(page).toHaveTitle("Invest in RentProof | RentProof");
    await expect(page.getByRole("complementary", { name: "This page is not an offer of securities" })).toBeVisible();

    const round = page.getByRole("region", { name: "The seed round" });
    await expect(round).toContainText("Raising$1M USD");
    await expect(round).toContainText("Minimum investment$50,000");
    await expect(round).toContainText("SAFE");
    const funds = page.getByRole("region", { name: "Use of funds" });
    await expect(funds).toContainText("Product development60% $600,000");
    await expect(funds).toContainText("Marketing and growth25% $250,000");
    await expect(funds).toContainText("Operations15% $150,000");

    const grid = page.getByRole("region", { name: "RentProof today" });
    const n = (v: number) => v.toLocaleString("en-US");
    await expect(grid).toContainText(`Active listings${n(stats.totalProperties)}`);
    await expect(grid).toContainText(`Verified listings${n(stats.totalVerifiedProperties)}`);
    await expect(grid).toContainText(`Reviews${n(stats.totalReviews)}`);
    await expect(grid).toContainText(`Average rating${stats.averageRating.toFixed(1)} / 5`);
    expect(stats.totalProperties).toBeGreaterThan(0);

    await expect(page.getByRole("region", { name: "The founder" })).toContainText("solo entrepreneur");
    await expect(page.getByRole("link", { name: "Contact the founder" })).toHaveAttribute("href", /^mailto:invest@rentproof\.com/);
  });

  test("the footer's Invest link opens it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Invest", exact: true }).click();
    await expect(page).toHaveURL(/\/invest$/);
    await expect(page.getByRole("heading", { level: 1, name: "Invest in RentProof" })).toBeVisible();
  });
});

for (const width of [1280, 390]) {
  test.describe(`axe, ${width} wide`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const { path, title } of [...LEGAL, { path: "/invest", title: "Invest in RentProof" }]) {
      test(`${path} has no serious or critical violation`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
        // The figures are in (the grid is busy while they load).
        if (path === "/invest") await expect(page.locator("dl[aria-busy]")).toHaveAttribute("aria-busy", "false");
        await page.waitForLoadState("networkidle");
        await expectNoSeriousViolation(page);
        await expectNoSidewaysScroll(page);
      });
    }
  });
}
