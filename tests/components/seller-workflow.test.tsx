import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { AdCard } from "~/components/dashboard/ad-card";
import { AdEditor } from "~/components/dashboard/ad-editor";
import { AppHeader } from "~/components/dashboard/app-header";
import { CreateAdForm } from "~/components/dashboard/create-ad-form";
import { legalNotes } from "~/lib/legal-notes";
import { PLATFORMS } from "~/lib/platforms";

function renderInRemix(element: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{element}</> }]);
  return render(<Stub initialEntries={["/"]} />);
}

const ad = {
  id: "ad-1", userId: "u-1", itemName: "Sofa", category: "moebel" as const, description: null, originalDescription: null,
  optimizedTitle: "IKEA Ektorp 3er-Sofa in Blau mit waschbaren Bezügen, sehr guter Zustand, Abholung in Köln",
  optimizedDescription: `📦 **Sofa Ektorp** in *Blau*\n- Breite 2 m\n- Keine Haustiere\n\n${legalNotes("private")}`,
  imageUrls: ["/images/ads/ad-1/a.jpg", "/images/ads/ad-1/b.jpg"], status: "completed" as const, platform: "kleinanzeigen" as const,
  priceSuggestion: 12000, priceMin: 9000, priceMax: 15000, priceBasis: "estimate" as const, bestImageIndex: 0, imageAnalysis: null,
  errorMessage: null, attempts: 1, provider: "offline", generationMs: 12, progressPhase: null, partialDescription: null,
  listingUrl: null, createdAt: Date.UTC(2026, 10, 22), updatedAt: Date.UTC(2026, 10, 22),
  askingPrice: null, priceType: null, handover: null, postalCode: null, city: null,
};

const seller = { subscriptionStatus: null, planType: "free" as const, monthlyAllowance: 0, adCredits: 1, preferredPlatform: "kleinanzeigen" as const };

describe("copy per platform on the ad card", () => {
  it("offers a ready variant for all five platforms, each within its limits, and copies the chosen one", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderInRemix(<AdCard ad={ad} onChanged={() => {}} />);
    await userEvent.click(await screen.findByRole("button", { name: "Details anzeigen" }));
    const list = screen.getByRole("region", { name: "Für jede Plattform" });
    for (const [platform, rules] of Object.entries(PLATFORMS)) {
      const row = within(list).getByTestId(`variant-${platform}`);
      const [, title, titleMax, text, textMax] = /Titel (\d+)\/(\d+) · Text ([\d.]+)\/([\d.]+) Zeichen/.exec(within(row).getByTestId("variant-counts").textContent!)!;
      expect(Number(titleMax)).toBe(rules.titleMax);
      expect(Number(textMax.replace(".", ""))).toBe(rules.descriptionMax);
      expect(Number(title)).toBeLessThanOrEqual(rules.titleMax);
      expect(Number(text.replace(".", ""))).toBeLessThanOrEqual(rules.descriptionMax);
      expect(within(row).getByRole("button", { name: `Kopieren für ${rules.label}` })).toBeTruthy();
    }
    await userEvent.click(within(list).getByRole("button", { name: "Kopieren für eBay" }));
    const copied = writeText.mock.calls[0][0] as string;
    expect(copied.startsWith("IKEA Ektorp 3er-Sofa in Blau mit waschbaren Bezügen, sehr guter Zustand\n\n")).toBe(true);
    expect(copied).toContain("<ul>\n<li>Breite 2 m</li>");
    expect(copied).toContain("Privatverkauf unter Ausschluss");

    // The card's main button copies the ad's own platform: the title cut to Kleinanzeigen's 65 characters.
    const [mainButton] = screen.getAllByRole("button", { name: "Kopieren für Kleinanzeigen" });
    expect(list.contains(mainButton)).toBe(false);
    await userEvent.click(mainButton);
    const main = writeText.mock.calls.at(-1)![0] as string;
    expect(main.split("\n")[0].length).toBeLessThanOrEqual(65);
    expect(main).not.toContain("**");
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
    // Formatted as the marketplace shows it: bold letters and bullets, no raw markup.
    expect(description.value).not.toContain("*");
    expect(description.value).toContain("𝗦𝗼𝗳𝗮 𝗘𝗸𝘁𝗼𝗿𝗽 in 𝘉𝘭𝘢𝘶\n• Breite 2 m");
    await userEvent.type(description, " Mehr auf www.sofa.de");
    expect(screen.getByText("Links und Webadressen sind bei Kleinanzeigen nicht erlaubt. Bitte entferne sie aus der Beschreibung.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Speichern" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("create form", () => {
  it("offers the five marketplaces, preselects the seller's last one and shows the ads left", async () => {
    renderInRemix(<CreateAdForm user={{ ...seller, preferredPlatform: "vinted" }} onCreated={() => {}} />);
    const select = (await screen.findByRole("combobox", { name: "Wo willst du verkaufen?" })) as unknown as HTMLSelectElement;
    expect(select.value).toBe("vinted");
    expect(Array.from(select.options).map((option) => option.text)).toEqual(["Kleinanzeigen", "eBay", "Vinted", "willhaben", "Facebook Marketplace"]);
    expect(screen.getByTestId("credits-line").textContent).toBe("Du hast noch 1 Anzeige frei.");
    expect(screen.getByLabelText("Fotos auswählen")).toBeTruthy();
  });

  it("at 0 ads left offers the plans before any upload", async () => {
    renderInRemix(<CreateAdForm user={{ ...seller, adCredits: 0 }} onCreated={() => {}} />);
    const offer = await screen.findByTestId("plans-offer");
    expect(within(offer).getByRole("heading", { name: "Du hast keine Anzeigen mehr frei" })).toBeTruthy();
    expect(within(offer).getByText("Pro Seller")).toBeTruthy();
    expect(within(offer).getByText("Power Seller")).toBeTruthy();
    expect(within(offer).getByText("Pro (wöchentlich)")).toBeTruthy();
    expect(within(offer).getByRole("link", { name: "Pro Seller kaufen" }).getAttribute("href")).toBe("/subscribe");
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
