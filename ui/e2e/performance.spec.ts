import { expect, test } from "@playwright/test";

// Issue 12, pages that load fast: the home page's code comes precompressed and without the
// screens it does not show; those arrive when opened.
test("home loads brotli-compressed assets and not the add-property screen", async ({ page }) => {
  const assets: { url: string; encoding: string | undefined; vary: string | undefined }[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (/\.(js|css)$/.test(url.pathname)) {
      const headers = response.headers();
      assets.push({ url: url.pathname, encoding: headers["content-encoding"], vary: headers["vary"] });
    }
  });

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Find and rate your perfect property" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    expect(asset, asset.url).toMatchObject({ encoding: "br", vary: "Accept-Encoding" });
  }
  const names = assets.map((asset) => asset.url);
  // Chunks are named after their route module, then an 8-character hash.
  expect(names.some((name) => /\/assets\/home-[\w-]{8}\.js$/.test(name))).toBe(true);
  expect(names.filter((name) => /\/assets\/add-property-[\w-]{8}\.js$/.test(name))).toEqual([]);
});

test("the page that opens a screen preloads that screen's code, and only that screen's", async ({ request }) => {
  const preloads = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
  const home = await preloads("/");
  const article = await preloads("/resources/1");
  expect(home.some((href) => /^\/assets\/home-[\w-]{8}\.js$/.test(href))).toBe(true);
  expect(article.some((href) => /^\/assets\/resource-[\w-]{8}\.js$/.test(href))).toBe(true);
  expect(home.filter((href) => /\/(resource|auth|add-property)-/.test(href))).toEqual([]);
  expect(article.filter((href) => /\/home-/.test(href))).toEqual([]);
});

test("a screen's chunk arrives when the screen is opened", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Find and rate your perfect property" })).toBeVisible();
  const chunk = page.waitForResponse((response) => /\/assets\/find-properties-[\w-]{8}\.js$/.test(response.url()));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Find Properties" }).click();
  await chunk;
  await expect(page.getByRole("heading", { level: 1, name: "Find Properties" })).toBeVisible();
});

test("the header's bar paints from the HTML before any script, and the app replaces it", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const bare = await context.newPage();
  await bare.goto("/");
  await expect(bare.getByRole("banner").getByRole("link", { name: "RentProof" })).toBeVisible();
  await context.close();

  const page = await browser.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Find and rate your perfect property" })).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  await page.close();
});
