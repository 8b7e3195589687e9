// `npm start`: build, apply the D1 migrations locally, then run the app and the generator Worker
// in one local workerd session (shared D1, R2 and queue). PORT, HOST and PERSIST_TO are honoured;
// SKIP_BUILD=1 reuses the last build. Local fakes of the marketplaces' APIs run beside it, and both
// Workers are pointed at them: eBay (fakes/ebay.mjs, ADR 036) on FAKE_EBAY_PORT (default PORT+10;
// FAKE_EBAY=off runs without eBay) and Kleinanzeigen's gateway for dealers (fakes/kleinanzeigen.mjs,
// ADR 038) on KLEINANZEIGEN_FAKE_PORT (default PORT+20; KLEINANZEIGEN_FAKE=0 leaves it off) — clear
// of the e2e pair of servers on PORT and PORT+1 and of each other's fakes.
// HOST other than loopback (e.g. 0.0.0.0 for a phone on the same network): a local front listens
// there and wrangler dev on 127.0.0.1 behind it, so the Worker knows each client's real address
// (scripts/local-front.mjs); /dev/*, demo sign-in and the docs password then serve only this
// machine (ADR 067). The Worker learns where this server listens from LOCAL_BIND_HOST
// (app/.server/app-worker/endpoint/local-peer.ts, ADR 056).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FAKE_EBAY_CLIENT_ID, FAKE_EBAY_CLIENT_SECRET, FAKE_EBAY_RU_NAME, startFakeEbay } from "../fakes/ebay.mjs";
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, startFakeKleinanzeigen } from "../fakes/kleinanzeigen.mjs";
import { freeLoopbackPort, isLoopbackHost, startLocalFront } from "./local-front.mjs";

const port = process.env.PORT ?? "8787";
const publicBaseUrl = process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
const persistTo = process.env.PERSIST_TO ?? ".wrangler/state";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Every migration in one SQL file, each followed by its row in `d1_migrations`, exactly as
 * `wrangler d1 migrations apply` writes them (wrangler-dist: getCreateMigrationsTableQuery,
 * buildMigrationQuery): one `wrangler d1 execute` for an empty state, about 3 s, where `migrations
 * apply` starts the local database once per migration (17 s for twenty). The schema and the
 * migration rows are the same; `migrations apply` on a later start finds nothing left to apply.
 */
function allMigrationsFile() {
  const names = readdirSync("migrations")
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const table = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;
  const migrations = names.map(
    (name) =>
      `${readFileSync(join("migrations", name), "utf8")}\nINSERT INTO "d1_migrations" (name)\nvalues ('${name.replace(/'/g, "''")}');`,
  );
  const file = join(persistTo, "all-migrations.sql");
  mkdirSync(persistTo, { recursive: true });
  writeFileSync(file, [table, ...migrations].join("\n"));
  return file;
}

// --fresh starts from an empty local state (used by the end-to-end tests and the benchmarks).
if (process.argv.includes("--fresh")) rmSync(persistTo, { recursive: true, force: true });
if (process.env.SKIP_BUILD !== "1") run("npx", ["remix", "vite:build"]);
if (existsSync(persistTo)) run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
else run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", allMigrationsFile()]);

// The fake gateway lives in this process; its settings reach the app via --var and the generator
// through its generated configuration (generatorConfig below).
const kleinanzeigenVars = [];
if (process.env.KLEINANZEIGEN_FAKE !== "0") {
  const fake = await startFakeKleinanzeigen({ port: Number(process.env.KLEINANZEIGEN_FAKE_PORT ?? Number(port) + 20) });
  kleinanzeigenVars.push(
    `KLEINANZEIGEN_API_URL:${fake.url}`,
    `KLEINANZEIGEN_CLIENT_ID:${FAKE_CLIENT_ID}`,
    `KLEINANZEIGEN_CLIENT_SECRET:${FAKE_CLIENT_SECRET}`,
  );
  console.log(`Fake Kleinanzeigen gateway on ${fake.url}`);
}

