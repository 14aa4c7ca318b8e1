/// <reference lib="dom" />
import { expect, test, type Locator, type Page } from "@playwright/test";
import { register, stamp } from "./accounts";
import { visit } from "./hydrated";

// Every flow with the keyboard only (issue 17): Tab moves, Enter and Space act, the arrow keys
// move inside a group, Escape closes. Nothing here clicks: pages are reached with goto and
// every control with Tab. Each control Tab reaches shows where the focus is.

/** tabTo presses Tab (Shift+Tab when back) until the target has the focus, and fails after max presses. */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${max} presses of Tab did not reach ${target.toString()}`);
}

// Each test walks a page with hundreds of key presses, a round trip each: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

/** focused is the element that has the focus. */
const focused = (page: Page) => page.locator("*:focus");

/**
 * indicatorOfFocused, run in the page, describes how the focused element shows its focus: an
 * outline or box shadow on it or its ::before/::after (a stretched link draws its ring on the
 * card), or else a change between focused and not of its background or colour (a highlighted
 * menu item), or of the outline or shadow of its label or an ancestor (a radio under a star, a
 * search field in its frame); "" when nothing shows it.
 */
const indicatorOfFocused = (): string => {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return "";
  for (const pseudo of [null, "::before", "::after"]) {
    const style = getComputedStyle(el, pseudo);
    if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) return `outline ${pseudo ?? ""} ${style.outline}`;
    if (style.boxShadow !== "none") return `box-shadow ${pseudo ?? ""} ${style.boxShadow}`;
  }
  // A highlighted menu item (Radix marks the focused one) shows it by its background.
  if (el.matches("[data-highlighted]") && getComputedStyle(el).backgroundColor !== getComputedStyle(el.parentElement ?? el).backgroundColor)
    return `highlight ${getComputedStyle(el).backgroundColor}`;
  const around = [el.closest("label"), el.parentElement, el.parentElement?.parentElement].filter((e): e is HTMLElement => !!e);
  const look = () => [
    `${getComputedStyle(el).backgroundColor}|${getComputedStyle(el).color}`,
    ...around.map((e) => `${getComputedStyle(e).outline}|${getComputedStyle(e).boxShadow}`),
  ];
  const on = look();
  el.blur();
  const off = look();
  el.focus();
  const i = on.findIndex((s, j) => s !== off[j]);
  return i < 0 ? "" : `${i === 0 ? "itself" : around[i - 1].tagName.toLowerCase()} ${on[i]}`;
};

/**
 * contrastOfFocusRing, run in the page, is the contrast ratio of the focused element's outline
 * (its own, or its ::after's) against the background it is drawn on, the first opaque
 * background among its ancestors; null when it has no outline or sits on a picture, a gradient
 * or a translucent wash (nothing to measure).
 */
const contrastOfFocusRing = (): number | null => {
  const el = document.activeElement as HTMLElement;
  const ring = [null, "::after"].map((p) => getComputedStyle(el, p)).find((st) => st.outlineStyle !== "none" && parseFloat(st.outlineWidth) > 0);
  if (!ring) return null;
  const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
  let bg = [255, 255, 255];
  for (let e = el.parentElement; e; e = e.parentElement) {
    const st = getComputedStyle(e);
    if (st.backgroundImage !== "none") return null;
    const c = rgba(st.backgroundColor);
    if (c.length === 3 || c[3] === 1) {
      bg = c.slice(0, 3);
      break;
    }
    if (c[3] > 0) return null;
  }
  const lum = (c: number[]) => {
    const [r, g, b] = c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(rgba(ring.outlineColor).slice(0, 3)), lum(bg)].sort((x, y) => y - x);
  return Math.round(((a + 0.05) / (b + 0.05)) * 100) / 100;
};

/** kindOfFocused, run in the page, names the focused element's kind and, for messages, the element. */
const kindOfFocused = () => {
  const el = document.activeElement as HTMLElement;
  const kind = el.tagName.toLowerCase() + (el instanceof HTMLInputElement ? `[${el.type}]` : "");
  return { kind, name: `${kind} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"` };
};

/** focusIndicator is indicatorOfFocused on page. */
const focusIndicator = (page: Page) => page.evaluate(indicatorOfFocused);

