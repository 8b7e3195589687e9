// The Verkaufshelfer panel as a seller opens it: a giveaway has no minimum to set and takes no offers
// (ADR 086); a sale shows both.
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SalesKitPanel } from "~/components/ads/sales-kit-panel";

const AD_ID = "3f2b8c1e-7a4d-4e9b-9c2f-1d5e6a7b8c9d";

function serving(mode: "vb" | "festpreis" | "verschenken" | "no price", typeStated = true) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      Response.json({
        adId: AD_ID,
        strategy:
          mode === "no price"
            ? null
            : {
                anchorCents: mode === "verschenken" ? 0 : 8000,
                floorCents: mode === "verschenken" ? 0 : 7000,
                floorFromSeller: false,
                mode,
                advice: "Rat",
                typeStated,
              },
        replies: [{ id: "still_available", label: "Noch da?", text: "Hallo! Ja, der Stubenwagen ist noch zu haben." }],
      }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Verkaufshelfer panel", () => {
  it("shows no minimum and no offer form for a giveaway", async () => {
    serving("verschenken");
    render(<SalesKitPanel adId={AD_ID} />);
    fireEvent.click(screen.getByRole("button", { name: /Verkaufshelfer/ }));
    expect(await screen.findByText("Zu verschenken")).toBeTruthy();
    expect(screen.getByText("Hallo! Ja, der Stubenwagen ist noch zu haben.")).toBeTruthy();
    expect(screen.queryByLabelText(/Mein Minimum/)).toBeNull();
    expect(screen.queryByLabelText(/Angebot/)).toBeNull();
  });

  it("calls a price without a type no 'Festpreis' of the seller's, and a stated one so (ADR 089)", async () => {
    serving("festpreis", false);
    render(<SalesKitPanel adId={AD_ID} />);
    fireEvent.click(screen.getByRole("button", { name: /Verkaufshelfer/ }));
    expect((await screen.findByTestId("kit-price")).textContent).toMatch(
      /^Anzeigenpreis:\s80\s€ – ohne „VB“ oder „Festpreis“: die Antworten nennen ihn, ohne zu handeln$/,
    );
    vi.unstubAllGlobals();
  });

  it("names no price and takes no minimum or offer while the ad has no price (ADR 091)", async () => {
    serving("no price");
    render(<SalesKitPanel adId={AD_ID} />);
    fireEvent.click(screen.getByRole("button", { name: /Verkaufshelfer/ }));
    expect((await screen.findByTestId("kit-price")).textContent).toMatch(/^Die Anzeige nennt noch keinen Preis\./);
    expect(screen.getByText("Hallo! Ja, der Stubenwagen ist noch zu haben.")).toBeTruthy();
    expect(screen.queryByLabelText(/Mein Minimum/)).toBeNull();
    expect(screen.queryByLabelText(/Angebot/)).toBeNull();
  });

  it("names a stated Festpreis", async () => {
    serving("festpreis", true);
    render(<SalesKitPanel adId={AD_ID} />);
    fireEvent.click(screen.getByRole("button", { name: /Verkaufshelfer/ }));
    expect((await screen.findByTestId("kit-price")).textContent).toMatch(/Festpreis$/);
    expect((await screen.findByTestId("kit-price")).textContent).not.toMatch(/ohne/);
  });

  it("shows the minimum and the offer form for a sale", async () => {
    serving("vb");
    render(<SalesKitPanel adId={AD_ID} />);
    fireEvent.click(screen.getByRole("button", { name: /Verkaufshelfer/ }));
    expect(await screen.findByLabelText(/Mein Minimum/)).toBeTruthy();
    expect(screen.getByLabelText(/Angebot/)).toBeTruthy();
  });
});
