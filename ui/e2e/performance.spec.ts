import { expect, test } from "@playwright/test";
import { register } from "./accounts";

// Issue 12, pages that load fast: the home page's code comes precompressed and without the
// screens it does not show; those arrive when opened.
test("home loads brotli-compressed assets and not the add-property screen", async ({ page }) => {
  const assets: { url: string; encoding: string | undefined; vary: string | undefined }[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    const headers = response.headers();
    // The build compresses a file only when that saves a tenth of it: a few hundred bytes of
    // code (a one-icon chunk) may go as they are.
    if (/\.(js|css)$/.test(url.pathname) && Number(headers["content-length"] ?? Infinity) > 1024) {
      assets.push({ url: url.pathname, encoding: headers["content-encoding"], vary: headers["vary"] });
    }
  });

  await page.goto("/");
  // The heading is prerendered and the code waits for the first paint (ui/src/main.tsx): on a
  // busy machine the network can rest before the code is asked for, so wait for the app itself,
  // whose featured listings arrive only once it runs.
  await expect(page.getByRole("link", { name: "View Details" }).first()).toBeVisible();
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

test("the page that opens a screen lists that screen's code, and only that screen's", async ({ request }) => {
  const preloads = async (path: string) => {
    const list = /<script type="application\/json" id="screen-code">([^<]*)<\/script>/.exec(await (await request.get(path)).text());
    return JSON.parse(list?.[1] ?? "[]") as string[];
  };
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

test("the home page is prerendered: it paints without scripts, and the app takes it over without a mismatch", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const bare = await context.newPage();
  await bare.goto("/");
  await expect(bare.getByRole("heading", { level: 1, name: "Find and rate your perfect property" })).toBeVisible();
  await expect(bare.getByRole("heading", { name: "How It Works" })).toBeVisible();
  await context.close();

  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/");
  // Data arrives after hydration: the featured listings replace their skeletons.
  await expect(page.getByRole("heading", { name: "Featured Properties" })).toBeVisible();
  await expect(page.getByRole("link", { name: "View Details" }).first()).toBeVisible();
  // The markup came to life: its links route in the app.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Find Properties" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Find Properties" })).toBeVisible();
  expect(errors).toEqual([]);
  await page.close();
});

test("a property, the search, an article and a location page paint their skeleton with the main picture, and sign-in its heading, without scripts", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/properties/1");
  await expect(page.getByRole("status", { name: "Loading property" })).toBeAttached();
  const gallery = page.locator(".gallery__stage[data-picture-slot] img");
  await expect(gallery).toHaveAttribute("src", "/images/demo/property-01-a.svg");
  await expect.poll(() => gallery.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

  await page.goto("/find-properties?city=Chelsea");
  await expect(page.locator(".property-card__media[data-picture-slot] img")).toHaveAttribute("src", "/images/demo/property-01-a.svg");
  await expect(page.locator("[data-picture-slot] img")).toHaveCount(1);
  // Its search form waits for the app: nothing typed is sent as a plain form or lost.
  await expect(page.getByRole("search").first()).toHaveAttribute("inert", "");

  await page.goto("/resources/1");
  await expect(page.locator(".article__cover[data-picture-slot] img")).toHaveAttribute("src", /^\/images\//);

  // A location page's skeleton names its own code.
  await page.goto("/location/10001");
  await expect(page.getByRole("heading", { level: 1, name: "Properties in 10001" })).toBeVisible();
  await expect(page.locator(".property-card__media[data-picture-slot] img")).toHaveAttribute("src", /^\/images\/demo\//);

  // Sign-in paints its heading and tagline before the app knows who is signed in.
  await page.goto("/auth");
  await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  await expect(page.getByText("Connect with landlords and tenants globally through verified reviews")).toBeVisible();
  await context.close();
});

test("a member's dashboard, rewards and settings paint their top, the member's role's, before any script; the app then asks nobody who is signed in", async ({
  browser,
}) => {
  const texts = {
    tenant: "Find your next home, share your experience and answer the verification requests you receive.",
    landlord: "Manage your listings, get them verified and answer the verification requests you receive.",
  };
  for (const role of ["tenant", "landlord"] as const) {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const { email } = await register(context.request, role);
    const page = await context.newPage();
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // A new account's address is not verified yet: the banner that asks for it, with theirs.
    await expect(page.getByRole("region", { name: "Email verification" })).toContainText(`open the link we sent to ${email}.`);
    await expect(page.getByText(texts[role])).toBeVisible();
    await expect(page.getByText(texts[role === "tenant" ? "landlord" : "tenant"])).toHaveCount(0);
    await page.goto("/gamification");
    await expect(page.getByText("Earn experience points for reviews, listings and verifications")).toBeVisible();
    await page.goto("/settings");
    await expect(page.getByText("You always see your notifications in RentProof.")).toBeVisible();
    await context.close();
  }
  // A visitor who is not signed in is shown no member's page.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const page = await visitor.newPage();
  await page.goto("/dashboard");
  await expect(page.locator(".site-header")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(0);
  await visitor.close();

  // With the app, the page came with the session's answer: the dashboard shows the member at
  // once, without asking.
  const member = await browser.newContext();
  const account = await register(member.request, "tenant", "Odile");
  const app = await member.newPage();
  const asked: string[] = [];
  app.on("request", (r) => {
    if (r.url().endsWith("/AccountService/GetCurrentUser")) asked.push(r.url());
  });
  await app.goto("/dashboard");
  await expect(app.getByRole("heading", { level: 2, name: "Welcome to RentProof, Odile!" })).toBeVisible();
  await expect(app.getByRole("button", { name: `Account menu for ${account.firstName} ${account.lastName}` })).toBeVisible();
  expect(asked).toEqual([]);
  await member.close();
});

test("the app's code is fetched only once the page has shown its main picture", async ({ page }) => {
  await page.goto("/properties/1");
  await expect(page.getByRole("heading", { level: 1, name: "Sunny Pre-War Downtown One-Bedroom in Chelsea" })).toBeVisible();
  // The last largest-contentful-paint entry, and when the app's start chunk was asked for.
  const { picture, code } = (await page.evaluate(`new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const largest = list.getEntries().at(-1);
      const start = performance.getEntriesByType("resource").find((r) => /\\/assets\\/start-[\\w-]{8}\\.js$/.test(r.name));
      resolve({
        picture: largest ? { url: new URL(largest.url, location.href).pathname, at: largest.startTime } : null,
        code: start ? start.startTime : -1,
      });
    }).observe({ type: "largest-contentful-paint", buffered: true });
  })`)) as { picture: { url: string; at: number } | null; code: number };
  // The largest paint is the gallery's first photo, from the page itself, shown before the code was asked for.
  expect(picture?.url).toBe("/images/demo/property-01-a.svg");
  expect(code).toBeGreaterThan(picture?.at ?? Infinity);
  // The gallery the app renders replaces the skeleton's photo.
  await expect(page.locator("[data-picture-slot]")).toHaveCount(0);
  await expect(page.getByRole("img", { name: /photo 1 of 3/ })).toBeVisible();
});

test("on a phone, the card the app draws over the page's first picture does not become a later largest paint", async ({ browser }) => {
  test.setTimeout(90_000);
  const phones = [
    { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 }, // Lighthouse's mobile profile
    { viewport: { width: 360, height: 740 }, deviceScaleFactor: 3 },
  ];
  // A loaded browser paints what it has parsed so far: the picture may be painted before the rest
  // of its card has arrived (in CI, once). `early` paints the card that way, without its body.
  const cases = [
    { path: "/location/10001", list: "Properties in 10001", early: false },
    { path: "/location/10001", list: "Properties in 10001", early: true },
    { path: "/find-properties?city=Chelsea", list: "Properties", early: false },
  ];
  for (const { path, list, early } of cases) {
    for (const phone of phones) {
      const context = await browser.newContext({ ...phone, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      if (early) {
        await page.route(
          (url) => url.pathname === path.split("?")[0],
          async (route) => {
            const res = await route.fetch();
            const html = (await res.text()).replace("</head>", "<style>.property-card--skeleton .property-card__body { display: none }</style></head>");
            await route.fulfill({ response: res, body: html });
          },
        );
      }
      // Every largest-contentful-paint entry: its size and whether it is in a card the app drew.
      // (A string: this file is compiled without the DOM's types.) An entry whose element is gone
      // by the callback (the skeleton, replaced) has none, and so is not the app's.
      await page.addInitScript(`
        window.__largest = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            window.__largest.push({ size: e.size, app: !!e.element?.closest(".property-card:not(.property-card--skeleton)") });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      `);
      await page.goto(path);
      const image = page.getByRole("list", { name: list }).getByRole("article").first().locator("img.property-card__image");
      await expect(image).toHaveJSProperty("complete", true);
      // Two frames and a task: a paint of the app's card has been reported by now.
      await page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 200))))");
      const largest = (await page.evaluate("window.__largest")) as { size: number; app: boolean }[];
      const where = `${path} at ${phone.viewport.width} px${early ? ", painted early" : ""}: ${JSON.stringify(largest)}`;
      expect(largest.length, where).toBeGreaterThan(0);
      expect(largest.filter((e) => e.app), where).toEqual([]);
      await context.close();
    }
  }
});

test("a property page, the search and a location page come with their first answer and preload their picture", async ({ page }) => {
  const calls: string[] = [];
  const pictures: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/rentproof.")) calls.push(path.split("/").pop() ?? path);
    if (path.startsWith("/images/demo/")) pictures.push(path);
  });

  await page.goto("/properties/1");
  await expect(page.getByRole("heading", { level: 1, name: "Sunny Pre-War Downtown One-Bedroom in Chelsea" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Similar Properties" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The page came with the property, its rating summary, reviews and similar properties.
  expect(calls.filter((c) => /^(GetProperty|GetRatingSummary|ListPropertyReviews|ListSimilarProperties)$/.test(c))).toEqual([]);
  const gallery = await page.getByRole("img", { name: /photo 1 of/ }).getAttribute("src");
  expect(pictures.filter((p) => p === gallery)).toHaveLength(1);

  calls.length = 0;
  await page.goto("/find-properties?city=Chelsea&sortBy=highestRated");
  await expect(page.getByRole("list", { name: "Properties" }).getByRole("article").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(calls).not.toContain("SearchProperties");

  // A location page too: its listings come with it, the first card's picture preloaded.
  calls.length = 0;
  const locationPage = await page.goto("/location/10001");
  expect(await locationPage?.text()).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="\/images\/demo\//);
  await expect(page.getByRole("list", { name: "Properties in 10001" }).getByRole("article").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(calls).not.toContain("SearchProperties");

  calls.length = 0;
  await page.goto("/resources/1");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(calls).not.toContain("GetResource");

  // A later visit to a screen asks the server: the page's answer is used once.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Find Properties" }).click();
  await expect(page).toHaveURL(/\/find-properties$/);
  await expect.poll(() => calls).toContain("SearchProperties");
});
