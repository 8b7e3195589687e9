import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { CreateErrorPanel } from "~/components/ads/create-error-panel";
import { AppHeader } from "~/components/dashboard/app-header";
import { OnboardingTour } from "~/components/dashboard/onboarding-tour";
import { classifyCreateError, countThisMonth, ONBOARDING_FLAG_KEY, planLabel, type CreateFailure } from "~/lib/dashboard";

function renderInRemix(element: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{element}</> }]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("create error panels", () => {
  // By status and code only (ADR 077): the message is shown in the panel, never read.
  const cases: Array<[CreateFailure, string | null]> = [
    [{ online: true, status: 402, code: "limit_reached" }, null],
    [{ online: true, status: 400, code: "photo_upload_failed" }, "Foto-Upload fehlgeschlagen"],
    [{ online: true, status: 413, code: "photo_upload_failed" }, "Foto-Upload fehlgeschlagen"],
    [{ online: true, status: 415, code: "photo_upload_failed" }, "Foto-Upload fehlgeschlagen"],
    [{ online: true }, "Ups! Keine Internetverbindung"],
    [{ online: false, status: 400, code: "invalid_input" }, "Ups! Keine Internetverbindung"],
    [{ online: true, status: 503, code: "unavailable" }, "KI ist gerade überlastet"],
    [{ online: true, status: 500, code: "server_error" }, "KI ist gerade überlastet"],
    [{ online: true, status: 502, code: null }, "KI ist gerade überlastet"],
    [{ online: true, status: 401, code: "unauthorized" }, "Bitte melde dich erneut an"],
    [{ online: true, status: 413, code: "too_large" }, "Etwas ist schiefgelaufen"],
    [{ online: true, status: 429, code: "rate_limited" }, "Etwas ist schiefgelaufen"],
    [{ online: true, status: 418, code: null }, "Etwas ist schiefgelaufen"],
  ];

  it.each(cases)("%o → %s", async (failure, title) => {
    const kind = classifyCreateError(failure);
    if (title === null) {
      expect(kind).toBe("limit");
      return;
    }
    expect(kind).not.toBe("limit");
    const onRetry = vi.fn();
    renderInRemix(<CreateErrorPanel kind={kind as Exclude<typeof kind, "limit">} detail="Die Meldung des Servers." onRetry={onRetry} />);
    const panel = await screen.findByRole("alert");
    expect(within(panel).getByRole("heading", { name: title })).toBeTruthy();
    expect(within(panel).getByText("Die Meldung des Servers.")).toBeTruthy();
    await userEvent.click(within(panel).getByRole("button", { name: "Nochmal versuchen" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe("onboarding tour", () => {
  it("shows to a user with no ads, walks through five steps, and finishing sets the flag and opens the create tab", async () => {
    const onFinish = vi.fn();
    renderInRemix(<OnboardingTour adCount={0} onFinish={onFinish} />);
    const dialog = await screen.findByRole("dialog", { name: "Willkommen bei AnzeigenPilot!" });
    expect(within(dialog).getByText("Schritt 1 von 5")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Zurück" }) as HTMLButtonElement).disabled).toBe(true);
    for (let step = 2; step <= 5; step++) {
      await userEvent.click(screen.getByRole("button", { name: "Weiter" }));
      expect(screen.getByText(`Schritt ${step} von 5`)).toBeTruthy();
    }
    await userEvent.click(screen.getByRole("button", { name: "Zurück" }));
    expect(screen.getByText("Schritt 4 von 5")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Weiter" }));
    await userEvent.click(screen.getByRole("button", { name: "Los geht's" }));
    expect(onFinish).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem(ONBOARDING_FLAG_KEY)).toBe("true");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("skipping sets the flag without opening the create tab", async () => {
    const onFinish = vi.fn();
    renderInRemix(<OnboardingTour adCount={0} onFinish={onFinish} />);
    await userEvent.click(await screen.findByRole("button", { name: "Überspringen" }));
    expect(window.localStorage.getItem(ONBOARDING_FLAG_KEY)).toBe("true");
    expect(onFinish).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("is not shown when the flag is set or the user already has ads", async () => {
    window.localStorage.setItem(ONBOARDING_FLAG_KEY, "true");
    renderInRemix(<OnboardingTour adCount={0} onFinish={() => {}} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("dialog")).toBeNull();
    window.localStorage.clear();
    renderInRemix(<OnboardingTour adCount={2} onFinish={() => {}} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("plan label", () => {
  it("maps active to PRO, trial to POWER and everything else to FREE", () => {
    expect(planLabel("active")).toBe("PRO");
    expect(planLabel("trial")).toBe("POWER");
    for (const status of [null, undefined, "canceled", "past_due", "incomplete"]) expect(planLabel(status)).toBe("FREE");
  });

  it("shows the PRO badge or the Upgrade link in the header", async () => {
    renderInRemix(<AppHeader user={{ firstName: "Jana", email: "jana@example.de", subscriptionStatus: "active" }} />);
    expect(await screen.findByText("PRO")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Upgrade" })).toBeNull();
    expect(screen.getByTestId("signed-in-as").textContent).toBe("Jana");
    expect(screen.getByRole("link", { name: "Einstellungen" }).getAttribute("href")).toBe("/settings");
    // Logout is a POST from a button (behind the cross-site check), not a link.
    expect(screen.getByRole("button", { name: "Abmelden" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Abmelden" })).toBeNull();
  });

  it("shows Upgrade to /upgrade for free users, and the e-mail without a first name", async () => {
    renderInRemix(<AppHeader user={{ firstName: null, email: "max@example.de", subscriptionStatus: null }} />);
    expect((await screen.findByRole("link", { name: "Upgrade" })).getAttribute("href")).toBe("/upgrade");
    expect(screen.getByTestId("signed-in-as").textContent).toBe("max@example.de");
  });
});

describe("'this month' count", () => {
  it("counts by the calendar month in Europe/Berlin, across the month boundary", () => {
    // 1 December 2026, 00:30 in Berlin is still 30 November, 23:30 UTC.
    const now = Date.UTC(2026, 10, 30, 23, 30);
    const createdAts = [
      Date.UTC(2026, 10, 30, 22, 59), // 30.11. 23:59 Berlin → November
      Date.UTC(2026, 10, 30, 23, 1), //  01.12. 00:01 Berlin → December
      Date.UTC(2026, 10, 30, 23, 29), // 01.12. 00:29 Berlin → December
      Date.UTC(2025, 11, 1, 12), //      December a year earlier
    ];
    expect(countThisMonth(createdAts, now)).toBe(2);
    expect(countThisMonth(createdAts, Date.UTC(2026, 10, 30, 22, 0))).toBe(1);
  });
});

describe("ad card price", () => {
  const ad = {
    id: "ad-1",
    userId: "u-1",
    itemName: "Cybex Sirona Z i-Size",
    category: "sonstiges" as const,
    description: null,
    originalDescription: null,
    optimizedTitle: "Cybex Sirona Z i-Size Kindersitz – unfallfrei",
    optimizedDescription: "📦 **Cybex Sirona Z i-Size Kindersitz**\nIch verkaufe meinen Kindersitz.",
    imageUrls: [],
    privacyHints: [],
    status: "completed" as const,
    platform: "kleinanzeigen" as const,
    priceSuggestion: 16000,
    priceMin: 10000,
    priceMax: 22000,
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

  it("asks for a price instead of showing a flat figure by item type", async () => {
    const { AdCard } = await import("~/components/ads/ad-card");
    renderInRemix(<AdCard ad={ad} onChanged={() => {}} />);
    await userEvent.click(await screen.findByRole("button", { name: "Details anzeigen" }));
    expect((await screen.findByTestId("price-estimate-note")).textContent).toMatch(/Kein Preis angegeben – nenne deinen Preis/);
    expect(screen.getByTestId("card-price").textContent).not.toMatch(/160/);
  });

  it("names the new price as the basis when it was used", async () => {
    const { AdCard } = await import("~/components/ads/ad-card");
    renderInRemix(<AdCard ad={{ ...ad, priceBasis: "new_price" as const }} onChanged={() => {}} />);
    await userEvent.click(await screen.findByRole("button", { name: "Details anzeigen" }));
    expect(await screen.findByText(/Schätzung aus dem Neupreis/)).toBeTruthy();
    expect(screen.getByTestId("card-price").textContent).toMatch(/160/);
    expect(screen.queryByTestId("price-estimate-note")).toBeNull();
  });

  it("shows the seller's own price and type exactly, whatever the writer suggested", async () => {
    const { AdCard } = await import("~/components/ads/ad-card");
    renderInRemix(<AdCard ad={{ ...ad, askingPrice: 25000, priceType: "vb" as const }} onChanged={() => {}} />);
    await userEvent.click(await screen.findByRole("button", { name: "Details anzeigen" }));
    expect((await screen.findByTestId("card-price")).textContent).toMatch(/250\s€ VB/);
    expect(screen.getByTestId("card-price").textContent).not.toMatch(/160|Spanne/);
  });

  it("asks about a fact the model read differently as unsure, and a fact only the model read in its words (ADR 064)", async () => {
    const { OfferChecks } = await import("~/components/ads/offer-checks");
    const offerReading = {
      unconfirmed: [
        { fact: "price" as const, words: "250 VB", doubt: false },
        { fact: "priceType" as const, words: "250 VB", doubt: true },
        { fact: "shipping" as const, words: "Versand", doubt: false },
        { fact: "pickup" as const, words: "KI liest: Keine Abholung", doubt: true },
      ],
      unplaced: [],
    };
    const { container } = render(
      <OfferChecks
        ad={{ ...ad, askingPrice: 25000, priceType: "vb" as const, shipping: "offered" as const, offerReading, priceLabel: "250 € VB" }}
        onReview={() => {}}
      />,
    );
    const line = (fact: string) => container.querySelector(`[data-fact="${fact}"]`)?.textContent ?? "";
    // Price and type share the seller's words: one line, unsure because the type is.
    expect(line("price")).toMatch(/^Preis: 250\s€ VB \(aus „250 VB“\) – unsicher gelesen$/);
    expect(container.querySelector('[data-fact="priceType"]')).toBeNull();
    expect(line("shipping")).not.toMatch(/unsicher/);
    expect(line("pickup")).toBe("Abholung: – (KI liest: Keine Abholung) – unsicher gelesen");
  });

  it("says nothing was recognised only when nothing was, not above a 'Bitte prüfen' list of the offer", async () => {
    const { AdCard } = await import("~/components/ads/ad-card");
    const offerReading = { unconfirmed: [{ fact: "shipping" as const, words: "Versand möglich", doubt: false }], unplaced: [] };
    const checked = renderInRemix(<AdCard ad={{ ...ad, shipping: "offered" as const, offerReading }} onChanged={() => {}} />);
    await userEvent.click(await screen.findByRole("button", { name: "Details anzeigen" }));
    expect((await screen.findByTestId("offer-checks")).textContent).toContain("Versand");
    expect(screen.queryByText(/Keine weiteren Angaben erkannt/)).toBeNull();
    checked.unmount();

    // An amount the reader placed nowhere asks too.
    const unplaced = { unconfirmed: [], unplaced: [{ words: "50 €", value: 50 }] };
    const asked = renderInRemix(<AdCard ad={{ ...ad, offerReading: unplaced }} onChanged={() => {}} />);
    await userEvent.click(await screen.findByRole("button", { name: "Details anzeigen" }));
    expect((await screen.findByTestId("offer-checks")).textContent).toContain("„50 €“ – ist das dein Preis?");
    expect(screen.queryByText(/Keine weiteren Angaben erkannt/)).toBeNull();
    asked.unmount();

    renderInRemix(<AdCard ad={{ ...ad, offerReading: { unconfirmed: [], unplaced: [] } }} onChanged={() => {}} />);
    await userEvent.click(await screen.findByRole("button", { name: "Details anzeigen" }));
    expect((await screen.findByTestId("nothing-recognised")).textContent).toBe("Keine weiteren Angaben erkannt.");
    expect(screen.queryByTestId("offer-checks")).toBeNull();
  });

  it("shows the Anzeigen-Check with its score and concrete hints without opening the details", async () => {
    const { AdCard } = await import("~/components/ads/ad-card");
    const check = {
      score: 64,
      parts: [
        { id: "photos" as const, label: "Fotos", points: 15, max: 30, hints: ["Ein Foto – zeig auch: Typenschild oder Modellnummer."] },
        { id: "title" as const, label: "Titel", points: 15, max: 30, hints: ["Im Titel fehlt „128 GB“ – danach suchen Käufer."] },
        { id: "description" as const, label: "Beschreibung", points: 20, max: 20, hints: [] },
        { id: "price" as const, label: "Preis", points: 14, max: 20, hints: [] },
      ],
    };
    renderInRemix(<AdCard ad={{ ...ad, check }} onChanged={() => {}} />);
    const panel = await screen.findByRole("region", { name: /Anzeigen-Check/ });
    expect(panel.textContent).toMatch(/64\s?von 100/);
    expect(panel.textContent).toContain("Titel: 15/30");
    const hints = screen.getByRole("list", { name: "Hinweise" });
    expect(hints.textContent).toContain("Fotos: Ein Foto – zeig auch: Typenschild oder Modellnummer.");
    expect(hints.textContent).toContain("Titel: Im Titel fehlt „128 GB“");
  });

  it("shows no Anzeigen-Check before the ad is finished", async () => {
    const { AdCard } = await import("~/components/ads/ad-card");
    renderInRemix(<AdCard ad={{ ...ad, status: "processing" as const, check: null }} onChanged={() => {}} />);
    await screen.findByTestId("progress-phase");
    expect(screen.queryByTestId("ad-check")).toBeNull();
  });
});

describe("Preis & Übergabe in the create form", () => {
  const seller = {
    subscriptionStatus: null,
    planType: "free" as const,
    monthlyAllowance: 0,
    adCredits: 1,
    preferredPlatform: "kleinanzeigen" as const,
  };

  it("prefills price, type, shipping, pickup and place from the note, and keeps what the seller changed by hand", async () => {
    const { CreateAdForm } = await import("~/components/ads/create-ad-form");
    renderInRemix(<CreateAdForm user={seller} onCreated={() => {}} />);
    const note = await screen.findByLabelText("Beschreibung (optional)");
    await userEvent.type(note, "glasvitrine, nur abholung 81373 münchen. 250 VB");
    expect((screen.getByLabelText("Dein Preis in €") as HTMLInputElement).value).toBe("250");
    expect(screen.getByLabelText("Preisart")).toHaveProperty("value", "vb");
    expect(screen.getByLabelText("Versand")).toHaveProperty("value", "excluded");
    expect(screen.getByLabelText("Abholung")).toHaveProperty("value", "offered");
    expect((screen.getByLabelText("PLZ") as HTMLInputElement).value).toBe("81373");
    expect((screen.getByLabelText("Ort") as HTMLInputElement).value).toBe("München");
    await userEvent.selectOptions(screen.getByLabelText("Preisart"), "festpreis");
    await userEvent.type(note, " – bitte nur ernst gemeinte Anfragen");
    expect(screen.getByLabelText("Preisart")).toHaveProperty("value", "festpreis");
  });

  it("names a missing photo as the reason, beside the other missing fields, and sends nothing", async () => {
    const { CreateAdForm } = await import("~/components/ads/create-ad-form");
    const onCreated = vi.fn();
    renderInRemix(<CreateAdForm user={seller} onCreated={onCreated} />);
    await userEvent.type(await screen.findByLabelText("Was verkaufst du? *"), "Vitrine");
    await userEvent.click(screen.getByRole("button", { name: "KI-Anzeige erstellen" }));
    expect((await screen.findByTestId("photo-error")).textContent).toBe(
      "Bitte füge mindestens ein Foto hinzu – ohne Foto wird keine Anzeige erstellt.",
    );
    expect(screen.getByText("Bitte wähle eine Kategorie aus der Liste.")).toBeTruthy();
    // Nothing was sent, so no upload "failed".
    expect(screen.queryByText("Foto-Upload fehlgeschlagen")).toBeNull();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("says what is missing in the API's own words (one schema, app/lib/ad-input.ts)", async () => {
    const { CreateAdForm } = await import("~/components/ads/create-ad-form");
    const { adTextFieldsSchema } = await import("~/lib/ad-input");
    const onCreated = vi.fn();
    renderInRemix(<CreateAdForm user={seller} onCreated={onCreated} />);
    await userEvent.click(await screen.findByRole("button", { name: "KI-Anzeige erstellen" }));
    expect(await screen.findByText("Bitte gib an, was du verkaufst.")).toBeTruthy();
    expect(screen.getByText("Bitte wähle eine Kategorie aus der Liste.")).toBeTruthy();
    // The API answers the same empty fields with the same sentences.
    const api = adTextFieldsSchema.safeParse({ itemName: "", category: "" });
    expect(api.error?.issues.map((issue) => issue.message)).toEqual([
      "Bitte gib an, was du verkaufst.",
      "Bitte wähle eine Kategorie aus der Liste.",
    ]);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("counts a long note, lets all of it in and refuses one over the limit in the API's words", async () => {
    const { CreateAdForm } = await import("~/components/ads/create-ad-form");
    const { adTextFieldsSchema } = await import("~/lib/ad-input");
    const { longNote } = await import("../fixtures/long-note");
    const onCreated = vi.fn();
    renderInRemix(<CreateAdForm user={seller} onCreated={onCreated} />);
    await userEvent.type(await screen.findByLabelText("Was verkaufst du? *"), "Vitrine");
    await userEvent.selectOptions(screen.getByLabelText("Kategorie *"), "moebel");
    const note = screen.getByLabelText("Beschreibung (optional)") as HTMLTextAreaElement;
    // A pasted note of 3,050 characters arrives whole; the price at its end is read.
    await userEvent.click(note);
    await userEvent.paste(longNote(3050, "85 € VB, Abholung in Kassel"));
    expect(note.value).toHaveLength(3050);
    expect(note.hasAttribute("maxlength")).toBe(false);
    expect(screen.getByTestId("character-count").textContent).toBe("3.050 / 4.000 Zeichen");
    expect(screen.getByTestId("character-count").getAttribute("aria-live")).toBe("off");
    expect((screen.getByLabelText("Dein Preis in €") as HTMLInputElement).value).toBe("85");
    // Over the limit: still all there, counted in red and announced, and refused on sending.
    await userEvent.clear(note);
    await userEvent.paste(longNote(4123, "85 € VB, Abholung in Kassel"));
    expect(note.value).toHaveLength(4123);
    expect(screen.getByTestId("character-count").textContent).toBe("4.123 / 4.000 Zeichen – 123 zu viel");
    expect(screen.getByTestId("character-count").getAttribute("aria-live")).toBe("polite");
    await userEvent.click(screen.getByRole("button", { name: "KI-Anzeige erstellen" }));
    const message = "Die Beschreibung darf höchstens 4.000 Zeichen lang sein – bitte kürze sie um 123 Zeichen.";
    expect(await screen.findByText(message)).toBeTruthy();
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect(onCreated).not.toHaveBeenCalled();
    // The API refuses the same note with the same sentence.
    const api = adTextFieldsSchema.safeParse({ itemName: "Vitrine", category: "moebel", description: note.value });
    expect(api.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it("names a price it cannot read in German and sends nothing", async () => {
    const { CreateAdForm } = await import("~/components/ads/create-ad-form");
    const onCreated = vi.fn();
    renderInRemix(<CreateAdForm user={seller} onCreated={onCreated} />);
    await userEvent.type(await screen.findByLabelText("Was verkaufst du? *"), "Vitrine");
    await userEvent.selectOptions(screen.getByLabelText("Kategorie *"), "moebel");
    await userEvent.type(screen.getByLabelText("Dein Preis in €"), "zweihundert");
    await userEvent.type(screen.getByLabelText("PLZ"), "8137");
    await userEvent.click(screen.getByRole("button", { name: "KI-Anzeige erstellen" }));
    expect(await screen.findByText("Bitte gib den Preis als Betrag in Euro an, z. B. 250 oder 12,50.")).toBeTruthy();
    expect(screen.getByText("Bitte gib eine fünfstellige Postleitzahl an.")).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