/** expectFocusShown walks the page with Tab and expects every stop to show the focus; it returns the kinds of control met. */
async function expectFocusShown(page: Page, stops: number): Promise<Set<string>> {
  const kinds = new Set<string>();
  // Each stop asks the page once: a round trip per question made CI's busiest test file slower.
  const look = `[(${kindOfFocused})(), (${indicatorOfFocused})(), (${contrastOfFocusRing})()]`;
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press("Tab");
    const [what, indicator, ratio] = (await page.evaluate(look)) as [ReturnType<typeof kindOfFocused>, string, number | null];
    if (what.kind === "body") break;
    kinds.add(what.kind);
    expect(indicator, `no visible focus on ${what.name}`).not.toBe("");
    // WCAG 1.4.11: what shows a state stands out 3:1 from what is around it.
    if (ratio !== null) expect(ratio, `the focus ring of ${what.name} is too faint`).toBeGreaterThanOrEqual(3);
  }
  return kinds;
}

/**
 * expectTrapped presses Tab and Shift+Tab round the dialog and expects the focus never to leave
 * it. The page notes, as each key is let go, whether the focus is still inside (a focus trap
 * moves it as the key goes down), and the notes are read once per key rather than after each press.
 */
async function expectTrapped(page: Page, dialog: Locator, presses = 30) {
  for (const key of ["Tab", "Shift+Tab"]) {
    await dialog.evaluate((d) => {
      const w = window as unknown as { trapNotes: boolean[]; trapDone?: AbortController };
      w.trapNotes = [];
      w.trapDone = new AbortController();
      // Tab's own keyup: Shift+Tab lets go of Shift too.
      const note = (e: KeyboardEvent) => e.key === "Tab" && w.trapNotes.push(d.contains(document.activeElement));
      window.addEventListener("keyup", note, { capture: true, signal: w.trapDone.signal });
    });
    for (let i = 0; i < presses; i++) await page.keyboard.press(key);
    const notes = await page.evaluate(() => {
      const w = window as unknown as { trapNotes: boolean[]; trapDone: AbortController };
      w.trapDone.abort();
      return w.trapNotes;
    });
    expect(notes, `${key} ${notes.indexOf(false) + 1} left the dialog`).toEqual(Array(presses).fill(true));
  }
}

/** expectDialogByKeyboard opens a dialog from its trigger with Enter, walks it, closes it with Escape, and expects the focus back on the trigger. */
async function expectDialogByKeyboard(page: Page, trigger: Locator, title: string) {
  await tabTo(page, trigger);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expect(dialog.locator(".spinner")).toHaveCount(0);
  await expectTrapped(page, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}

test.describe("visible focus", () => {
  for (const [name, path] of [
    ["home", "/"],
    ["search", "/find-properties"],
    ["a property", "/properties/1"],
    ["sign in", "/auth"],
  ] as const) {
    test(`every stop of Tab on ${name} shows the focus`, async ({ page }) => {
      await visit(page, path);
      await expect(page.locator("h1").first()).toBeVisible();
      await expect(page.locator(".skeleton")).toHaveCount(0);
      const kinds = await expectFocusShown(page, 45);
      expect([...kinds].some((k) => k === "a")).toBe(true);
    });
  }

  test("a visitor who tabs into a page before the app takes it over keeps their place", async ({ page }) => {
    // The app's code is held back, so the sign-in page is its prerendered skeleton.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/start-[\w-]{8}\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/auth", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    const link = page.getByRole("banner").getByRole("link", { name: "Find Properties", exact: true });
    await tabTo(page, link);
    release();
    await expect(page.getByRole("tab", { name: "Login" })).toBeVisible();
    await expect(link).toBeFocused();
    expect(await focusIndicator(page)).not.toBe("");
    // The next Tab goes on from there, not from the top of the page.
    const next = await link.evaluate((a) => Array.from(document.querySelectorAll("a[href], button")).indexOf(a as HTMLElement) + 1);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Array.from(document.querySelectorAll("a[href], button")).indexOf(document.activeElement as HTMLElement))).toBe(next);
  });

  test("links, buttons, text fields, selects, checkboxes and radios show the focus", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.locator("h1").first()).toBeVisible();
    const seen = await expectFocusShown(page, 45);
    await page.goto("/find-properties");
    await expect(page.getByRole("list", { name: "Properties" }).getByRole("article").first()).toBeVisible();
    for (const kind of await expectFocusShown(page, 45)) seen.add(kind);
    for (const kind of ["a", "button", "input[search]", "select", "input[checkbox]"]) expect(seen).toContain(kind);
  });
});

