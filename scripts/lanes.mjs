// Runs npm scripts in lanes at once: each argument is one lane, its scripts (comma-separated) one
// after another; this machine has two cores, and each of these tools uses about one. A lane stops at
// its first failing script; each script's output is printed when its lane ends (lanes do not
// interleave), and the run fails when any script failed, after every lane ended.
//   node scripts/lanes.mjs a,b c,d
// Used by `npm run check`: the static checks beside the type check and the build. (The workers and
// end-to-end tests are not run this way: both keep both cores busy, and side by side they took
// 467 s against 368 s one after the other.)
import { spawn } from "node:child_process";

const lanes = process.argv.slice(2).map((lane) => lane.split(","));

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

const results = (await Promise.all(lanes.map(lane))).flat();
for (const { script, code, output, seconds } of results) {
  console.log(`\n── npm run ${script}: ${code === 0 ? "ok" : `failed (exit ${code})`}, ${seconds.toFixed(1)} s`);
  if (code !== 0 || process.env.LANES_VERBOSE) process.stdout.write(output);
}
const failed = results.filter((result) => result.code !== 0);
console.log(failed.length ? `\nFailed: ${failed.map((result) => result.script).join(", ")}` : "\nEvery script passed.");
process.exitCode = failed.length ? 1 : 0;
