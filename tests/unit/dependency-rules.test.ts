// The folder rules of `npm run check:dependencies` (.dependency-cruiser.cjs, ADR 059), run by the real
// checker with the real rule file on a small tree shaped like the repository's: a tree that keeps the
// rules passes, and each forbidden import fails the check with the rule it breaks.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const depcruise = join(root, "node_modules", "dependency-cruiser", "bin", "dependency-cruiser.mjs");
/** The arguments `npm run check:dependencies` passes, with its files named from the repository's root. */
const script: string = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts["check:dependencies"];
const ARGS = script
  .split(" ")
  .slice(1)
  .map((arg) => (arg.startsWith(".dependency-cruiser") ? join(root, arg) : arg));

/** Both Workers' entries, each zone of app/.server, a page, its shell, a feature's component, a UI primitive and a browser-only module — every import allowed. */
const ALLOWED: Record<string, string> = {
  "tsconfig.base.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] } } }),
  "workers/app.ts": 'import { app } from "../app/.server/app-worker/worker-app";\nexport default app;\n',
  "workers/generator.ts": 'import { run } from "../app/.server/generator/housekeeping";\nexport default run;\n',
  "app/.server/app-worker/worker-app.ts": 'import { ROUTES } from "./api/ebay";\nexport const app = ROUTES;\n',
  "app/.server/app-worker/endpoint/endpoint.ts": 'import type { Db } from "../../db/client";\nexport const endpoint = (db: Db) => db;\n',
  "app/.server/app-worker/api/ebay.ts":
    'import { endpoint } from "../endpoint/endpoint";\nimport { connect } from "../ebay/connect";\nimport { publish } from "../../ebay/publish";\n' +
    "export const ROUTES = [endpoint, connect, publish];\n",
  "app/.server/app-worker/ebay/connect.ts": 'import { getDb } from "../../db/client";\nexport const connect = getDb;\n',
  "app/.server/ebay/publish.ts": 'import { getDb } from "../db/client";\nexport const publish = getDb;\n',
  "app/.server/db/client.ts": "export type Db = { name: string };\nexport const getDb = (): Db => ({ name: 'd1' });\n",
  "app/.server/generator/housekeeping.ts": 'import { publish } from "../ebay/publish";\nexport const run = publish;\n',
  "app/routes/_index.tsx":
    'import { getDb } from "~/.server/db/client";\nimport { Page } from "~/components/dashboard/page";\nexport const loader = getDb;\nexport default Page;\n',
  "app/components/dashboard/page.tsx": 'import { Card } from "../ads/card";\nexport const Page = () => Card();\n',
  "app/components/ads/card.tsx":
    'import { label } from "~/lib/format";\nimport { token } from "~/browser/auth-token";\nimport { button } from "../ui/button";\nexport const Card = () => button + label + token();\n',
  "app/components/ui/button.tsx": 'export const button = "Speichern";\n',
  "app/browser/auth-token.ts": 'import { label } from "~/lib/format";\nexport const token = () => localStorage.getItem(label) ?? "";\n',
  "app/lib/format.ts": 'export const label = "5 €";\n',
};

let fixture: string | undefined;
afterEach(() => {
  if (fixture) rmSync(fixture, { recursive: true, force: true });
  fixture = undefined;
});

/** Runs the checker over a fixture tree: the allowed tree with `changes` written over it. */
function check(changes: Record<string, string> = {}) {
  fixture = mkdtempSync(join(tmpdir(), "dependency-rules-"));
  for (const [path, text] of Object.entries({ ...ALLOWED, ...changes })) {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  }
  return cruise(fixture, ARGS);
}

