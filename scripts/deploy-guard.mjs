// `npm run deploy` runs this first (ADR 026): it reads both wrangler files as wrangler itself does
// (env "production") and refuses — exit code 1, naming each setting and where to set it — while a
// production value the Workers need is empty or still a placeholder. The rules are the Workers' own
// config schemas, applied by app/.server/tools/deploy-guard.ts (loaded through Vite, as it is
// TypeScript). Also `npm run deploy:guard` on its own.
//
// With --remote (as `npm run deploy` runs it, signed in to the account) it also asks the account
// where the D1 database is (`wrangler d1 info <name> --json`) and refuses one outside the EU
// jurisdiction (ADR 055); without it that step is skipped with a note, as it needs the account.
//
//   node scripts/deploy-guard.mjs [--app wrangler.toml] [--generator wrangler.generator.toml] [--remote] [--wrangler path]
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import { runnerImport } from "vite";
import { unstable_readConfig } from "wrangler";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: {
    app: { type: "string", default: "wrangler.toml" },
    generator: { type: "string", default: "wrangler.generator.toml" },
    remote: { type: "boolean", default: false },
    // The wrangler command asked for D1's location (tests put a stand-in here).
    wrangler: { type: "string", default: fileURLToPath(new URL("../node_modules/.bin/wrangler", import.meta.url)) },
  },
});

const read = (file) => ({ file, config: unstable_readConfig({ config: file, env: "production" }, { hideWarnings: true }) });
const { module: guard } = await runnerImport(fileURLToPath(new URL("../app/.server/tools/deploy-guard.ts", import.meta.url)), {
  root,
  configFile: false,
  logLevel: "silent",
});

const app = read(values.app);
const check = guard.checkDeployConfig({ app, generator: read(values.generator) });

/** D1's jurisdiction as the account reports it; only once the offline checks pass (the id is real then). */
async function d1Location() {
  const database = app.config.d1_databases.find(({ binding }) => binding === "DB");
  const args = ["d1", "info", database.database_name, "--json", "--env", "production", "-c", values.app];
  try {
    const { stdout } = await promisify(execFile)(values.wrangler, args, {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
    return guard.checkD1Location(values.app, database.database_id, guard.parseWranglerJson(stdout));
  } catch (error) {
    const said = String(error.stderr || error.message)
      .trim()
      .split("\n")
      .slice(-3)
      .join(" ");
    return [
      {
        file: values.app,
        setting: "d1_databases.DB (location)",
        message: `could not ask the account where the D1 database is: ${said}`,
        fix: "sign in with `npx wrangler login` (or set CLOUDFLARE_API_TOKEN) and run `npm run deploy` again",
      },
    ];
  }
}

let note = "D1's jurisdiction was not checked: it needs the account (`npm run deploy` runs this with --remote).";
if (check.problems.length === 0 && values.remote) {
  check.problems.push(...(await d1Location()));
  note = check.problems.length === 0 ? "D1: the account reports the database in the EU jurisdiction." : "";
}
const report = [guard.formatDeployCheck(check), note].filter(Boolean).join("\n\n");
if (check.problems.length > 0) {
  console.error(report);
  process.exit(1);
}
console.log(report);
