import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { inflateRawSync } from "node:zlib";
import { signedInPage } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// Issue 30, /settings › Your data against the real server: a demo member asks for a copy of their
// data, the server's builder job makes the zip and notifies them, and they download it; the zip
// is opened here (its central directory read by hand, each entry inflated with Node's zlib) and
// holds their review. Another member is refused the same link.

/** unzip reads a zip's entries by name (stored or deflated; no zip64: the export here is small). */
function unzip(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error("not a zip: no end of central directory");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

test("a member asks for a copy of their data, is told when it is ready, and downloads a zip holding their review", async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await signedInPage(browser, "jonas_weber");
  await page.goto("/settings#your-data");
  const section = page.getByRole("region", { name: "Your data" });
  await expect(section.getByText("You have not asked for a copy of your data yet.")).toBeVisible();
  await expectNoSeriousViolation(page);

  // From the keyboard: ask, then follow the download link once the builder made it.
  await section.getByRole("button", { name: "Request a copy of your data" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("We are preparing a copy of your data", { exact: true })).toBeVisible();
  const link = section.getByRole("link", { name: /^Download your data of .* \(zip, [\d.]+ [KM]B\)$/ });
  // The builder may finish before the list is read again, so "being prepared" can be skipped.
  await expect(section.getByText("Being prepared. We will tell you when it is ready.").or(link)).toBeVisible();
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole("button", { name: "Request a copy of your data" })).toBeDisabled();
  await expect(section.getByText(/You can ask for your next copy after/)).toBeVisible();
  await expectNoSeriousViolation(page);

  const href = (await link.getAttribute("href")) ?? "";
  await link.focus();
  const downloading = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^rentproof-data-jonas_weber-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = unzip(readFileSync(await download.path()));
  const profile = JSON.parse(entries.get("profile.json")!.toString()) as { username: string };
  expect(profile.username).toBe("jonas_weber");
  const reviews = JSON.parse(entries.get("reviews.json")!.toString()) as { title: string }[];
  expect(reviews.map((r) => r.title)).toContain("Traumhafte Altbauwohnung am Kollwitzplatz");
  expect(entries.has("README.txt")).toBeTruthy();

  // The notification the builder wrote.
  await page.goto("/notifications");
  await expect(page.getByRole("list", { name: "Notifications, newest first" }).getByRole("link", { name: /Your data is ready to download/ })).toBeVisible();

  // Another member is refused the same link; so is a visitor.
  const other = await signedInPage(browser, "lena_brandt");
  const refused = await other.request.get(href);
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("Only the member who asked for this export can download it.");
  const visitor = await (await browser.newContext()).request.get(href);
  expect(visitor.status()).toBe(401);
});
