import type { Page } from "@playwright/test";

/**
 * visit goes to a page and waits until the app has taken over its prerendered markup: a click on
 * a button or a link before then would be the browser's alone, and a menu toggle would do nothing.
 * React marks the root when it creates it, but a skeleton it replaces stays on screen until its
 * first render commits (a transition, over several tasks): so the wait is for an element of the
 * root to be React's (marked with its fiber once rendered or hydrated; a hoisted resource link,
 * which may come first, never is).
 */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    // The page's document (this file is typed without the DOM's types).
    const { document } = globalThis as unknown as {
      document: { getElementById(id: string): { children: ArrayLike<object> } | null };
    };
    const root = document.getElementById("root");
    const marked = (node: object | null | undefined, prefix: string) =>
      Object.keys(node ?? {}).some((key) => key.startsWith(prefix));
    return marked(root, "__reactContainer") && Array.from(root?.children ?? []).some((el) => marked(el, "__reactFiber"));
  });
}
