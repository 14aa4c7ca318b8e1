import { expect, test, type Page } from "@playwright/test";

// Forgiving text (issue 32), against the real server and its demo data (properties 1-15,
// internal/seed/data/properties.json): a typed line is read once, by one rule, and the page shows
// the filters it became; postcodes in any spacing open one location page, whose filters work as
// Find Properties' do. Other tests list homes of their own meanwhile (the database is shared), so
// the checks name demo listings rather than count them.

const results = (page: Page) => page.getByRole("list", { name: "Properties" }).getByRole("article");
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "City, neighborhood or postal code" });
const homeBox = (page: Page) => page.getByPlaceholder("Enter a city, neighborhood, or ZIP/postal code");

/** titles lists the names of the cards shown, once the list has them. */
async function titles(cards: ReturnType<typeof results>) {
  await expect(cards.first()).toBeVisible();
  const names: string[] = [];
  for (const card of await cards.all()) names.push((await card.getByRole("heading").textContent()) ?? "");
  return names;
}

test.describe("search text", () => {
  test("“London flats” is London's apartments, and the filters say so", async ({ page }) => {
    await page.goto("/find-properties?sortBy=highestRated");
    await searchBox(page).fill("London flats");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(/\/find-properties\?city=London&propertyType=apartment&sortBy=highestRated$/);
    await expect(searchBox(page)).toHaveValue("London");
    await expect(page.getByRole("combobox", { name: "Property type" })).toHaveValue("apartment");
    await expect(page.getByRole("article", { name: "Mansion-Block Flat in St James's" })).toBeVisible();
    for (const card of await results(page).all()) {
      await expect(card.getByRole("list", { name: "Property facts" })).toContainText("Apartment");
      await expect(card).toContainText("London");
    }
    // Back leaves the search: the reading replaced the entry the typed search made.
    await page.goBack();
    await expect(page).toHaveURL(/\/find-properties\?sortBy=highestRated$/);

    // The same when typing paused long enough to search before Enter.
    await searchBox(page).fill("London flats");
    await expect(page).toHaveURL(/\/find-properties\?city=London&propertyType=apartment&sortBy=highestRated$/);
    await searchBox(page).press("Enter");
    await page.goBack();
    await expect(page).toHaveURL(/\/find-properties\?sortBy=highestRated$/);
  });

  test("“Downtown Apartments” typed and chosen from the home page's shortcut give the same listings", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Downtown Apartments" }).click();
    await expect(page).toHaveURL(/\/find-properties\?query=Downtown&propertyType=apartment$/);
    const chosen = await titles(results(page));
    expect(chosen).toContain("Sunny Pre-War Downtown One-Bedroom in Chelsea");

    await page.goto("/");
    await homeBox(page).fill("Downtown Apartments");
    await homeBox(page).press("Enter");
    await expect(page).toHaveURL(/\/find-properties\?query=Downtown&propertyType=apartment$/);
    expect(await titles(results(page))).toEqual(chosen);

    await page.goto("/find-properties");
    await searchBox(page).fill("Downtown Apartments");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(/\/find-properties\?query=Downtown&propertyType=apartment$/);
    await expect(searchBox(page)).toHaveValue("Downtown");
    expect(await titles(results(page))).toEqual(chosen);
  });

  test("a postcode in any spacing and case opens the same location page", async ({ page }) => {
    let first: string[] | undefined;
    for (const typed of ["sw1a1aa", "SW1A 1AA", "sw1a 1aa"]) {
      await page.goto("/");
      await homeBox(page).fill(typed);
      await homeBox(page).press("Enter");
      await expect(page).toHaveURL(/\/location\/SW1A%201AA$/);
      await expect(page.getByRole("heading", { level: 1, name: "Properties in SW1A 1AA" })).toBeVisible();
      const shown = await titles(page.getByRole("list", { name: "Properties in SW1A 1AA" }).getByRole("article"));
      expect(shown).toContain("Mansion-Block Flat in St James's");
      if (first) expect(shown).toEqual(first);
      first = shown;
    }
    // An address in another form is written in the usual one.
    await page.goto("/location/sw1a1aa");
    await expect(page).toHaveURL(/\/location\/SW1A%201AA$/);
  });

  test("“NYC” finds the New York listings", async ({ page }) => {
    await page.goto("/");
    await homeBox(page).fill("NYC");
    await homeBox(page).press("Enter");
    await expect(page).toHaveURL(/\/find-properties\?city=NYC$/);
    await expect(page.getByRole("article", { name: "Sunny Pre-War Downtown One-Bedroom in Chelsea" })).toBeVisible();
    for (const card of await results(page).all()) await expect(card).toContainText("New York");
  });

  test("keys pressed as a paused line's search reaches the address stay in the box", async ({ page }) => {
    await page.goto("/find-properties");
    await expect(results(page).first()).toBeVisible();
    // A busy phone renders the new address late, so keys typed after the pause can land before
    // it. Here they are typed the moment the paused line's search is written into the address,
    // before the app renders it, and the box is read on every frame for the next 300 ms.
    await searchBox(page).evaluate((box: HTMLInputElement) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      for (const method of ["pushState", "replaceState"] as const) {
        const write = history[method].bind(history);
        history[method] = (...args: Parameters<History["pushState"]>) => {
          write(...args);
          if (!location.search.endsWith("city=Chicago")) return;
          history.pushState = History.prototype.pushState;
          history.replaceState = History.prototype.replaceState;
          for (const typed of ["Chicago ", "Chicago L", "Chicago Lo", "Chicago Loo", "Chicago Loop"]) {
            setValue.call(box, typed);
            box.dispatchEvent(new Event("input", { bubbles: true }));
          }
          const shown = new Set<string>();
          const from = performance.now();
          const look = () => {
            shown.add(box.value);
            if (performance.now() - from < 300) requestAnimationFrame(look);
            else box.dataset.shown = [...shown].join("|");
          };
          requestAnimationFrame(look);
        };
      }
    });
    await searchBox(page).pressSequentially("Chicago");
    await expect(searchBox(page)).toHaveAttribute("data-shown", "Chicago Loop");
    // The words then search as typed words do: Chicago, and "Loop" in its listings.
    await expect(page).toHaveURL(/\/find-properties\?city=Chicago&query=Loop$/);
    await expect(searchBox(page)).toHaveValue("Chicago Loop");
  });

  test("the location page's bedroom filter narrows its results and survives a reload", async ({ page }) => {
    await page.goto("/location/SW1A%201AA");
    const flat = page.getByRole("article", { name: "Mansion-Block Flat in St James's" }); // two bedrooms
    await expect(flat).toBeVisible();
    await expect(flat.getByRole("button", { name: "Save property" })).toBeVisible();

    const bedrooms = page.getByRole("combobox", { name: "Bedrooms" });
    await bedrooms.selectOption("2");
    await expect(page).toHaveURL(/\/location\/SW1A%201AA\?beds=2$/);
    await expect(flat).toBeVisible();
    await bedrooms.selectOption("3");
    await expect(page).toHaveURL(/\/location\/SW1A%201AA\?beds=3$/);
    await expect(flat).toBeHidden();

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Properties in SW1A 1AA" })).toBeVisible();
    await expect(bedrooms).toHaveValue("3");
    await expect(page.getByRole("button", { name: /Clear/ }).first()).toBeVisible();
    await expect(flat).toBeHidden();

    await page.getByRole("button", { name: "Clear", exact: true }).click();
    await expect(page).toHaveURL(/\/location\/SW1A%201AA$/);
    await expect(flat).toBeVisible();
  });
});
