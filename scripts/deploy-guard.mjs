// `npm run deploy` runs this first (ADR 026): it reads both wrangler files as wrangler itself does
// (env "production") and refuses — exit code 1, naming each setting and where to set it — while a
// production value the Workers need is empty or still a placeholder. The rules are the Workers' own
// config schemas, applied by app/.server/config/deploy-guard.ts (loaded through Vite, as it is
// TypeScript). Also `npm run deploy:guard` on its own.
//
//   node scripts/deploy-guard.mjs [--app wrangler.toml] [--generator wrangler.generator.toml]
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runnerImport } from "vite";
import { unstable_readConfig } from "wrangler";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: {
    app: { type: "string", default: "wrangler.toml" },
    generator: { type: "string", default: "wrangler.generator.toml" },
  },
});

const read = (file) => ({ file, config: unstable_readConfig({ config: file, env: "production" }, { hideWarnings: true }) });
const { module: guard } = await runnerImport(fileURLToPath(new URL("../app/.server/config/deploy-guard.ts", import.meta.url)), {
  root,
  configFile: false,
  logLevel: "silent",
});

const check = guard.checkDeployConfig({ app: read(values.app), generator: read(values.generator) });
const report = guard.formatDeployCheck(check);
if (check.problems.length > 0) {
  console.error(report);
  process.exit(1);
}
console.log(report);
