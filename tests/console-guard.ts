// Any console.error during a test fails it, unless the test declared it with expectConsoleError().
// Each project's setup file calls guardConsole(): a setup file runs again for every test file, also
// where test files share a module graph (the workers project), while this module is evaluated once.
import { afterEach, beforeEach, expect, vi, type MockInstance } from "vitest";

let spy: MockInstance<typeof console.error>;
let expected = false;

export function expectConsoleError() {
  expected = true;
}

/** Registers the guard's hooks for the test file being collected. */
export function guardConsole() {
  beforeEach(() => {
    expected = false;
    spy = vi.spyOn(console, "error").mockImplementation(() => {});
  });

  afterEach(() => {
    const calls = spy.mock.calls;
    spy.mockRestore();
    if (expected) expect(calls.length, "the test expected a console.error").toBeGreaterThan(0);
    else if (calls.length > 0) throw new Error(`unexpected console.error: ${calls.map((c) => c.map(String).join(" ")).join("\n")}`);
  });
}
