// `npm start`: build, apply the D1 migrations locally, then run the app and the generator Worker
// in one local workerd session (shared D1, R2 and queue). PORT, HOST and PERSIST_TO are honoured;
// SKIP_BUILD=1 reuses the last build.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";

const port = process.env.PORT ?? "8787";
const persistTo = process.env.PERSIST_TO ?? ".wrangler/state";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// --fresh starts from an empty local state (used by the end-to-end tests).
if (process.argv.includes("--fresh")) rmSync(persistTo, { recursive: true, force: true });
if (process.env.SKIP_BUILD !== "1") run("npx", ["remix", "vite:build"]);
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);

const dev = spawn(
  "npx",
  [
    "wrangler", "dev",
    "-c", "wrangler.toml",
    "-c", "wrangler.generator.toml",
    "--port", port,
    "--ip", process.env.HOST ?? "localhost",
    "--persist-to", persistTo,
    "--show-interactive-dev-session=false",
    ...(process.env.INSPECTOR_PORT ? ["--inspector-port", process.env.INSPECTOR_PORT] : []),
    // Links in mails point at this server, whatever port it runs on.
    "--var", `PUBLIC_BASE_URL:${process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}`}`,
    // Extra vars as "KEY:value KEY2:value2", e.g. WRANGLER_VARS="MAIL_MODE:outbox" for the outbox tests.
    ...(process.env.WRANGLER_VARS ? process.env.WRANGLER_VARS.split(" ").flatMap((v) => ["--var", v]) : []),
  ],
  { stdio: "inherit", env },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code) => process.exit(code ?? 0));
