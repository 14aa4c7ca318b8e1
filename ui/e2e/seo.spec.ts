import { expect, test, type APIRequestContext } from "@playwright/test";

// Being found (issue 17): the title the server sends before any script is the title the app
// shows once it runs, on a property, a fixed page and a city search; an unknown address answers
// 404 and the app shows its not-found screen; a content page's text is in the HTML itself.

/** served fetches path as a crawler does (no JavaScript) and reads its status, title and og:title. */
async function served(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  const html = await res.text();
  const decode = (s: string) =>
    s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  return {
    status: res.status(),
    html,
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ""),
    ogTitle: decode(/<meta property="og:title" content="([^"]*)">/.exec(html)?.[1] ?? ""),
  };
}

test("a property's title after hydration is the one the server sent", async ({ page, request }) => {
  const sent = await served(request, "/properties/1");
  expect(sent.status).toBe(200);
  expect(sent.title).toMatch(/^.+ \| RentProof$/);
  expect(sent.ogTitle).toBe(`Check out ${sent.title.replace(/ \| RentProof$/, "")} on RentProof`);
  await page.goto("/properties/1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(sent.title.replace(/ \| RentProof$/, ""));
  await expect(page).toHaveTitle(sent.title);
});

for (const path of ["/", "/about", "/faq", "/terms", "/find-properties?city=London"]) {
  test(`${path}: the app's title is the server's`, async ({ page, request }) => {
    const sent = await served(request, path);
    expect(sent.status).toBe(200);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveTitle(sent.title);
  });
}

// The content pages are prerendered and hydrated: the app takes their markup over as it is.
for (const path of ["/about", "/faq", "/contact", "/how-reviews-work", "/invest", "/terms", "/privacy", "/cookies", "/accessibility"]) {
  test(`${path} hydrates without a mismatch`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("#root[data-prerendered] h1")).toBeVisible();
    expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
  });
}

test("the content pages' text is in the HTML before any script", async ({ request }) => {
  for (const [path, heading] of [
    ["/about", "About"],
    ["/faq", "Frequently Asked Questions"],
    ["/terms", "Terms"],
  ] as const) {
    const { html } = await served(request, path);
    expect(html, path).toContain("data-prerendered");
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>[^<]*${heading}`));
  }
});

test("an unknown address is a 404 with the not-found screen", async ({ page, request }) => {
  const sent = await served(request, "/no-such-page");
  expect(sent.status).toBe(404);
  expect(sent.title).toBe("Page Not Found | RentProof");
  expect(sent.html).toContain("/no-such-page");
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle("Page Not Found | RentProof");

  const missing = await page.goto("/properties/999999");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("Property Not Found").first()).toBeVisible();
  await expect(page).toHaveTitle("Property Not Found | RentProof");
});

test("robots.txt and the sitemap", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /dashboard");
  expect(robots).toMatch(/Sitemap: http:\/\/[^/]+\/sitemap\.xml/);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(/<loc>http:\/\/[^<]+\/properties\/1<\/loc>/);
  expect(sitemap).not.toContain("/dashboard");
});
