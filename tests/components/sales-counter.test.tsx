// The Verkaufszähler on the profile (ADR 050) as a seller reads it: this year's sales and sum per
// platform, a calm note for a private seller near a platform's reporting threshold, none for a
// dealer, earlier years folded away.
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SalesCounter } from "~/.server/app-worker/listings/sales-counter";
import { SalesCounterCard } from "~/components/listings/sales-counter";

const thresholds = { sales: 30, sumCents: 200000 };

function counter(dac7Notes: boolean, overrides: Partial<SalesCounter["years"][number]> = {}): SalesCounter {
  return {
    currentYear: 2027,
    dac7Notes,
    thresholds,
    years: [
      {
        year: 2027,
        sales: 27,
        sumCents: 164000,
        unpriced: 0,
        platforms: [
          { platform: "kleinanzeigen", label: "Kleinanzeigen", sales: 25, sumCents: 140000, dac7: dac7Notes ? "near" : null },
          { platform: null, label: "ohne Plattform", sales: 2, sumCents: 24000, dac7: null },
        ],
        ...overrides,
      },
      { year: 2026, sales: 3, sumCents: 9000, unpriced: 0, platforms: [] },
    ],
  };
}

describe("Verkaufszähler", () => {
  it("shows this year's sales and sum per platform, and a calm note as a private seller nears the threshold", () => {
    render(<SalesCounterCard counter={counter(true)} />);
    const card = screen.getByTestId("sales-counter");
    expect(within(card).getByRole("heading", { name: "Verkaufszähler 2027" })).toBeTruthy();
    expect(card.textContent).toContain("27 Verkäufe · 1.640 €");
    expect(within(card).getByText("Kleinanzeigen").parentElement!.textContent).toContain("25 Verkäufe · 1.400 €");
    const note = within(card).getByRole("note");
    expect(note.textContent).toBe(
      "Auf Kleinanzeigen hast du dieses Jahr 25 Verkäufe für 1.400 € als verkauft markiert. Ab 30 Verkäufen oder 2.000 € im Jahr meldet eine Plattform die Verkäufe an das Bundeszentralamt für Steuern (Plattformen-Steuertransparenzgesetz) und fragt dafür nach Angaben wie deiner Steuer-ID. Eine Meldung bedeutet nicht, dass Steuern anfallen.",
    );
    // Earlier years are folded away.
    expect(within(card).getByText("Frühere Jahre").closest("details")!.textContent).toContain("2026: 3 Verkäufe · 90 €");
  });

  it("says plainly when the threshold is reached", () => {
    const reached = counter(true, {
      platforms: [{ platform: "ebay", label: "eBay", sales: 30, sumCents: 90000, dac7: "reached" }],
    });
    render(<SalesCounterCard counter={reached} />);
    expect(screen.getByRole("note").textContent).toMatch(
      /^Auf eBay hast du dieses Jahr 30 Verkäufe für 900 € als verkauft markiert: Damit meldet eBay deine Verkäufe dieses Jahres\./,
    );
  });

  it("shows a dealer the counter without the note", () => {
    render(<SalesCounterCard counter={counter(false)} />);
    expect(screen.getByTestId("sales-counter").textContent).toContain("27 Verkäufe · 1.640 €");
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("invites the first sale", () => {
    render(<SalesCounterCard counter={{ ...counter(true), years: [{ year: 2027, sales: 0, sumCents: 0, unpriced: 0, platforms: [] }] }} />);
    expect(screen.getByText(/Noch kein Verkauf in diesem Jahr/)).toBeTruthy();
    expect(screen.queryByText("Frühere Jahre")).toBeNull();
  });

  it("names sales without a price apart from the sum", () => {
    render(<SalesCounterCard counter={counter(false, { unpriced: 1 })} />);
    expect(screen.getByTestId("sales-counter").textContent).toContain("1 Verkauf ohne Preis ist nicht in der Summe.");
  });
});
