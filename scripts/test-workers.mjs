// `npm run test:workers`: the workers tests, with a watchdog. Under Miniflare 5 (beta) the local
// runtime has, once in about six full runs, stopped making progress between two test files: no
// CPU, no output, no failure, for as long as one waits (docs/TESTING.md, "Workers tests"). A hang
// is not a result, so after WORKERS_TESTS_LIMIT_MS without any output the run is stopped and
// started once more; a run that fails is never repeated, and a second hang fails.
import { spawn } from "node:child_process";

const quietLimitMs = Number(process.env.WORKERS_TESTS_LIMIT_MS ?? 180_000);
const args = ["vitest", "run", "--project", "workers", ...process.argv.slice(2)];

function run() {
  return new Promise((resolve) => {
    const child = spawn("npx", args, { stdio: ["inherit", "pipe", "pipe"], detached: true });
    let watchdog;
    const arm = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        console.error(`\ntest:workers: no output for ${quietLimitMs / 1000} s — the local runtime hung; stopping this run.`);
        process.kill(-child.pid, "SIGKILL");
        resolve("hung");
      }, quietLimitMs);
    };
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      from.on("data", (chunk) => {
        arm();
        to.write(chunk);
      });
    }
    arm();
    child.on("exit", (code) => {
      clearTimeout(watchdog);
      resolve(code ?? 1);
    });
  });
}

let result = await run();
if (result === "hung") {
  console.error("test:workers: running the workers tests once more after a hang.");
  result = await run();
}
process.exit(result === "hung" ? 1 : result);
