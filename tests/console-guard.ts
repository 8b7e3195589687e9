// Any console.error during a test fails it, unless the test declared it with expectConsoleError().
import { afterEach, beforeEach, expect, vi, type MockInstance } from "vitest";

let spy: MockInstance<typeof console.error>;
let expected = false;

export function expectConsoleError() {
  expected = true;
}

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
