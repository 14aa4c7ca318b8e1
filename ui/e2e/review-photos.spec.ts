import { deflateSync, crc32 } from "node:zlib";
import { expect, test } from "@playwright/test";
import { PNG_1PX, register } from "./accounts";

// A tenant attaches photos to a review against the real server: each uploads as it is chosen,
// one is removed by keyboard before sending, and the review's card shows the other; a photo
// not sent with a review is its uploader's alone.

/** Demo property 14 (kenji_morita's, internal/seed/data): no other browser test writes reviews there, so the counts reviews.spec.ts checks on its own property never move under it. */
const PROPERTY = 14;

/** solidPNG is a w×h picture of one colour, large enough for the server to store narrower versions of it. */
function solidPNG(w: number, h: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("a tenant attaches photos to a review and sees them on its card", async ({ page, browser }) => {
  const author = await register(page.request, "tenant", "Tamsin");
  await page.goto(`/properties/${PROPERTY}`);
  await page.getByRole("region", { name: "Reviews", exact: true }).getByRole("button", { name: "Write a Review" }).click();
  const form = page.getByRole("dialog", { name: "Write a Review" }).getByRole("form", { name: "Write a Review" });

  await form.getByLabel("Add photos").setInputFiles([
    { name: "kitchen.png", mimeType: "image/png", buffer: solidPNG(640, 480, [230, 180, 60]) },
    { name: "hallway.png", mimeType: "image/png", buffer: PNG_1PX },
  ]);
  await expect(form.getByText("2 of 5 photos uploaded")).toBeVisible();
  const chosen = form.getByRole("list", { name: "Chosen photos" });
  await chosen.getByRole("button", { name: "Remove hallway.png" }).focus();
  await page.keyboard.press("Enter");
  await expect(chosen.getByRole("listitem")).toHaveCount(1);
  await expect(form.getByText("1 of 5 photos uploaded")).toBeVisible();

  await form.getByRole("radiogroup", { name: "Rating" }).getByRole("radio", { name: "4 stars" }).check();
  await form.getByLabel("Title").fill("Sunny kitchen, slow lift");
  await form.getByLabel("Your Review").fill("The kitchen gets the sun all morning; the lift takes its time.");
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByRole("dialog", { name: "Write a Review" })).toBeHidden();

  const card = page
    .getByRole("list", { name: "Reviews" })
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "Sunny kitchen, slow lift" }) });
  const photo = card.getByRole("img", { name: `Photo 1 of 1 from ${author.firstName} T.` });
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toHaveAttribute("loading", "lazy");
  await expect(photo).toHaveAttribute("src", /^\/uploads\/reviews\/[0-9a-f]{32}\.jpg$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // Attached to a published review, the photo is everyone's; one not sent yet is its uploader's alone.
  const src = (await photo.getAttribute("src")) ?? "";
  const visitor = await browser.newContext();
  expect((await visitor.request.get(src)).status()).toBe(200);
  const spare = await page.request.post("/api/upload/review-photos", {
    multipart: { photos: { name: "spare.png", mimeType: "image/png", buffer: PNG_1PX } },
  });
  expect(spare.ok(), await spare.text()).toBeTruthy();
  const [unsent] = ((await spare.json()) as { files: string[] }).files;
  expect((await page.request.get(unsent)).status()).toBe(200);
  expect((await visitor.request.get(unsent)).status()).toBe(404);
  await visitor.close();
});
