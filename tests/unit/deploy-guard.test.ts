// The deploy guard (`npm run deploy` runs scripts/deploy-guard.mjs first; ADR 026): it refuses the
// committed configuration, whose production values are placeholders, and lets a filled-in copy
// through. Both wrangler files are read with wrangler's own reader, as `wrangler deploy` reads them.
import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { unstable_readConfig } from "wrangler";
import { afterAll, describe, expect, it } from "vitest";
import { checkD1Location, checkDeployConfig, parseWranglerJson, sharedSettings } from "~/.server/tools/deploy-guard";

const run = promisify(execFile);
const PLACEHOLDER_D1_ID = "00000000-0000-4000-8000-0000000000d1";

const read = (file: string) => ({ file, config: unstable_readConfig({ config: file, env: "production" }, { hideWarnings: true }) });

/** The values an operator fills in by following docs/DEPLOY.md (steps 3, 5 and 7). */
const OPERATOR_VALUES: Record<string, string> = {
  STRIPE_PUBLISHABLE_KEY: "pk_live_51AnzeigenPilot",
  STRIPE_PRICE_WEEKLY: "price_1Weekly",
  CLOUDFLARE_ZONE_ID: "0123456789abcdef0123456789abcdef",
  OPERATOR_NAME: "Beispiel GmbH",
  OPERATOR_ADDRESS: "Musterstraße 1, 10115 Berlin",
  OPERATOR_EMAIL: "kontakt@anzeigenpilot.de",
};
const REAL_D1_ID = "5f0d2c1e-8b7a-4c3d-9e6f-1a2b3c4d5e6f";

function fillIn(toml: string) {
  let filled = toml.replaceAll(PLACEHOLDER_D1_ID, REAL_D1_ID);
  for (const [key, value] of Object.entries(OPERATOR_VALUES))
    filled = filled.replace(new RegExp(`^${key} = ""$`, "m"), `${key} = "${value}"`);
  return filled;
}

