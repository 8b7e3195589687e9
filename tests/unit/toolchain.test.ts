// The project's scripts run on the Node.js pinned as a devDependency, not on the machine's own
// (ADR 002): npm puts node_modules/.bin first on PATH, so the test runner, its workers and every
// `node`/`npx` they start use that Node, and wrangler is the pinned release, a current one.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { devDependencies: Record<string, string> };
const adr = readFileSync("docs/decisions/002-toolchain.md", "utf8");

const major = (version: string) => Number(/^v?(\d+)\./.exec(version)?.[1]);
const DAY_MS = 24 * 60 * 60 * 1000;

describe("the toolchain the scripts run on", () => {
  it("runs the tests on Node 22 or newer, the pinned devDependency", () => {
    expect(major(process.version)).toBeGreaterThanOrEqual(22);
    expect(process.version).toBe(`v${pkg.devDependencies.node}`);
  });

  it("starts the same Node for a child `node -p process.version` found on PATH (as scripts/start.mjs and Playwright do)", () => {
    const child = execFileSync("node", ["-p", "process.version"], { encoding: "utf8" }).trim();
    expect(major(child)).toBeGreaterThanOrEqual(22);
    expect(child).toBe(`v${pkg.devDependencies.node}`);
  });

  it("runs the pinned wrangler through npx", { timeout: 60_000 }, () => {
    const output = execFileSync("npx", ["wrangler", "--version"], {
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
    expect(output.trim().split("\n").at(-1)).toBe(pkg.devDependencies.wrangler);
  });

  it("pins a wrangler released within two months before the pins were chosen, as ADR 002 records", () => {
    const chosen = /chosen on (\d{4}-\d{2}-\d{2})/.exec(adr)?.[1];
    const released = new RegExp(`\`wrangler@${pkg.devDependencies.wrangler.replaceAll(".", "\\.")}\` \\((\\d{4}-\\d{2}-\\d{2})\\)`).exec(
      adr,
    )?.[1];
    expect(chosen, "ADR 002 says when the pins were chosen").toBeDefined();
    expect(released, "ADR 002 names the pinned wrangler and its release date").toBeDefined();
    const age = Date.parse(chosen!) - Date.parse(released!);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThanOrEqual(61 * DAY_MS);
  });
});
