// The project's scripts run on the Node.js pinned as a devDependency, not on the machine's own
// (ADR 002): npm puts node_modules/.bin first on PATH, so the test runner, its workers and every
// `node`/`npx` they start use that Node, and wrangler is the pinned release.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { devDependencies: Record<string, string> };

const major = (version: string) => Number(/^v?(\d+)\./.exec(version)?.[1]);

describe("the toolchain the scripts run on", () => {
  it("runs the tests on Node 22 or newer, the pinned devDependency", () => {
    expect(major(process.version)).toBeGreaterThanOrEqual(22);
    expect(process.version).toBe(`v${pkg.devDependencies.node}`);
  });

  it("starts the same Node for a child `node` found on PATH (as scripts/start.mjs and Playwright do)", () => {
    const child = execFileSync("node", ["-p", "process.version"], { encoding: "utf8" }).trim();
    expect(child).toBe(`v${pkg.devDependencies.node}`);
  });

  it("runs the pinned wrangler through npx", { timeout: 60_000 }, () => {
    const output = execFileSync("npx", ["wrangler", "--version"], {
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
    expect(output.trim().split("\n").at(-1)).toBe(pkg.devDependencies.wrangler);
  });
});
