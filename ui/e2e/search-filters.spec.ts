/// <reference lib="dom" />
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousViolation } from "./axe";
import { visit } from "./hydrated";

// Issue 32's search filters against the real server and its demo data (properties 1-15): rent
// in a currency, bedrooms at least N and a price sort, kept in the URL through a reload and in
// a new browser; the listings left out for their currency; axe on the filter panel, at a laptop's
// and a phone's width; the rent boxes and the bedroom select with the keyboard alone.
//
// The demo's US-dollar listings with 2 or more bedrooms between $2,500 and $4,500 a month are
// 3 (Chicago, $2,650), 4 (Austin, $3,100) and 6 (Boston, $4,400); its listings in other
// currencies with 2 or more bedrooms are 8, 9, 10, 12, 14 and 15. Other tests list homes of their
// own meanwhile (the database is shared): none in that range, but the checks read every card.

const DEMO_MATCHES = [
  "Greystone Two-Bedroom Condo near Oz Park",
  "Travis Heights Bungalow with Shaded Backyard",
  "Four-Bedroom Student Apartment on Commonwealth Avenue",
];
const FILTERED = /\/find-properties\?minRent=2500&maxRent=4500&beds=2&sortBy=priceLowHigh$/;

const results = (page: Page) => page.getByRole("list", { name: "Properties" }).getByRole("article");
const box = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const select = (page: Page, name: string) => page.getByRole("combobox", { name, exact: true });

/** Card is what a result card says of the filtered facts. */
interface Card {
  title: string;
  rent: string;
  bedrooms: number;
}

/** readCard reads a card's title, rent as shown ("$2,650") and bedrooms ("2 beds"); briefly, as cards come and go. */
async function readCard(card: Locator): Promise<Card> {
  const timeout = 1_000;
  const title = ((await card.locator("h2").textContent({ timeout })) ?? "").trim();
  const rent = ((await card.locator(".property-card__rent strong").textContent({ timeout })) ?? "").trim();
  const facts = card.getByRole("list", { name: "Property facts" }).getByRole("listitem");
  const beds = await facts.filter({ hasText: /^\s*\d+ beds?\s*$/ }).textContent({ timeout });
  return { title, rent, bedrooms: Number(beds?.match(/\d+/)?.[0]) };
}

/** dollars reads a rent shown in US dollars ("$2,650"), or NaN for another currency. */
const dollars = (rent: string) => (/^\$[\d,]+(\.\d+)?$/.test(rent) ? Number(rent.replace(/[$,]/g, "")) : NaN);

/**
 * filteredCards waits for the results of the filtered search and checks every card against it:
 * in US dollars, $2,500 to $4,500, 2 bedrooms or more, cheapest first, the demo's three among them.
 * It reads the cards again until they pass: the previous results stay on screen while the next load.
 */
async function filteredCards(page: Page): Promise<Card[]> {
  let cards: Card[] = [];
  await expect(async () => {
    await expect(page.getByText(/^Showing \d+ propert(y|ies)$/)).toBeVisible({ timeout: 1_000 });
    cards = await Promise.all((await results(page).all()).map(readCard));
    expect(cards.map((c) => c.title)).toEqual(expect.arrayContaining(DEMO_MATCHES));
    for (const card of cards) {
      const rent = dollars(card.rent);
      expect(rent, `${card.title}: ${card.rent}`).toBeGreaterThanOrEqual(2500);
      expect(rent, `${card.title}: ${card.rent}`).toBeLessThanOrEqual(4500);
      expect(card.bedrooms, `${card.title}: bedrooms`).toBeGreaterThanOrEqual(2);
    }
    const rents = cards.map((c) => dollars(c.rent));
    expect(rents).toEqual([...rents].sort((a, b) => a - b));
  }).toPass({ timeout: 10_000 });
  expect(cards.find((c) => c.title === DEMO_MATCHES[0])).toMatchObject({ rent: "$2,650", bedrooms: 2 });
  expect(cards.find((c) => c.title === DEMO_MATCHES[2])).toMatchObject({ rent: "$4,400", bedrooms: 4 });
  return cards;
}

