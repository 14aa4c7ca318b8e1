// Test helpers that read the repository's Go and SQL sources, so figures the web app states are
// held to the code that decides them; not part of the app.

/**
 * Node as the tests run in it (the app's own types leave Node out, so the two calls used are
 * typed here).
 */
const node = (
  globalThis as unknown as {
    process: { cwd(): string; getBuiltinModule(id: "node:fs"): { readFileSync(path: string, encoding: "utf8"): string } };
  }
).process;

/** source reads a file of the repository (the tests run in ui/). */
export function source(path: string): string {
  return node.getBuiltinModule("node:fs").readFileSync(`${node.cwd()}/../${path}`, "utf8");
}

/** goConst finds `name = value` in a Go file and returns the value's text. */
export function goConst(path: string, name: string): string {
  const match = new RegExp(`\\b${name}\\s*=\\s*([^\\n/]+)`).exec(source(path));
  if (!match) throw new Error(`${name} not found in ${path}`);
  return match[1].trim();
}

/**
 * goRule returns the fields of a gamification rule in internal/gamification/points.go
 * (`Name = Rule{Key: …, Points: 10, DailyCap: 10, …}`) as text, 0 for a number left out.
 */
export function goRule(name: string): { points: number; dailyCap: number } {
  const body = goConst("internal/gamification/points.go", name);
  const field = (f: string) => Number(new RegExp(`\\b${f}:\\s*(\\d+)`).exec(body)?.[1] ?? 0);
  return { points: field("Points"), dailyCap: field("DailyCap") };
}
