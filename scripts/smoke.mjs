// `npm run smoke -- <url>`: the last step of every deploy (docs/DEPLOY.md, step 9; ADR 054). Signs the
// smoke-test account in with its session token, creates one ad with the photo
// tests/fixtures/photos/kaffeebecher.jpg through the deployed product, waits for it, checks it against
// the fact guard, deletes it and reports the generation's latency and the seller's wait. Exit code 0
// when everything passed, 1 with a line naming what failed. The steps are app/.server/tools/smoke.ts
// (TypeScript, loaded through Vite as scripts/deploy-guard.mjs loads its rules).
//
//   SMOKE_TOKEN=<session token> npm run smoke -- https://anzeigenpilot.de
//   SMOKE_TIMEOUT_S   seconds to wait for the ad (30–1800, default 600)
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const { module: smoke } = await runnerImport(fileURLToPath(new URL("../app/.server/tools/smoke.ts", import.meta.url)), {
  root,
  configFile: false,
  logLevel: "silent",
});

const { settings, problems } = smoke.readSmokeSettings({
  url: process.argv[2],
  token: process.env.SMOKE_TOKEN,
  timeoutSeconds: process.env.SMOKE_TIMEOUT_S,
});
if (!settings) {
  for (const problem of problems) console.error(`FAIL settings: ${problem}`);
  process.exit(1);
}

console.log(`smoke ${settings.url}`);
try {
  const photo = new Uint8Array(readFileSync(new URL(`../${smoke.SMOKE_PHOTO.path}`, import.meta.url)));
  const report = await smoke.runSmoke(settings, { photo, log: (line) => console.log(line) });
  console.log(smoke.formatSmokeReport(report));
} catch (error) {
  console.error(`FAIL ${error instanceof smoke.SmokeFailure ? error.message : (error?.stack ?? String(error))}`);
  process.exit(1);
}