const dir = mkdtempSync(join(tmpdir(), "deploy-guard-"));
const filled = { app: join(dir, "wrangler.toml"), generator: join(dir, "wrangler.generator.toml") };
writeFileSync(filled.app, fillIn(readFileSync("wrangler.toml", "utf8")));
writeFileSync(filled.generator, fillIn(readFileSync("wrangler.generator.toml", "utf8")));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of a resolved config with other production vars (`undefined` removes one). */
function withVars(worker: ReturnType<typeof read>, vars: Record<string, string | undefined>) {
  const merged = Object.fromEntries(
    Object.entries({ ...worker.config.vars, ...vars }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return { file: worker.file, config: { ...worker.config, vars: merged } };
}

/** A stand-in for `wrangler` that answers `d1 info … --json` as the D1 API does (the process boundary). */
function fakeWrangler(answer: Record<string, unknown>) {
  const file = join(dir, `wrangler-${crypto.randomUUID()}.mjs`);
  writeFileSync(
    file,
    `#!/usr/bin/env node
const args = process.argv.slice(2);
if (args.slice(0, 2).join(" ") !== "d1 info" || !args.includes("--json") || args[args.indexOf("--env") + 1] !== "production") {
  console.error("unexpected arguments: " + args.join(" "));
  process.exit(2);
}
console.log(${JSON.stringify(JSON.stringify(answer))});
`,
  );
  chmodSync(file, 0o755);
  return file;
}

describe("deploy guard", () => {
  it("runs before anything of `npm run deploy` is built or deployed", () => {
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(scripts["deploy:guard"]).toBe("node scripts/deploy-guard.mjs");
    // … and asks the account where the D1 database is (ADR 055).
    expect(scripts.deploy.split(" && ")[0]).toBe("npm run deploy:guard -- --remote");
  });

  it("refuses the committed configuration, naming each empty required value and its file", () => {
    const check = checkDeployConfig({ app: read("wrangler.toml"), generator: read("wrangler.generator.toml") });
    expect(check.problems.map(({ file, setting }) => `${file}: ${setting}`).sort()).toEqual(
      [
        ...Object.keys(OPERATOR_VALUES).map((key) => `wrangler.toml: ${key}`),
        "wrangler.toml: d1_databases.DB.database_id",
        "wrangler.generator.toml: d1_databases.DB.database_id",
      ].sort(),
    );
    expect(check.problems.find(({ setting }) => setting === "OPERATOR_NAME")).toMatchObject({
      message: "OPERATOR_NAME is required in production (Impressum)",
      fix: "set it in [env.production.vars] of wrangler.toml",
    });
  });

  it("lets a filled-in copy through and lists what stays optional and which secrets to set", () => {
    const check = checkDeployConfig({ app: read(filled.app), generator: read(filled.generator) });
    expect(check.problems).toEqual([]);
    expect(check.emptyOptional.map(({ setting }) => setting)).toContain("OPERATOR_VAT_ID");
    const app = check.secrets.find(({ worker }) => worker === "app");
    expect(app?.required).toEqual(
      expect.arrayContaining(["SESSION_SECRET", "MAIL_API_KEY", "STRIPE_WEBHOOK_SECRET", "CLOUDFLARE_CACHE_PURGE_TOKEN"]),
    );
    expect(app?.required).not.toContain("DOCS_PASSWORD");
    // With Workers AI the generator needs only the mail key (its cron's price-cut reminders, ADR 037);
    // eBay's secrets only once EBAY_CLIENT_ID is set.
    expect(check.secrets.find(({ worker }) => worker === "generator")?.required).toEqual(["MAIL_API_KEY"]);
    // Dealer access to Kleinanzeigen is optional: without a client id no secret is needed (ADR 038).
    expect(check.emptyOptional.map(({ setting }) => setting)).toContain("KLEINANZEIGEN_CLIENT_ID");
    expect(app?.required).not.toContain("KLEINANZEIGEN_CLIENT_SECRET");
  });

  it("refuses two Workers that name different D1 databases", () => {
    const generator = read(filled.generator);
    const other = {
      ...generator.config,
      d1_databases: generator.config.d1_databases.map((database: { binding: string }) => ({
        ...database,
        database_id: "6a1e3d2f-9c8b-4d4e-8f7a-2b3c4d5e6f70",
      })),
    };
    const check = checkDeployConfig({ app: read(filled.app), generator: { file: filled.generator, config: other } });
    expect(check.problems.map(({ setting, message }) => [setting, message])).toEqual([
      ["d1_databases.DB.database_id", expect.stringContaining("different D1 databases")],
    ]);
  });

  it("refuses a setting both Workers read when the files declare it differently or in one file only", () => {
    expect(sharedSettings().vars).toEqual(
      expect.arrayContaining(["EBAY_CLIENT_ID", "EBAY_RU_NAME", "KLEINANZEIGEN_CLIENT_ID", "PUBLIC_BASE_URL"]),
    );
    expect(sharedSettings().secrets).toEqual(expect.arrayContaining(["TOKEN_ENCRYPTION_KEY", "EBAY_CLIENT_SECRET"]));
    const app = withVars(read(filled.app), { KLEINANZEIGEN_CLIENT_ID: "haendler-123" });
    const generator = withVars(read(filled.generator), { KLEINANZEIGEN_CLIENT_ID: "haendler-124", EBAY_ENVIRONMENT: undefined });
    const check = checkDeployConfig({ app, generator });
    expect(check.problems.map(({ setting, message }) => [setting, message])).toEqual([
      [
        "KLEINANZEIGEN_CLIENT_ID",
        `KLEINANZEIGEN_CLIENT_ID differs between the Workers, which both read it: "haendler-123" in ${filled.app}, "haendler-124" in ${filled.generator}`,
      ],
      [
        "EBAY_ENVIRONMENT",
        `EBAY_ENVIRONMENT differs between the Workers, which both read it: "production" in ${filled.app}, not declared in ${filled.generator}`,
      ],
    ]);
  });

  it("refuses photos or runners outside the EU jurisdiction", () => {
    const app = read(filled.app);
    const bucketWithoutJurisdiction = {
      ...app,
      config: {
        ...app.config,
        r2_buckets: app.config.r2_buckets.map(({ jurisdiction: _eu, ...bucket }: { jurisdiction?: string }) => bucket),
      },
    };
    const check = checkDeployConfig({
      app: bucketWithoutJurisdiction,
      generator: withVars(read(filled.generator), { RUNNER_JURISDICTION: undefined }),
    });
    expect(check.problems.map(({ file, setting }) => `${file}: ${setting}`)).toEqual([
      `${filled.app}: r2_buckets.PHOTOS.jurisdiction`,
      `${filled.generator}: RUNNER_JURISDICTION`,
    ]);
  });

  it("reads D1's location from `wrangler d1 info --json` and refuses a database outside the EU jurisdiction", () => {
    const info = { uuid: REAL_D1_ID, name: "anzeigenpilot", created_at: "2026-11-01T10:00:00.000Z", num_tables: 13, database_size: 77824 };
    expect(checkD1Location("wrangler.toml", REAL_D1_ID, { ...info, jurisdiction: "eu" })).toEqual([]);
    // Created with only a location hint (or none): the API answers jurisdiction null.
    expect(checkD1Location("wrangler.toml", REAL_D1_ID, { ...info, jurisdiction: null })).toEqual([
      expect.objectContaining({
        message: "the D1 database anzeigenpilot is not in the EU jurisdiction (the account reports none)",
        fix: expect.stringContaining("npx wrangler d1 create anzeigenpilot --jurisdiction eu"),
      }),
    ]);
    expect(checkD1Location("wrangler.toml", REAL_D1_ID, { ...info, jurisdiction: "fedramp" })[0].message).toContain('reports "fedramp"');
    expect(
      checkD1Location("wrangler.toml", REAL_D1_ID, { ...info, uuid: "6a1e3d2f-9c8b-4d4e-8f7a-2b3c4d5e6f70", jurisdiction: "eu" })[0]
        .message,
    ).toContain(`the wrangler files name ${REAL_D1_ID}`);
    expect(checkD1Location("wrangler.toml", REAL_D1_ID, null)[0].message).toContain("gave no database object");
    // wrangler's output around the JSON (a warning line) is ignored.
    expect(parseWranglerJson(`▲ [WARNING] something\n${JSON.stringify(info, null, 2)}\n`)).toEqual(info);
    expect(parseWranglerJson("not json")).toBeNull();
  });

  it("with --remote asks the account for D1's location: exit code 1 outside the EU, 0 inside", async () => {
    const args = ["scripts/deploy-guard.mjs", "--app", filled.app, "--generator", filled.generator, "--remote", "--wrangler"];
    const info = { uuid: REAL_D1_ID, name: "anzeigenpilot" };
    const [outside, inside] = await Promise.all([
      run("node", [...args, fakeWrangler({ ...info, jurisdiction: null })]).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      ),
      run("node", [...args, fakeWrangler({ ...info, jurisdiction: "eu" })]),
    ]);
    expect(outside?.code).toBe(1);
    expect(outside?.stderr).toContain("the D1 database anzeigenpilot is not in the EU jurisdiction (the account reports none)");
    expect(inside.stdout).toContain("D1: the account reports the database in the EU jurisdiction.");
  }, 120_000);

  it("as `npm run deploy:guard`: exit code 1 with the settings named, 0 once filled in", async () => {
    const [refused, passed] = await Promise.all([
      run("node", ["scripts/deploy-guard.mjs"]).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      ),
      run("node", ["scripts/deploy-guard.mjs", "--app", filled.app, "--generator", filled.generator]),
    ]);
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain("Deploy refused: 8 production settings");
    expect(refused?.stderr).toContain("wrangler.toml: OPERATOR_ADDRESS is required in production (Impressum)");
    expect(refused?.stderr).toContain(`still the placeholder ${PLACEHOLDER_D1_ID}`);

    expect(passed.stdout).toContain("every required production value is filled in");
    expect(passed.stdout).toContain("npx wrangler secret put NAME --env production");
    // Without --remote the account is not asked, and the guard says so.
    expect(passed.stdout).toContain("D1's jurisdiction was not checked: it needs the account");
  }, 120_000); // two Node processes that each start Vite, on a machine that may be busy
});
