// npm run check: every static check, the production build and the deploy dry run, in two lanes at
// once (this machine has two cores; each tool uses about one). The binding types come first, since
// both lanes read them. Each step's output is printed when its lane ends, so lanes do not interleave;
// the first failing step fails the check, after both lanes ended.
import { spawn } from "node:child_process";

const LANES = [
  ["typecheck:program", "check:api-types", "build", "deploy:dry-run"],
  ["format:check", "lint", "check:references", "check:adrs", "check:dependencies", "check:duplicates"],
];

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ script, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

async function lane(scripts) {
  const results = [];
  for (const script of scripts) {
    const result = await run(script);
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
}

const first = await run("typegen:bindings");
const results = first.code === 0 ? [first, ...(await Promise.all(LANES.map(lane))).flat()] : [first];
for (const { script, code, output, seconds } of results) {
  console.log(`\n── npm run ${script}: ${code === 0 ? "ok" : `failed (exit ${code})`}, ${seconds.toFixed(1)} s`);
  if (code !== 0 || process.env.CHECK_VERBOSE) process.stdout.write(output);
}
const failed = results.filter((result) => result.code !== 0);
console.log(
  failed.length ? `\nnpm run check failed: ${failed.map((result) => result.script).join(", ")}` : "\nnpm run check: every step passed.",
);
process.exitCode = failed.length ? 1 : 0;
