// The benchmarks' counters (ADR 080): the transformation line they count is the one the product
// logs, and the CPU time they read from /proc is what a process group spent.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { TRANSFORMATION_LOG as PRODUCT_LINE } from "~/.server/images/source";
import { processCpuMs, TRANSFORMATION_LOG } from "../../bench/server.mjs";

describe("the benchmarks' counters", () => {
  it("count the line the product logs for each image transformation", () => {
    expect(TRANSFORMATION_LOG).toBe(PRODUCT_LINE);
  });

  it("read the CPU time a process group spent from /proc", async () => {
    // A group of its own: a process that spends 300 ms of CPU, then waits.
    const busy = `const start = process.cpuUsage(); while (process.cpuUsage(start).user < 300000); setTimeout(() => {}, 20000);`;
    const child = spawn(process.execPath, ["-e", busy], { detached: true, stdio: "ignore" });
    try {
      let spent = { workerd: 0, node: 0 };
      for (const until = Date.now() + 15_000; spent.node < 300 && Date.now() < until;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        spent = processCpuMs(child.pid);
      }
      expect(spent.node).toBeGreaterThanOrEqual(300);
      expect(spent.workerd).toBe(0);
    } finally {
      process.kill(-child.pid!, "SIGKILL");
    }
  });
});
