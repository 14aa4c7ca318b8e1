import type { Page } from "@playwright/test";

/**
 * visit goes to a page and waits until the app has taken over its prerendered markup: a click on
 * a button or a link before then would be the browser's alone, and a menu toggle would do nothing.
 * The app marks its root (`data-live`, src/start.tsx) once its first render has committed: a
 * skeleton it replaces stays on screen until then, and a hydration is rendered in slices.
 */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.locator("#root[data-live]").waitFor({ state: "attached" });
}
