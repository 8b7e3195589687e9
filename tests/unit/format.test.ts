import { describe, expect, it } from "vitest";
import { formatDateTime, formatEuroCents, formatEuros } from "~/lib/format";

describe("German formatting", () => {
  it("formats dates in Europe/Berlin, summer and winter time alike", () => {
    expect(formatDateTime(Date.UTC(2026, 10, 22, 13, 5))).toBe("22.11.2026, 14:05");
    expect(formatDateTime(Date.UTC(2026, 6, 1, 22, 30))).toBe("02.07.2026, 00:30");
  });

  it("writes prices as German euros: a comma for cents, none for whole euros, a dot for thousands", () => {
    expect(formatEuroCents(595)).toBe("5,95 €");
    expect(formatEuroCents(500)).toBe("5 €");
    expect(formatEuroCents(3900)).toBe("39 €");
    expect(formatEuroCents(25000)).toBe("250 €");
    expect(formatEuroCents(590)).toBe("5,90 €");
    expect(formatEuroCents(123456)).toBe("1.234,56 €");
    expect(formatEuroCents(120000)).toBe("1.200 €");
    expect(formatEuroCents(0)).toBe("0 €");
  });

  it("writes amounts in euros by the same rule, never with one decimal or a float's noise", () => {
    expect(formatEuros(12.5)).toBe("12,50 €");
    expect(formatEuros(250)).toBe("250 €");
    expect(formatEuros(0.1 + 0.2)).toBe("0,30 €");
    expect(formatEuros(3299)).toBe("3.299 €");
  });
});
