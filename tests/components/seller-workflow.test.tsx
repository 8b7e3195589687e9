import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { AdCard } from "~/components/ads/ad-card";
import { AdEditor } from "~/components/ads/ad-editor";
import { AppHeader } from "~/components/dashboard/app-header";
import { CreateAdForm } from "~/components/ads/create-ad-form";
import { legalNotes } from "~/lib/legal-notes";
import { PLATFORMS } from "~/lib/platforms";

function renderInRemix(element: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{element}</> }]);
  return render(<Stub initialEntries={["/"]} />);
}

const ad = {
  id: "ad-1",
  userId: "u-1",
  itemName: "Sofa",
  category: "moebel" as const,
  description: null,
  originalDescription: null,
  optimizedTitle: "IKEA Ektorp 3er-Sofa in Blau mit waschbaren Bezügen, sehr guter Zustand, Abholung in Köln",
  optimizedDescription: `📦 **Sofa Ektorp** in *Blau*\n- Breite 2 m\n- Keine Haustiere\n\n${legalNotes("private")}`,
  imageUrls: ["/images/ads/ad-1/a.jpg", "/images/ads/ad-1/b.jpg"],
  privacyHints: [
    { checked: true, seen: [] },
    { checked: true, seen: [] },
  ],
  status: "completed" as const,
  platform: "kleinanzeigen" as const,
  priceSuggestion: 12000,
  priceMin: 9000,
  priceMax: 15000,
  priceBasis: "estimate" as const,
  bestImageIndex: 0,
  imageAnalysis: null,
  errorMessage: null,
  attempts: 1,
  provider: "offline",
  generationMs: 12,
  progressPhase: null,
  partialDescription: null,
  listingUrl: null,
  createdAt: Date.UTC(2026, 10, 22),
  updatedAt: Date.UTC(2026, 10, 22),
  askingPrice: null,
  priceType: null,
  shipping: null,
  pickup: null,
  perPiecePrice: null,
  offerReading: null,
  postalCode: null,
  city: null,
  shippingCost: null,
  shippingCarrier: null,
  swap: null,
  deliveryKm: null,
  variants: [],
  check: null,
  price: null,
  priceLabel: null,
};

const seller = {
  subscriptionStatus: null,
  planType: "free" as const,
  monthlyAllowance: 0,
  adCredits: 1,
  preferredPlatform: "kleinanzeigen" as const,
};

describe("copy per platform on the ad card", () => {
  it("offers title and text apart for all five platforms, each within its limits; eBay's text as HTML with a plain fallback", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const write = vi.fn().mockResolvedValue(undefined);
    class FakeClipboardItem {
      constructor(readonly items: Record<string, Blob>) {}
    }
    vi.stubGlobal("ClipboardItem", FakeClipboardItem);
    Object.defineProperty(navigator, "clipboard", { value: { writeText, write }, configurable: true });
    renderInRemix(<AdCard ad={{ ...ad, askingPrice: 12000, priceType: "vb" }} onChanged={() => {}} />);
    await userEvent.click(await screen.findByRole("button", { name: "Details anzeigen" }));
    const list = screen.getByRole("region", { name: "Für jede Plattform" });
    for (const [platform, rules] of Object.entries(PLATFORMS)) {
      const row = within(list).getByTestId(`variant-${platform}`);
      const [, title, titleMax, text, textMax] = /Titel (\d+)\/(\d+) · Text ([\d.]+)\/([\d.]+) Zeichen/.exec(
        within(row).getByTestId("variant-counts").textContent!,
      )!;
      expect(Number(titleMax)).toBe(rules.titleMax);
      expect(Number(textMax.replace(".", ""))).toBe(rules.descriptionMax);
      expect(Number(title)).toBeLessThanOrEqual(rules.titleMax);
      expect(Number(text.replace(".", ""))).toBeLessThanOrEqual(rules.descriptionMax);
      expect(within(row).getByRole("button", { name: `Titel kopieren für ${rules.label}` }).textContent).toBe("Titel kopieren");
      expect(within(row).getByRole("button", { name: `Text kopieren für ${rules.label}` }).textContent).toBe("Text kopieren");
    }
    await userEvent.click(within(list).getByRole("button", { name: "Titel kopieren für eBay" }));
    expect(writeText).toHaveBeenLastCalledWith("IKEA Ektorp 3er-Sofa in Blau mit waschbaren Bezügen, sehr guter Zustand");

    await userEvent.click(within(list).getByRole("button", { name: "Text kopieren für eBay" }));
    const item = write.mock.calls[0][0][0] as FakeClipboardItem;
    expect(Object.keys(item.items).sort()).toEqual(["text/html", "text/plain"]);
    const html = await item.items["text/html"].text();
    const plain = await item.items["text/plain"].text();
    expect(html).toContain("<ul>\n<li>Breite 2 m</li>");
    expect(html).toContain("Privatverkauf unter Ausschluss");
    expect(plain).toContain("• Breite 2 m");
    expect(plain).not.toMatch(/<\/?[a-z]+>|\*\*/);
    expect(plain).toMatch(/Preis: 120\s€ VB/);

    // The card's own buttons copy the ad's own platform: the title cut to Kleinanzeigen's 65 characters.
    const [mainTitle] = screen.getAllByRole("button", { name: "Titel kopieren für Kleinanzeigen" });
    expect(list.contains(mainTitle)).toBe(false);
    await userEvent.click(mainTitle);
    expect((writeText.mock.calls.at(-1)![0] as string).length).toBeLessThanOrEqual(65);
    const [mainText] = screen.getAllByRole("button", { name: "Text kopieren für Kleinanzeigen" });
    await userEvent.click(mainText);
    const text = writeText.mock.calls.at(-1)![0] as string;
    expect(text).not.toContain("**");
    expect(text).not.toMatch(/[\u{1D400}-\u{1D7FF}]/u);
    expect(text.startsWith("📦 Sofa Ektorp in Blau")).toBe(true);
    vi.unstubAllGlobals();
  });
});

