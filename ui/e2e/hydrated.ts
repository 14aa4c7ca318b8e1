import type { Page } from "@playwright/test";

/**
 * visit goes to a page and waits until the app has taken over its prerendered markup (React marks
 * the root element once it hydrates it): a click on a button or a link before then would be the
 * browser's alone, and a menu toggle would do nothing.
 */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    // The page's document (this file is typed without the DOM's types).
    const { document } = globalThis as unknown as { document: { getElementById(id: string): object | null } };
    return Object.keys(document.getElementById("root") ?? {}).some((key) => key.startsWith("__reactContainer"));
  });
}
