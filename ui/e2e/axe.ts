import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { Result } from "axe-core";

/**
 * The rules issue 17 holds every route to: WCAG 2.0 and 2.1, levels A and AA, and axe's best
 * practices beside them (landmarks, one main, headings in order), which Lighthouse's
 * accessibility score also counts.
 */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** ContrastData is what axe's color-contrast check records about a node. */
interface ContrastData {
  contrastRatio?: number;
  expectedContrastRatio?: string;
  fgColor?: string;
  bgColor?: string;
}

/**
 * measuredContrastFailures are the nodes axe leaves "incomplete" for color contrast although it
 * measured both colours and the ratio is too low: text it thinks too short to judge (a count in a
 * pill, "4.4:1" white on a tinted primary) is still text a person reads.
 */
function measuredContrastFailures(incomplete: Result[]): string[] {
  return incomplete
    .filter((r) => r.id === "color-contrast")
    .flatMap((r) => r.nodes)
    .flatMap((n) => {
      const d = (n.any[0]?.data ?? {}) as ContrastData;
      const expected = parseFloat(d.expectedContrastRatio ?? "");
      return d.contrastRatio && d.fgColor && d.bgColor && d.contrastRatio < expected
        ? [`serious color-contrast: ${n.target.join(" ")}  ${d.fgColor} on ${d.bgColor} is ${d.contrastRatio}:1, under ${d.expectedContrastRatio}`]
        : [];
    });
}

/**
 * stillFrames makes the page's animations and transitions end at once for the check (the
 * app's CSS honours reduced motion) and waits for the finite ones, so contrast is measured on the
 * colours a reader is left with: a toast whose time ran out during a check was measured half
 * faded (CI, 2026-11-29). Endless ones (a spinner, a skeleton's shimmer) are left alone.
 */
async function stillFrames(page: Page) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
}

/**
 * seriousViolations runs axe on the page and describes every serious or critical violation it finds.
 * In axe's legacy mode: the page's frames are checked from the page itself, not by a second, blank
 * page that axe's default mode opens to put their results together, which cost 1.3 s of 3.5 s a
 * check on a 2-core machine.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await stillFrames(page);
  const { violations, incomplete } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(" ")}  ${n.failureSummary ?? ""}`.trim()).join("\n    ")}`)
    .concat(measuredContrastFailures(incomplete));
}

/**
 * expectNoSeriousViolation runs axe on the page and lists every serious or critical violation it
 * finds, after what says where the page was checked (its width, say) when given.
 */
export async function expectNoSeriousViolation(page: Page, where?: string) {
  const serious = await seriousViolations(page);
  expect(serious, [...(where ? [where] : []), ...serious].join("\n")).toEqual([]);
}
