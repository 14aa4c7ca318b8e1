// Reads Lighthouse's JSON reports (one per page), prints a table of scores and Core Web Vitals
// and writes it, with the date, commit and machine, to docs/lighthouse.md.
// Usage: node report.mjs REPORT_DIR OUTPUT.md "name /path"...
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";

const [dir, output, ...pages] = process.argv.slice(2);

/** The goal of issue 12 for every page. */
const GOAL = { performance: 90, lcpSeconds: 2.5, cls: 0.1 };

const rows = pages.map((page) => {
  const [name, path] = page.split(" ");
  const report = JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8"));
  const score = (id) => Math.round(report.categories[id].score * 100);
  const value = (id) => report.audits[id].numericValue;
  return {
    name,
    path,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: value("largest-contentful-paint") / 1000,
    cls: value("cumulative-layout-shift"),
    tbt: value("total-blocking-time"),
    fcp: value("first-contentful-paint") / 1000,
    lighthouse: report.lighthouseVersion,
    chrome: report.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? "?",
  };
});

const meets = (r) => r.performance >= GOAL.performance && r.lcp <= GOAL.lcpSeconds && r.cls <= GOAL.cls;
const table = [
  "| page | path | performance | accessibility | best practices | SEO | LCP | CLS | TBT | FCP | goal |",
  "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ...rows.map(
    (r) =>
      `| ${r.name} | \`${r.path}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
      `${r.lcp.toFixed(2)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} ms | ${r.fcp.toFixed(2)} s | ${meets(r) ? "met" : "missed"} |`,
  ),
].join("\n");
console.log(table);

const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();
const commit = git("rev-parse", "--short", "HEAD") + (git("status", "--porcelain", "--untracked-files=no") ? " (with uncommitted changes)" : "");
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Lighthouse ${rows[0].lighthouse}, Chromium ${rows[0].chrome} headless, load average ${loadavg()[0].toFixed(1)} over the last minute and ${loadavg()[1].toFixed(1)} over 5 (Lighthouse's simulation scales the CPU time it observes: a busy machine lowers the scores)`;

writeFileSync(
  output,
  `# Lighthouse

Written by \`make lighthouse\` (tools/lighthouse): Lighthouse's mobile profile (simulated slow 4G and a
4× slower CPU) on the real server binary, a fresh database with the demo data, headless Chromium.
Issue 12's goal on every page: performance ≥ ${GOAL.performance}, LCP ≤ ${GOAL.lcpSeconds} s, CLS ≤ ${GOAL.cls}. This is a
recorded measurement, not a CI gate: on a shared machine scores move by a few points between runs.

- date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC
- commit: ${commit}
- machine: ${machine}

${table}
`,
);
console.log(`\nwritten to ${output}`);
