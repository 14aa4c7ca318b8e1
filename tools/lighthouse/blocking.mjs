// Usage: node tools/lighthouse/blocking.mjs RUNS PATH USER URL...
// Loads PATH (signed in as the demo USER, password rentproof-demo, or "none") on each server URL in
// turn, RUNS times, in Chromium with the CPU slowed 4× as Lighthouse's mobile profile does, and
// prints each load's blocking time (every main-thread task after the first contentful paint, less
// 50 ms, summed: Lighthouse's total blocking time, but measured on a throttled CPU rather than
// simulated) and its long tasks, then each server's median. The loads alternate between the
// servers, so two builds meet the same machine (README, Benchmarks › Page speed).
import { chromium } from "../../ui/node_modules/playwright-core/index.mjs";

const [runs, path, user, ...servers] = process.argv.slice(2);
if (!runs || !path || !user || servers.length === 0) {
  console.error("usage: node tools/lighthouse/blocking.mjs RUNS PATH USER URL...");
  process.exit(2);
}

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const results = new Map(servers.map((s) => [s, []]));
for (let run = 1; run <= Number(runs); run++) {
  for (const base of servers) {
    const { blocking, long } = await load(base);
    results.get(base).push(blocking);
    console.log(`${base} run ${run}: blocking ${blocking} ms, long tasks ${long.join(", ") || "none"} ms`);
  }
}
await browser.close();
for (const [base, times] of results) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`${base}: median blocking ${sorted[Math.floor(sorted.length / 2)]} ms (${times.join(", ")})`);
}

async function load(base) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (user !== "none") {
    const res = await context.request.post(`${base}/api/login`, { data: { username: user, password: "rentproof-demo" } });
    if (!res.ok()) throw new Error(`signing in ${user} at ${base}: ${res.status()}`);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const events = [];
  cdp.on("Tracing.dataCollected", (d) => events.push(...d.value));
  const complete = new Promise((done) => cdp.once("Tracing.tracingComplete", done));
  await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,loading", transferMode: "ReportEvents" });
  await page.goto(base + path, { waitUntil: "networkidle" });
  await page.waitForTimeout(1000);
  await cdp.send("Tracing.end");
  await complete;
  await context.close();

  // The page's main thread: the renderer thread that parsed its HTML.
  const parse = events.find((e) => e.name === "ParseHTML");
  const fcp = Math.min(...events.filter((e) => e.name === "firstContentfulPaint").map((e) => e.ts));
  const tasks = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.name === "RunTask" && e.ts > fcp);
  const blocking = Math.round(tasks.reduce((sum, t) => sum + Math.max(0, t.dur / 1000 - 50), 0));
  const long = tasks.filter((t) => t.dur > 50_000).map((t) => Math.round(t.dur / 1000));
  return { blocking, long };
}
