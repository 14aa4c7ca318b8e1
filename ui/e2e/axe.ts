import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** expectNoSeriousViolation runs axe on the page and lists every serious or critical violation it finds. */
export async function expectNoSeriousViolation(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`);
  expect(serious, serious.join("\n")).toEqual([]);
}
