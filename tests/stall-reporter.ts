// Fails a Vitest run that stops making progress, naming the test files it was in. A test or hook
// that hangs is failed by Vitest's own timeouts; this catches what they cannot see — the runtime
// stopping between two tests or two files — so that a hang ends the run as a failure instead of
// holding CI until it is killed. Nothing is run again (docs/TESTING.md, "Workers tests").
import type { Reporter, TestCase, TestModule } from "vitest/node";

/** Longer than any test or hook may take (their own timeouts fire first). */
const STALL_LIMIT_MS = Number(process.env.VITEST_STALL_LIMIT_MS ?? 120_000);

export default class StallReporter implements Reporter {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly running = new Set<string>();
  private lastTest = "none yet";

  onTestRunStart() {
    this.arm();
  }

  onTestModuleStart(module: TestModule) {
    this.running.add(module.moduleId);
    this.arm();
  }

  onTestCaseReady(test: TestCase) {
    this.lastTest = `${test.module.moduleId} > ${test.fullName}`;
    this.arm();
  }

  onTestCaseResult() {
    this.arm();
  }

  onHookStart() {
    this.arm();
  }

  onHookEnd() {
    this.arm();
  }

  onTestModuleEnd(module: TestModule) {
    this.running.delete(module.moduleId);
    this.arm();
  }

  onTestRunEnd() {
    clearTimeout(this.timer);
  }

  private arm() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.stalled(), STALL_LIMIT_MS);
    this.timer.unref();
  }

  private stalled() {
    const files = this.running.size > 0 ? [...this.running].join(", ") : "none (between two files)";
    process.stderr.write(
      `\nThe test run made no progress for ${STALL_LIMIT_MS / 1000} s and is stopped as failed.\n` +
        `Files running: ${files}\nLast test started: ${this.lastTest}\n`,
    );
    process.exit(1);
  }
}