// The fake eBay on its own port; its consent page sends the browser back to this app's callback.
// A fixed local AES key: the tokens it protects are the fake's (production sets a secret).
const LOCAL_TOKEN_KEY = "bG9jYWwtYW56ZWlnZW5waWxvdC10b2tlbi1rZXktMzI=";
let ebayVars = [];
// eBay's account-deletion endpoint (ADR 049), the app Worker only: the fake's control
// POST /__control/account-deletion?token=…&deliverTo=<this endpoint> sends it a signed notification.
let ebayDeletionVars = [];
if (process.env.FAKE_EBAY !== "off") {
  const { port: ebayPort } = await startFakeEbay({
    port: Number(process.env.FAKE_EBAY_PORT ?? Number(port) + 10),
    acceptUrl: `${publicBaseUrl}/api/ebay/callback`,
  });
  const ebayUrl = `http://127.0.0.1:${ebayPort}`;
  ebayVars = [
    `EBAY_CLIENT_ID:${FAKE_EBAY_CLIENT_ID}`,
    `EBAY_CLIENT_SECRET:${FAKE_EBAY_CLIENT_SECRET}`,
    `EBAY_RU_NAME:${FAKE_EBAY_RU_NAME}`,
    `EBAY_API_URL:${ebayUrl}`,
    `EBAY_AUTH_URL:${ebayUrl}`,
    `TOKEN_ENCRYPTION_KEY:${LOCAL_TOKEN_KEY}`,
  ];
  ebayDeletionVars = [
    `EBAY_DELETION_ENDPOINT:${publicBaseUrl}/api/ebay/account-deletion`,
    "EBAY_DELETION_VERIFICATION_TOKEN:local-verification-token-of-the-fake-ebay",
  ];
  console.log(`fake eBay on ${ebayUrl}`);
}

// `--var` reaches only the first Worker. GENERATOR_VARS ("KEY:value KEY2:value2") sets local vars
// of the generator Worker (e.g. the AI adapter for npm run bench:ai) through a generated copy of
// its configuration next to the original, so its relative paths stay valid. The eBay settings and
// the public address (for the price cuts of its cron) are passed the same way.
function generatorConfig() {
  const pairs = [
    ...kleinanzeigenVars,
    ...ebayVars,
    `PUBLIC_BASE_URL:${publicBaseUrl}`,
    ...(process.env.GENERATOR_VARS ?? "").split(" ").filter(Boolean),
  ];
  // A key given twice: the later one (GENERATOR_VARS) wins.
  const overrides = [
    ...new Map(
      pairs.map((pair) => {
        const index = pair.indexOf(":");
        return [pair.slice(0, index), pair.slice(index + 1)];
      }),
    ).entries(),
  ];
  const keys = new Set(overrides.map(([key]) => key));
  const lines = readFileSync("wrangler.generator.toml", "utf8").split("\n");
  const start = lines.indexOf("[vars]");
  let end = start + 1;
  while (end < lines.length && !lines[end].startsWith("[")) end++;
  const kept = lines.slice(start + 1, end).filter((line) => !keys.has(line.split("=")[0].trim()));
  const vars = overrides.map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
  // One file per port: the e2e tests start two servers at once, each with its own vars.
  const file = `.wrangler.generator.override-${port}.toml`;
  writeFileSync(file, [...lines.slice(0, start + 1), ...vars, ...kept, ...lines.slice(end)].join("\n"));
  return file;
}

// Where clients connect: wrangler dev itself on loopback, else the local front before it.
const host = process.env.HOST ?? "localhost";
const localPeerVars = [`LOCAL_BIND_HOST:${host}`];
let wranglerHost = host;
let wranglerPort = port;
if (!isLoopbackHost(host)) {
  wranglerHost = "127.0.0.1";
  wranglerPort = String(await freeLoopbackPort());
  const front = await startLocalFront({ host, port: Number(port), targetPort: Number(wranglerPort) });
  localPeerVars.push(`LOCAL_PEER_PROOF:${front.proof}`);
  console.log(
    `Local front on ${host}:${port} (wrangler dev on 127.0.0.1:${wranglerPort}); /dev/*, demo sign-in and the docs password serve this machine only`,
  );
}

const dev = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    // `npm run bench` only: another entry for the app Worker (bench/edge-cache-in-memory.ts).
    ...(process.env.APP_MAIN ? [process.env.APP_MAIN] : []),
    "-c",
    "wrangler.toml",
    "-c",
    generatorConfig(),
    "--port",
    wranglerPort,
    "--ip",
    wranglerHost,
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
    ...(process.env.INSPECTOR_PORT ? ["--inspector-port", process.env.INSPECTOR_PORT] : []),
    // Links in mails point at this server, whatever port it runs on.
    "--var",
    `PUBLIC_BASE_URL:${publicBaseUrl}`,
    ...kleinanzeigenVars.flatMap((v) => ["--var", v]),
    ...ebayVars.flatMap((v) => ["--var", v]),
    ...ebayDeletionVars.flatMap((v) => ["--var", v]),
    // Extra vars as "KEY:value KEY2:value2", e.g. WRANGLER_VARS="MAIL_MODE:outbox" for the outbox tests.
    ...(process.env.WRANGLER_VARS ? process.env.WRANGLER_VARS.split(" ").flatMap((v) => ["--var", v]) : []),
    // Where this server listens, and the front's proof when there is one (ADR 056); last, so no
    // extra var can claim a loopback address this server does not listen on.
    ...localPeerVars.flatMap((v) => ["--var", v]),
  ],
  { stdio: "inherit", env },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
// The fakes' servers end with this process.
dev.on("exit", (code) => process.exit(code ?? 0));
