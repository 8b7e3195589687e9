// Lists the slowest tests after every run with the share of its budget each one used, so creeping
// slowness is seen before it turns into flaky timeouts. A test that used more than half of its
// budget is marked: on the 2-core build machine every test is to stay under half (docs/TESTING.md).
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

const SHOWN = 12;

export default class SlowestTestsReporter implements Reporter {
  private readonly runs: Array<{ test: TestCase; result: TestResult }> = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status !== "skipped") this.runs.push({ test, result });
  }

  onEnd(_result: FullResult) {
    const slowest = [...this.runs].sort((a, b) => b.result.duration - a.result.duration).slice(0, SHOWN);
    if (slowest.length === 0) return;
    const lines = slowest.map(({ test, result }) => {
      const share = test.timeout > 0 ? result.duration / test.timeout : 0;
      const mark = share > 0.5 ? "  ← over half its budget" : "";
      const where = `${test.location.file.replace(/^.*tests\/e2e\//, "")}:${test.location.line}`;
      const seconds = (result.duration / 1000).toFixed(1).padStart(5);
      return `  ${seconds} s of ${String(test.timeout / 1000).padStart(3)} s (${Math.round(share * 100)
        .toString()
        .padStart(3)} %)  ${where}  ${test.title}${mark}`;
    });
    const over = this.runs.filter(({ test, result }) => test.timeout > 0 && result.duration > test.timeout / 2).length;
    console.log(`\nSlowest tests (${over} of ${this.runs.length} used more than half of their budget):\n${lines.join("\n")}\n`);
  }

  printsToStdio() {
    return false;
  }
}