/** expectFiltersShown checks that the controls show the filtered search. */
async function expectFiltersShown(page: Page) {
  await expect(box(page, "Minimum rent")).toHaveValue("2500");
  await expect(box(page, "Maximum rent")).toHaveValue("4500");
  await expect(select(page, "Currency")).toHaveValue("USD");
  await expect(select(page, "Bedrooms")).toHaveValue("2");
  await expect(select(page, "Sort by")).toHaveValue("priceLowHigh");
}

test.describe("search filters", () => {
  test("rent and bedrooms filter the cards, and the same results come back on reload and in a new browser", async ({ page, browser, baseURL }) => {
    await visit(page, "/find-properties");
    await expect(results(page).first()).toBeVisible();

    await box(page, "Minimum rent").fill("2500");
    await box(page, "Minimum rent").press("Enter");
    await expect(page).toHaveURL(/\?minRent=2500$/);
    await box(page, "Maximum rent").fill("4,500");
    await box(page, "Maximum rent").blur();
    await expect(page).toHaveURL(/\?minRent=2500&maxRent=4500$/);
    await select(page, "Bedrooms").selectOption("2");
    await select(page, "Sort by").selectOption("priceLowHigh");
    await expect(page).toHaveURL(FILTERED);

    const cards = await filteredCards(page);
    await expect(page.getByText(/^[\d,]+\+? listings in other currencies are not shown$/)).toBeVisible();
    // The rent range is one filter, bedrooms the other (the Filters button with its count is the phone's).
    await expect(page.getByText("2 filters active")).toBeVisible();

    await page.reload();
    await expectFiltersShown(page);
    expect(await filteredCards(page)).toEqual(cards);

    // Shared: the address alone, in a browser that has never been here.
    const url = page.url();
    const other = await browser.newContext({ baseURL });
    try {
      const shared = await other.newPage();
      await visit(shared, url);
      await expectFiltersShown(shared);
      expect(await filteredCards(shared)).toEqual(cards);
    } finally {
      await other.close();
    }

    // Clear takes every filter away, the sort stays.
    await page.getByRole("button", { name: "Clear", exact: true }).click();
    await expect(page).toHaveURL(/\/find-properties\?sortBy=priceLowHigh$/);
    await expect(box(page, "Minimum rent")).toHaveValue("");
    await expect(box(page, "Maximum rent")).toHaveValue("");
    await expect(select(page, "Bedrooms")).toHaveValue("0");
    await expect(page.getByText(/listings? in other currenc(y|ies) (is|are) not shown$/)).toHaveCount(0);
  });

  test("a currency keeps its listings and says how many in others it left out", async ({ page }) => {
    // The demo's Canadian-dollar listings with 2 bedrooms or more: 8 (Vancouver, CA$3,350) and 9 (Montreal, CA$1,950).
    await visit(page, "/find-properties?currency=CAD&maxRent=4000&beds=2&sortBy=priceHighLow");
    await expect(select(page, "Currency")).toHaveValue("CAD");
    await expect(page.getByRole("article", { name: "Kitsilano Two-Bedroom Close to the Beach" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Upper Duplex with Spiral Staircase on the Plateau" })).toBeVisible();
    const cards = await Promise.all((await results(page).all()).map(readCard));
    for (const card of cards) expect(card.rent, card.title).toMatch(/^CA\$|^\$/);
    expect(cards.map((c) => c.title).indexOf("Kitsilano Two-Bedroom Close to the Beach")).toBeLessThan(
      cards.map((c) => c.title).indexOf("Upper Duplex with Spiral Staircase on the Plateau"),
    );
    await expect(page.getByText(/^[\d,]+\+? listings in other currencies are not shown$/)).toBeVisible();
  });

  test("the filter panel passes axe, with a message showing, at a laptop's width", async ({ page }) => {
    await visit(page, "/find-properties?minRent=2500&beds=2&pets=true&furnished=true&minArea=500&areaUnit=sqm");
    await expect(page.getByText(/^Showing \d+ propert(y|ies)$/)).toBeVisible();
    await box(page, "Maximum rent").fill("1000");
    await box(page, "Maximum rent").press("Enter");
    await expect(page.getByText("Minimum rent must not exceed the maximum")).toBeVisible();
    await expect(box(page, "Maximum rent")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousViolation(page);
  });

  test.describe("phone layout", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("every filter is in the folded panel, which passes axe", async ({ page }) => {
      await visit(page, "/find-properties?maxRent=5000&baths=1");
      await expect(results(page).first()).toBeVisible();
      const toggle = page.getByRole("button", { name: /^Filters/ });
      await expect(toggle).toContainText("2");
      await expect(box(page, "Minimum rent")).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      for (const control of [
        box(page, "Minimum rent"),
        box(page, "Maximum rent"),
        select(page, "Currency"),
        select(page, "Bedrooms"),
        select(page, "Bathrooms"),
        page.getByRole("checkbox", { name: "Pets allowed" }),
        page.getByRole("checkbox", { name: "Furnished" }),
        box(page, "Minimum area"),
        select(page, "Area unit"),
      ]) {
        await expect(control).toBeVisible();
      }
      await expect(box(page, "Maximum rent")).toHaveValue("5000");
      await expect(select(page, "Bathrooms")).toHaveValue("1");
      await expectNoSeriousViolation(page);

      // The box follows the URL, which updates in a transition: click, then wait for the URL.
      await page.getByRole("checkbox", { name: "Pets allowed" }).click();
      await expect(page).toHaveURL(/\?maxRent=5000&baths=1&pets=true$/);
      await expect(page.getByRole("checkbox", { name: "Pets allowed" })).toBeChecked();
      await page.getByRole("button", { name: "Show results" }).click();
      await expect(box(page, "Minimum rent")).toBeHidden();
      await expect(toggle).toContainText("3");

      // The type, Verified Only, verified reviews, the sort and Clear are in the panel too.
      await toggle.click();
      const verified = page.getByRole("checkbox", { name: "Verified Only" });
      const verifiedReviews = page.getByRole("checkbox", { name: "Has verified reviews" });
      for (const control of [select(page, "Property type"), verified, verifiedReviews, select(page, "Sort by")]) {
        await expect(control).toBeVisible();
      }
      await select(page, "Property type").selectOption("house");
      await expect(page).toHaveURL(/propertyType=house/);
      await verified.click();
      await expect(page).toHaveURL(/verified=true/);
      await verifiedReviews.click();
      await expect(page).toHaveURL(/verifiedReviews=true/);
      await select(page, "Sort by").selectOption("priceHighLow");
      await expect(page).toHaveURL(/\?propertyType=house&verified=true&maxRent=5000&baths=1&pets=true&verifiedReviews=true&sortBy=priceHighLow$/);
      await expect(toggle).toContainText("6");
      await expect(page.getByText("6 filters active")).toBeVisible();

      // Clear, in the panel, clears every filter (the sort is an order, not a filter: it stays).
      const clear = page.getByRole("button", { name: "Clear", exact: true });
      await expect(clear).toBeVisible();
      await clear.click();
      await expect(page).toHaveURL(/\/find-properties\?sortBy=priceHighLow$/);
      await expect(toggle).toHaveAccessibleName("Filters");
      await expect(page.getByText(/filters? active/)).toHaveCount(0);
      await expect(clear).toHaveCount(0);
      await expect(select(page, "Property type")).toHaveValue("all");
      await expect(verified).not.toBeChecked();
      await expect(verifiedReviews).not.toBeChecked();
      await expect(page.getByRole("checkbox", { name: "Pets allowed" })).not.toBeChecked();
      await expect(box(page, "Maximum rent")).toHaveValue("");
      await expect(select(page, "Bathrooms")).toHaveValue("0");
      await expect(select(page, "Sort by")).toHaveValue("priceHighLow");
    });
  });

  test("the rent boxes and the bedroom select work with the keyboard alone", async ({ page }) => {
    await visit(page, "/find-properties");
    await expect(results(page).first()).toBeVisible();
    const min = box(page, "Minimum rent");
    const max = box(page, "Maximum rent");

    await tabTo(page, min);
    await page.keyboard.type("3000");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?minRent=3000$/);
    await expect(min).toBeFocused();

    // Tab to the maximum; a lower one is refused with a message, and not applied.
    await page.keyboard.press("Tab");
    await expect(max).toBeFocused();
    await page.keyboard.type("2000");
    await page.keyboard.press("Tab");
    await expect(page.getByText("Minimum rent must not exceed the maximum")).toBeVisible();
    await expect(max).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\?minRent=3000$/);

    await tabTo(page, max, { back: true });
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("5000");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?minRent=3000&maxRent=5000$/);
    await expect(page.getByText("Minimum rent must not exceed the maximum")).toHaveCount(0);

    const beds = select(page, "Bedrooms");
    await tabTo(page, beds);
    await page.keyboard.press("ArrowDown");
    await expect(beds).toHaveValue("1");
    await page.keyboard.press("ArrowDown");
    await expect(beds).toHaveValue("2");
    await expect(page).toHaveURL(/\?minRent=3000&maxRent=5000&beds=2$/);

    const pets = page.getByRole("checkbox", { name: "Pets allowed" });
    await tabTo(page, pets);
    await page.keyboard.press("Space");
    await expect(pets).toBeChecked();
    await expect(page).toHaveURL(/\?minRent=3000&maxRent=5000&beds=2&pets=true$/);
    // Demo listing 4 (Austin, $3,100, 3 bedrooms) allows pets.
    await expect(page.getByRole("article", { name: "Travis Heights Bungalow with Shaded Backyard" })).toBeVisible();
  });

  test("every other filter, the sort and Clear work with the keyboard alone", async ({ page }) => {
    await visit(page, "/find-properties");
    await expect(results(page).first()).toBeVisible();
    /** changed waits for a parameter of the URL (the page writes it in a transition). */
    const changed = (param: string) => expect(page).toHaveURL(new RegExp(`[?&]${param}(&|$)`));

    // Selects: the arrow keys choose the next option at once.
    const type = select(page, "Property type");
    await tabTo(page, type);
    const firstType = await type.evaluate((el) => (el as HTMLSelectElement).options[1].value);
    await page.keyboard.press("ArrowDown");
    await expect(type).toHaveValue(firstType);
    await changed(`propertyType=${firstType}`);
    // Checkboxes: Space.
    const verified = page.getByRole("checkbox", { name: "Verified Only" });
    await tabTo(page, verified);
    await page.keyboard.press("Space");
    await expect(verified).toBeChecked();
    await changed("verified=true");

    const currency = select(page, "Currency");
    await tabTo(page, currency);
    const secondCurrency = await currency.evaluate((el) => (el as HTMLSelectElement).options[1].value);
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowDown");
    await expect(currency).toHaveValue(secondCurrency);

    const baths = select(page, "Bathrooms");
    await tabTo(page, baths);
    await page.keyboard.press("ArrowDown");
    await expect(baths).toHaveValue("1");
    await changed("baths=1");

    for (const [name, param] of [
      ["Furnished", "furnished=true"],
      ["Has verified reviews", "verifiedReviews=true"],
    ] as const) {
      const checkbox = page.getByRole("checkbox", { name });
      await tabTo(page, checkbox);
      await page.keyboard.press("Space");
      await expect(checkbox).toBeChecked();
      await changed(param);
    }

    // The area box: typed, applied with Enter; its unit with the arrows.
    const area = box(page, "Minimum area");
    await tabTo(page, area);
    await page.keyboard.type("40");
    await page.keyboard.press("Enter");
    await changed("minArea=40");
    await expect(area).toBeFocused();
    const unit = select(page, "Area unit");
    await tabTo(page, unit);
    await page.keyboard.press("ArrowDown");
    await expect(unit).toHaveValue("sqm");
    await changed("areaUnit=sqm");

    const sort = select(page, "Sort by");
    await tabTo(page, sort);
    await page.keyboard.press("ArrowDown");
    await expect(sort).toHaveValue("highestRated");
    await changed("sortBy=highestRated");
    await expect(page).toHaveURL(
      new RegExp(`\\?propertyType=${firstType}&verified=true&currency=${secondCurrency}&baths=1&furnished=true&verifiedReviews=true&minArea=40&areaUnit=sqm&sortBy=highestRated$`),
    );
    await expect(page.getByText("6 filters active")).toBeVisible();

    // Clear, reached with Tab and pressed with Enter, clears every filter; the sort stays.
    const clear = page.getByRole("button", { name: "Clear", exact: true });
    await tabTo(page, clear);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/find-properties\?sortBy=highestRated$/);
    await expect(page.getByText(/filters? active/)).toHaveCount(0);
    await expect(type).toHaveValue("all");
    await expect(verified).not.toBeChecked();
    await expect(area).toHaveValue("");
  });
});

/** tabTo presses Tab (Shift+Tab when back) until the target has the focus, and fails after max presses. */
async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${max} presses of Tab did not reach ${target.toString()}`);
}