describe("editing within the rules", () => {
  it("counts live and flags an over-long title and a link on Kleinanzeigen before saving", async () => {
    renderInRemix(<AdEditor ad={ad} onSaved={() => {}} onCancel={() => {}} />);
    const title = await screen.findByRole("textbox", { name: /^Titel/ });
    await userEvent.clear(title);
    await userEvent.type(title, "x".repeat(94));
    expect(screen.getByTestId("title-count").textContent).toBe("94/65 Zeichen");
    expect(screen.getByText("Der Titel ist für Kleinanzeigen zu lang: 94 von höchstens 65 Zeichen.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Speichern" }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.clear(title);
    await userEvent.type(title, "Sofa Ektorp");
    expect(screen.getByTestId("title-count").textContent).toBe("11/65 Zeichen");
    const description = screen.getByRole("textbox", { name: /^Beschreibung/ }) as HTMLTextAreaElement;
    // Formatted as plain-text marketplaces show it: plain words and bullets, no raw markup, no Unicode bold.
    expect(description.value).not.toContain("*");
    expect(description.value).toContain("📦 Sofa Ektorp in Blau\n• Breite 2 m");
    expect(description.value).not.toMatch(/[\u{1D400}-\u{1D7FF}]/u);
    await userEvent.type(description, " Mehr auf www.sofa.de");
    expect(
      screen.getByText("Links und Webadressen sind bei Kleinanzeigen nicht erlaubt. Bitte entferne sie aus der Beschreibung."),
    ).toBeTruthy();
    expect((screen.getByRole("button", { name: "Speichern" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("create form", () => {
  it("offers the five marketplaces, preselects the seller's last one and shows the ads left", async () => {
    renderInRemix(<CreateAdForm user={{ ...seller, preferredPlatform: "vinted" }} onCreated={() => {}} />);
    const select = (await screen.findByRole("combobox", { name: "Wo willst du verkaufen?" })) as unknown as HTMLSelectElement;
    expect(select.value).toBe("vinted");
    expect(Array.from(select.options).map((option) => option.text)).toEqual([
      "Kleinanzeigen",
      "eBay",
      "Vinted",
      "willhaben",
      "Facebook Marketplace",
    ]);
    expect(screen.getByTestId("credits-line").textContent).toBe("Du hast noch 1 Anzeige frei.");
    expect(screen.getByLabelText("Fotos auswählen")).toBeTruthy();
  });

  it("shows the offer in one line as the seller types, and a correction by hand at once (ADR 041)", async () => {
    renderInRemix(<CreateAdForm user={seller} onCreated={() => {}} />);
    const note = await screen.findByLabelText("Beschreibung (optional)");
    await userEvent.type(note, "Versand möglich gegen Aufpreis 6,99, 35€ VB");
    // The surcharge is the shipping cost, not the price; a note that names only shipping says nothing about pickup (ADR 064).
    expect(screen.getByTestId("offer-reading").textContent).toBe("So steht es in deiner Anzeige: 35 € VB · Versand 6,99 €");
    const price = screen.getByLabelText("Dein Preis in €");
    await userEvent.clear(price);
    await userEvent.type(price, "40");
    await userEvent.selectOptions(screen.getByLabelText("Abholung"), "offered");
    expect(screen.getByTestId("offer-reading").textContent).toBe(
      "So steht es in deiner Anzeige: 40 € VB · Versand 6,99 € · Abholung möglich",
    );
  });

  it("at 0 ads left offers the plans before any upload", async () => {
    renderInRemix(<CreateAdForm user={{ ...seller, adCredits: 0 }} onCreated={() => {}} />);
    const offer = await screen.findByTestId("plans-offer");
    expect(within(offer).getByRole("heading", { name: "Du hast keine Anzeigen mehr frei" })).toBeTruthy();
    expect(within(offer).getByText("Pro Seller")).toBeTruthy();
    expect(within(offer).getByText("Power Seller")).toBeTruthy();
    expect(within(offer).getByText("Pro (wöchentlich)")).toBeTruthy();
    expect(within(offer).getByRole("link", { name: "Pro Seller kaufen" }).getAttribute("href")).toBe("/upgrade");
    expect(screen.queryByLabelText("Fotos auswählen")).toBeNull();
    expect(screen.queryByRole("button", { name: "KI-Anzeige erstellen" })).toBeNull();
  });
});

describe("header", () => {
  it("links the profile (imprint) in one click", async () => {
    renderInRemix(<AppHeader user={{ firstName: "Jana", email: "jana@example.de", subscriptionStatus: null }} />);
    expect((await screen.findByRole("link", { name: "Profil und Impressum" })).getAttribute("href")).toBe("/profile");
  });
});