function cruise(cwd: string, args: string[]) {
  const run = spawnSync(process.execPath, [depcruise, ...args], { cwd, encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

/** The violations the checker names: "rule: from → to" (a cycle by its first step; it prints one step a line). */
function violations(output: string): string[] {
  return [...output.replace(/\s*→\s*/g, " → ").matchAll(/error ([a-z-]+): (\S+)(?: → (\S+))?/g)]
    .map((match) => `${match[1]}: ${match[2]}${match[3] ? ` → ${match[3]}` : ""}`)
    .sort();
}

describe("folder rules (npm run check:dependencies)", { timeout: 30_000 }, () => {
  it("pass a tree where each Worker imports only its own and the shared folders", () => {
    const result = check();
    expect(violations(result.output)).toEqual([]);
    expect(result.status, result.output).toBe(0);
  });

  it("fail when shared code imports the generator's code", () => {
    const result = check({
      "app/.server/db/client.ts":
        'import { run } from "../generator/housekeeping";\nexport type Db = { name: string };\nexport const getDb = () => run;\n',
    });
    expect(result.status).not.toBe(0);
    expect(violations(result.output)).toEqual(
      expect.arrayContaining([
        "generator-code-stays-in-the-generator: app/.server/db/client.ts → app/.server/generator/housekeeping.ts",
        "shared-code-imports-no-worker-code: app/.server/db/client.ts → app/.server/generator/housekeeping.ts",
      ]),
    );
  });

  it("fail when generator/ holds a file the generator never runs", () => {
    const result = check({ "app/.server/generator/leftover.ts": "export const unused = 1;\n" });
    expect(result.status).not.toBe(0);
    expect(violations(result.output)).toEqual(["generator-folder-is-what-the-generator-runs: app/.server/generator/leftover.ts"]);
  });

  it("fail when the generator reaches app-only code, even through a shared folder", () => {
    const result = check({
      "app/.server/generator/housekeeping.ts": 'import { ROUTES } from "../app-worker/api/ebay";\nexport const run = ROUTES;\n',
    });
    expect(result.status).not.toBe(0);
    expect(violations(result.output)).toContain("generator-reaches-no-app-code: workers/generator.ts → app/.server/app-worker/api/ebay.ts");
    expect(violations(result.output)).toContain(
      "generator-reaches-no-app-code: workers/generator.ts → app/.server/app-worker/endpoint/endpoint.ts",
    );
  });

  it("fail when a shared module imports the app's configuration", () => {
    const result = check({
      "app/.server/app-worker/env.ts": "export const getConfig = () => ({});\n",
      "app/.server/ebay/publish.ts": 'import { getConfig } from "../app-worker/env";\nexport const publish = getConfig;\n',
    });
    expect(result.status).not.toBe(0);
    expect(violations(result.output)).toContain(
      "shared-code-imports-no-worker-code: app/.server/ebay/publish.ts → app/.server/app-worker/env.ts",
    );
    expect(violations(result.output)).toContain("generator-reaches-no-app-code: workers/generator.ts → app/.server/app-worker/env.ts");
  });

  it("fail when a shared folder holds a file only the app Worker runs", () => {
    const result = check({
      "app/.server/app-worker/ebay/connect.ts":
        'import { getDb } from "../../db/client";\nimport { oauth } from "../../ebay/oauth";\nexport const connect = [getDb, oauth];\n',
      "app/.server/ebay/oauth.ts": 'import { getDb } from "../db/client";\nexport const oauth = getDb;\n',
    });
    expect(result.status).not.toBe(0);
    expect(violations(result.output)).toEqual(["shared-code-is-what-the-generator-runs: app/.server/ebay/oauth.ts"]);
  });

  it("fail when app-worker/ holds a file the app Worker never runs", () => {
    const result = check({ "app/.server/app-worker/ebay/leftover.ts": "export const unused = 1;\n" });
    expect(result.status).not.toBe(0);
    expect(violations(result.output)).toEqual(["app-folder-is-what-the-app-runs: app/.server/app-worker/ebay/leftover.ts"]);
  });

  it("fail when two folders import each other, though no file cycle exists", () => {
    const result = check({
      "app/.server/db/client.ts":
        'import { hex } from "../crypto/hex";\nexport type Db = { name: string };\nexport const getDb = (): Db => ({ name: hex });\n',
      "app/.server/crypto/hex.ts": 'export const hex = "d1";\n',
      "app/.server/crypto/tokens.ts": 'import type { Db } from "../db/client";\nexport const token = (db: Db) => db.name;\n',
      "app/.server/ebay/publish.ts":
        'import { getDb } from "../db/client";\nimport { token } from "../crypto/tokens";\nexport const publish = () => token(getDb());\n',
    });
    expect(result.status).not.toBe(0);
    // Each folder on the loop is named once.
    expect(violations(result.output)).toEqual([
      "no-folder-cycle: app/.server/crypto → app/.server/db",
      "no-folder-cycle: app/.server/db → app/.server/crypto",
    ]);
  });

  it("fail when the app Worker imports generator code", () => {
    const result = check({
      "app/.server/app-worker/worker-app.ts": 'import { run } from "../generator/housekeeping";\nexport const app = run;\n',
    });
    expect(result.status).not.toBe(0);
    expect(violations(result.output)).toEqual(
      expect.arrayContaining([
        "generator-code-stays-in-the-generator: app/.server/app-worker/worker-app.ts → app/.server/generator/housekeeping.ts",
        "app-entries-reach-no-generator-code: workers/app.ts → app/.server/generator/housekeeping.ts",
      ]),
    );
  });

  it("fail when browser code imports server code, a type included", () => {
    const result = check({
      "app/components/ads/card.tsx": 'import type { Db } from "~/.server/db/client";\nexport const Card = (db: Db) => db.name;\n',
    });
    expect(result.status).not.toBe(0);
    expect(violations(result.output)).toEqual([
      "browser-code-imports-no-server-code: app/components/ads/card.tsx → app/.server/db/client.ts",
    ]);
  });

  it("fail when code a Worker runs imports browser-only code", () => {
    const result = check({
      "app/lib/format.ts": 'import { token } from "~/browser/auth-token";\nexport const label = `5 € ${token()}`;\n',
    });
    expect(result.status).not.toBe(0);
    expect(violations(result.output)).toContain("browser-only-code-stays-in-the-browser: app/lib/format.ts → app/browser/auth-token.ts");
  });

  it("fail when a feature's components import a page's shell, or a UI primitive a feature", () => {
    const result = check({
      "app/components/ads/card.tsx": 'import { Page } from "../dashboard/page";\nexport const Card = () => Page;\n',
      "app/components/ui/button.tsx": 'import { Card } from "../ads/card";\nexport const button = Card;\n',
    });
    expect(result.status).not.toBe(0);
    expect(violations(result.output)).toEqual(
      expect.arrayContaining([
        "features-import-no-page-shell: app/components/ads/card.tsx → app/components/dashboard/page.tsx",
        "ui-parts-import-no-feature: app/components/ui/button.tsx → app/components/ads/card.tsx",
      ]),
    );
  });

  it("hold on this repository", { timeout: 120_000 }, () => {
    expect(ARGS.slice(0, 2)).toEqual(["app", "workers"]);
    const result = cruise(root, ARGS);
    expect(violations(result.output)).toEqual([]);
    expect(result.status, result.output).toBe(0);
  });

  it("fail on an import cycle", () => {
    const result = check({
      "app/.server/db/client.ts":
        'import { publish } from "../ebay/publish";\nexport type Db = { name: string };\nexport const getDb = () => publish;\n',
    });
    expect(result.status).not.toBe(0);
    expect(violations(result.output)).toContain("no-circular: app/.server/db/client.ts → app/.server/ebay/publish.ts");
  });
});