test("the review form: stars with the arrow keys, every field with Tab, sent with Enter", async ({ page }) => {
  await register(page.request, "tenant");
  await page.goto("/properties/1");
  const trigger = page.getByRole("button", { name: "Write a Review", exact: true });
  await expect(trigger).toBeVisible();
  await tabTo(page, trigger);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Write a Review" });
  const form = dialog.getByRole("form", { name: "Write a Review" });
  await expect(form).toBeVisible();

  // Into the stars: Tab reaches the group, the arrow keys choose.
  const stars = form.getByRole("radiogroup", { name: "Rating" });
  await tabTo(page, stars.getByRole("radio", { name: "1 star", exact: true }));
  expect(await focusIndicator(page)).not.toBe("");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await expect(stars.getByRole("radio", { name: "4 stars" })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(stars.getByRole("radio", { name: "3 stars" })).toBeChecked();
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowRight");
  await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await expect(form.getByText("4 out of 5", { exact: false })).toBeVisible();

  // The other fields, in order, with Tab.
  await page.keyboard.press("Tab");
  await expect(form.getByRole("textbox", { name: "Title" })).toBeFocused();
  const title = `Quiet, bright and well kept ${stamp()}`;
  await page.keyboard.type(title);
  await page.keyboard.press("Tab");
  await expect(form.getByRole("textbox", { name: "Your Review" })).toBeFocused();
  await page.keyboard.type(
    "The landlord fixed the boiler within a day and the building is spotless. Street noise is low for Chelsea and the light is lovely in the afternoon.",
  );
  const category = form.getByRole("group", { name: /Categories/ }).getByRole("checkbox").first();
  await tabTo(page, category);
  await page.keyboard.press("Space");
  await expect(category).toBeChecked();

  const submit = form.getByRole("button", { name: "Submit Review" });
  await tabTo(page, submit);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Reviews", exact: true }).getByText(title)).toBeVisible();
});

test("dialogs open with Enter, hold the focus, close with Escape and give the focus back", async ({ page }) => {
  await register(page.request, "tenant");
  await page.goto("/properties/1");
  // The reviews render after the first paint: on a busy machine that can take a while.
  await expect(page.getByRole("region", { name: "Reviews", exact: true }).getByRole("article").first()).toBeVisible({ timeout: 30_000 });
  await expectDialogByKeyboard(page, page.getByRole("button", { name: "Write a Review", exact: true }), "Write a Review");
  await expectDialogByKeyboard(page, page.getByRole("button", { name: "Contact Landlord" }), "Contact Landlord");
  await expectDialogByKeyboard(page, page.getByRole("button", { name: "Report" }).first(), "Report this review");

  await page.goto("/dashboard");
  await expectDialogByKeyboard(page, page.getByRole("button", { name: "Edit Profile" }), "Edit Profile");
});

test("the account menu: Enter opens it, the arrow keys move, Escape closes it, Enter follows an item", async ({ page }) => {
  await register(page.request, "tenant");
  await page.goto("/");
  const trigger = page.getByRole("button", { name: /^Account menu for/ });
  await tabTo(page, trigger);
  expect(await focusIndicator(page)).not.toBe("");
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "My Dashboard" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Rewards" })).toBeFocused();
  expect(await focusIndicator(page)).not.toBe("");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem", { name: "My Dashboard" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Rewards" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/gamification$/);
});

