import { expect, test, type Locator, type Page } from "@playwright/test";
import { register, stamp } from "./accounts";

// Responsive images against the real server: a landlord's large photo is stored at several
// widths, the property page offers them through srcset, and the browser fetches the narrowest
// one that is sharp at the width it draws the picture.

/**
 * largeJpeg has the browser draw a width×height photo-like picture (sky, a house) and encode it
 * as JPEG. (Page code is passed as text: the browser tests are typed without the DOM library.)
 */
async function largeJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = String(
    await page.evaluate(`(() => {
      const canvas = document.createElement("canvas");
      canvas.width = ${width};
      canvas.height = ${height};
      const ctx = canvas.getContext("2d");
      const sky = ctx.createLinearGradient(0, 0, 0, ${height});
      sky.addColorStop(0, "#7cb9e8");
      sky.addColorStop(1, "#f4e3b5");
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, ${width}, ${height});
      ctx.fillStyle = "#8b4a2b";
      ctx.fillRect(${width / 4}, ${height * 0.45}, ${width / 2}, ${height * 0.45});
      return canvas.toDataURL("image/jpeg", 0.92);
    })()`),
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

/** resourcesFetched lists the paths the page has fetched so far. */
async function resourcesFetched(page: Page): Promise<string[]> {
  return (await page.evaluate(`performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname)`)) as string[];
}

/** What an <img> element tells of the picture it shows. */
interface ImageState {
  complete: boolean;
  naturalWidth: number;
  currentSrc: string;
}

/** shownPath is the path of the picture an <img> shows, once loaded. */
function shownPath(img: Locator): Promise<string | null> {
  return img.evaluate((el) => {
    const state = el as unknown as ImageState;
    return state.complete && state.naturalWidth ? new URL(state.currentSrc).pathname : null;
  });
}

/**
 * pixelWidth is the width in pixels of the picture at path (an <img>'s naturalWidth is divided
 * by the density its srcset entry implies).
 */
async function pixelWidth(page: Page, path: string): Promise<number> {
  const probe = `(async () => {
    const probe = new Image();
    probe.src = ${JSON.stringify(path)};
    await probe.decode();
    return probe.naturalWidth;
  })()`;
  return Number(await page.evaluate(probe));
}

test("a large photo reaches a phone at a width the phone draws it", async ({ page, browser }) => {
  // A listing, an upload and two browsers: 39–48 s in CI, too close to the minute.
  test.setTimeout(90_000);
  await register(page.request, "landlord");
  const id = stamp();
  const title = `Brick terrace ${id}`;
  const city = `Stillwater${id.replace(/[^a-z]/g, "")}`;

  await page.goto("/add-property");
  const photo = await largeJpeg(page, 3000, 2000);
  const form = page.getByRole("form", { name: "Add property" });
  await form.getByLabel("Property Title").fill(title);
  await form.getByLabel("Description").fill("A brick terrace house with a sunny yard and a new roof.");
  await form.getByLabel("Property Type").selectOption("house");
  await form.getByLabel("Monthly Rent").fill("2100");
  await form.getByLabel("Street Address").fill("9 Mill Row");
  await form.getByLabel("City").fill(city);
  await form.getByLabel("Area Size").fill("1100");
  await page.getByLabel("Choose images").setInputFiles([{ name: "terrace.jpg", mimeType: "image/jpeg", buffer: photo }]);
  // A chosen image uploads at once; its picture then comes from the server.
  const uploaded = page.getByRole("list", { name: "Chosen images" }).getByRole("img");
  await expect(uploaded).toHaveAttribute("src", /^\/uploads\/properties\/[0-9a-f]{32}\.jpg$/);
  const main = (await uploaded.getAttribute("src"))!;
  const name = main.slice(0, -".jpg".length);
  const srcSet = `${name}-w480.jpg 480w, ${name}-w960.jpg 960w, ${main} 2048w`;
  await form.getByRole("button", { name: "Add Property" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`/find-properties?city=${encodeURIComponent(city)}`);
  await page.getByRole("article").filter({ hasText: title }).getByRole("link", { name: /View Details/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const propertyPage = page.url();

  // Visitors who have not seen the photo yet (the uploader's preview put the main file in this
  // browser's cache, which Chromium would rather reuse than fetch a narrower one).
  for (const { viewport, width } of [
    // A phone, 390 CSS pixels wide at one device pixel each: the 480 version is enough.
    { viewport: { width: 390, height: 844 }, width: 480 },
    // A laptop draws the gallery about 800 pixels wide: the 960 version.
    { viewport: { width: 1280, height: 800 }, width: 960 },
  ]) {
    const visitor = await browser.newPage({ viewport, baseURL: new URL(propertyPage).origin });
    // A card is at most 390 pixels wide on either: the 480 version. (First: a wider version
    // the gallery had fetched would serve the card too.)
    await visitor.goto(`/find-properties?city=${encodeURIComponent(city)}`);
    const card = visitor.getByRole("article").filter({ hasText: title }).locator("img").first();
    await expect(card).toHaveAttribute("srcset", srcSet);
    await expect.poll(() => shownPath(card)).toBe(`${name}-w480.jpg`);

    await visitor.goto(propertyPage);
    const cover = visitor.getByRole("region", { name: "Photos" }).getByRole("img", { name: `${title}, photo 1 of 1` });
    await expect(cover).toHaveAttribute("srcset", srcSet);
    await expect(cover).toHaveAttribute("sizes", /100vw$/);
    await expect(cover).toHaveAttribute("loading", "eager");
    await expect(cover).toHaveAttribute("fetchpriority", "high");
    await expect(cover).toHaveAttribute("width", "1200");
    await expect(cover).toHaveAttribute("height", "750");
    await expect.poll(() => shownPath(cover)).toBe(`${name}-w${width}.jpg`);
    expect(await pixelWidth(visitor, `${name}-w${width}.jpg`)).toBe(width);
    expect(await resourcesFetched(visitor)).not.toContain(main);
    await visitor.close();
  }
});
