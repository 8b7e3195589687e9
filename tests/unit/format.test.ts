import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatEuroCents } from "~/lib/format";

describe("German formatting", () => {
  it("formats dates in Europe/Berlin, summer and winter time alike", () => {
    expect(formatDateTime(Date.UTC(2026, 10, 22, 13, 5))).toBe("22.11.2026, 14:05");
    expect(formatDateTime(Date.UTC(2026, 6, 1, 22, 30))).toBe("02.07.2026, 00:30");
    expect(formatDate(Date.UTC(2026, 0, 5, 12))).toBe("05.01.2026");
  });

  it("formats prices as euros with a comma", () => {
    expect(formatEuroCents(595).replace(/\u00a0/g, " ")).toBe("5,95 €");
    expect(formatEuroCents(3900).replace(/\u00a0/g, " ")).toBe("39,00 €");
    expect(formatEuroCents(123456).replace(/\u00a0/g, " ")).toBe("1.234,56 €");
  });
});
