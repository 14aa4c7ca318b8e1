import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** Lines of each failure's message kept: enough for axe's list of violations. */
const LINES = 25;

/** Terminal colours, which make no sense in a log. */
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/**
 * FailureSummary prints, as the run's very last lines, each failed test's title and the start
 * of its error, so a log cut to its tail (CI keeps only the end) still says what failed and why:
 * the list reporter's own account puts the message above a code frame and a stack.
 */
export default class FailureSummary implements Reporter {
  private failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "passed" || result.status === "skipped" || result.status === test.expectedStatus) return;
    const message = result.errors
      .map((e) => e.message ?? e.value ?? "")
      .join("\n")
      .replace(COLOURS, "")
      .split("\n")
      .slice(0, LINES)
      .map((line) => `    ${line}`)
      .join("\n");
    this.failures.push(`  ${test.titlePath().filter(Boolean).join(" › ")}\n${message}`);
  }

  onEnd() {
    if (this.failures.length) console.log(`\nFailed, in brief:\n${this.failures.join("\n")}`);
  }

  printsToStdio() {
    return true;
  }
}
