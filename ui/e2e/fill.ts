import { expect, type Locator } from "@playwright/test";

/**
 * fillBesideViewer fills a field next to a document opened in place: Chromium's PDF viewer may
 * take the focus as it finishes loading, and the typed text with it, so it fills until the text
 * is in the field.
 */
export async function fillBesideViewer(field: Locator, text: string) {
  await expect(async () => {
    await field.fill(text);
    await expect(field).toHaveValue(text, { timeout: 1000 });
  }).toPass();
}
