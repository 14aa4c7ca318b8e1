import { expect, test } from "@playwright/test";
import { PASSWORD, listProperty, register, stamp } from "./accounts";
import { expectNoSeriousViolation } from "./axe";

// Issue 15, saved properties, against the real server and database: a tenant saves a property
// from its page (the heart), finds it under Dashboard > Saved Properties, and unsaves it there;
// a visitor's heart leads to sign in, which says why, and back to the property, which it saves.

test("a tenant saves a property, finds it under Saved Properties and unsaves it", async ({ page, request }) => {
  // A landlord lists it (a request context of its own: the page stays the tenant's).
  await register(request, "landlord");
  const title = `Heart flat ${stamp()}`;
  const id = await listProperty(request, title);

  await register(page.request, "tenant");
  await page.goto(`/properties/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const actions = page.locator(".property-detail__actions");
  const heart = actions.getByRole("button", { name: "Save property" });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  const pressed = actions.getByRole("button", { name: "Remove from saved" });
  await expect(pressed).toHaveAttribute("aria-pressed", "true");

  // Stored, not only shown: once the save is answered (the heart turns before), a reload still
  // reads saved, and the REST list has it.
  await expect(pressed).toHaveAttribute("aria-busy", "false");
  await page.reload();
  await expect(actions.getByRole("button", { name: "Remove from saved" })).toHaveAttribute("aria-pressed", "true");
  const saved = await page.request.get("/api/user/saved");
  expect(saved.ok()).toBeTruthy();
  expect(((await saved.json()) as { id: number; saved: boolean }[]).map((p) => [p.id, p.saved])).toEqual([[id, true]]);

  // Dashboard > Saved Properties shows it as a card, its heart pressed.
  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Saved Properties" }).click();
  const card = page.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: /View Details/ })).toHaveAttribute("href", `/properties/${id}`);
  await expectNoSeriousViolation(page);

  // Unsaved from the card, it leaves the list, which is then empty.
  await card.getByRole("button", { name: "Remove from saved" }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole("heading", { name: "No saved properties yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Find Properties" }).last()).toHaveAttribute("href", "/find-properties");
  expect(await (await page.request.get("/api/user/saved")).json()).toEqual([]);

  // And on its page the heart is open again.
  await page.goto(`/properties/${id}`);
  await expect(actions.getByRole("button", { name: "Save property" })).toHaveAttribute("aria-pressed", "false");
});

test("a visitor's heart leads to sign in, which says why, and back to the property, saved", async ({ page, request, playwright, baseURL }) => {
  await register(request, "landlord");
  const id = await listProperty(request, `Visitor flat ${stamp()}`);
  const tenantRequest = await playwright.request.newContext({ baseURL });
  const tenant = await register(tenantRequest, "tenant");
  await tenantRequest.dispose();

  await page.goto(`/properties/${id}`);
  const actions = page.locator(".property-detail__actions");
  await actions.getByRole("button", { name: "Save property" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Sign in to save properties. Once you are signed in, you come back here and the property is saved.")).toBeVisible();

  const login = page.getByRole("tabpanel", { name: "Login" });
  await login.getByLabel("Username or Email").fill(tenant.username);
  await login.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await login.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(new RegExp(`/properties/${id}$`));
  await expect(actions.getByRole("button", { name: "Remove from saved" })).toHaveAttribute("aria-pressed", "true");
  // Stored: the saved list holds it (the heart turns at once, before the save's answer, so the
  // list is asked until the save lands), and a reload shows it saved.
  await expect
    .poll(async () => {
      const saved = await page.request.post("/rentproof.property.v1.PropertyService/ListSavedProperties", { data: {} });
      expect(saved.ok(), await saved.text()).toBeTruthy();
      return ((await saved.json()) as { properties: { id: number }[] }).properties.map((p) => p.id);
    })
    .toEqual([id]);
  await page.reload();
  await expect(actions.getByRole("button", { name: "Remove from saved" })).toHaveAttribute("aria-pressed", "true");
});