test.describe("at a phone's width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the mobile menu: Enter opens it, Tab walks its links, Escape closes it and gives the focus back", async ({ page }) => {
    await visit(page, "/");
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await expect(nav).toBeVisible();
    await page.keyboard.press("Tab");
    await expect.poll(() => nav.evaluate((n) => n.contains(document.activeElement))).toBe(true);
    expect(await focusIndicator(page)).not.toBe("");
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press("Enter");
    await tabTo(page, nav.getByRole("link", { name: "Find Properties" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/find-properties$/);
    await expect(nav).toBeHidden();
  });

  test("the search filters open, change and close with the keyboard", async ({ page }) => {
    await page.goto("/find-properties");
    await expect(page.getByRole("list", { name: "Properties" }).getByRole("article").first()).toBeVisible();
    const search = page.getByRole("searchbox", { name: "City, neighborhood or postal code" });
    await tabTo(page, search);
    await page.keyboard.type("New York");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&](city|q|location)=New(\+|%20)York/);

    const toggle = page.getByRole("button", { name: /^Filters/ });
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    const type = page.getByRole("combobox", { name: "Property type" });
    await expect(type).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page).toHaveURL(/propertyType=/);
    await page.keyboard.press("Tab");
    const verified = page.getByRole("checkbox", { name: "Verified Only" });
    await expect(verified).toBeFocused();
    await page.keyboard.press("Space");
    await expect(verified).toBeChecked();
    await expect(page).toHaveURL(/verified=true/);
    const done = page.getByRole("button", { name: "Show results" });
    await tabTo(page, done);
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});

test("the gallery: Previous, Next and the thumbnails with Enter and Space", async ({ page }) => {
  await page.goto("/properties/2");
  const gallery = page.getByRole("region", { name: "Photos" });
  const picture = gallery.locator(".gallery__image");
  await expect(picture).toHaveAttribute("alt", /photo 1 of 4$/);
  await tabTo(page, gallery.getByRole("button", { name: "Next photo" }));
  expect(await focusIndicator(page)).not.toBe("");
  await page.keyboard.press("Enter");
  await expect(picture).toHaveAttribute("alt", /photo 2 of 4$/);
  await page.keyboard.press("Shift+Tab");
  await expect(gallery.getByRole("button", { name: "Previous photo" })).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Space");
  await expect(picture).toHaveAttribute("alt", /photo 4 of 4$/);
  const third = gallery.getByRole("button", { name: "Show photo 3" });
  await tabTo(page, third);
  expect(await focusIndicator(page)).not.toBe("");
  await page.keyboard.press("Enter");
  await expect(third).toHaveAttribute("aria-pressed", "true");
  await expect(picture).toHaveAttribute("alt", /photo 3 of 4$/);
});

test("the review tabs move with the arrow keys", async ({ page }) => {
  await page.goto("/properties/1");
  const tabs = page.getByRole("tablist", { name: "Review types" }).getByRole("tab");
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  await tabTo(page, tabs.first());
  expect(await focusIndicator(page)).not.toBe("");
  await page.keyboard.press("ArrowRight");
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("End");
  await expect(tabs.last()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  // Tab leaves the list for the open panel.
  await page.keyboard.press("Tab");
  await expect(focused(page)).not.toHaveAttribute("role", "tab");
});

test("the save heart and the share menu with the keyboard", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await register(page.request, "tenant");
  await page.goto("/properties/3");
  const save = page.getByRole("button", { name: "Save property" });
  await tabTo(page, save);
  expect(await focusIndicator(page)).not.toBe("");
  // One change at a time: the heart is busy until the server has answered, then takes the next press.
  await page.keyboard.press("Enter");
  const saved = page.getByRole("button", { name: "Remove from saved" });
  await expect(saved).toHaveAttribute("aria-pressed", "true");
  await expect(saved).toHaveAttribute("aria-busy", "false");
  await expect(saved).toBeFocused();
  await page.keyboard.press("Space");
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await expect(save).toHaveAttribute("aria-busy", "false");
  await expect(save).toBeFocused();

  const share = page.getByRole("button", { name: "Share", exact: true });
  await tabTo(page, share);
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Share" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowUp");
  const copy = menu.getByRole("menuitem", { name: /Copy link/ });
  // "Share via device" is last where the browser offers it; Copy link is then one above.
  if (!(await copy.evaluate((el) => el === document.activeElement))) await page.keyboard.press("ArrowDown");
  await expect(copy).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem", { name: "Copied" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(share).toBeFocused();
});
