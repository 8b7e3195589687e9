// The Kleinanzeigen panel of a finished ad (ADR 038, ADR 048) as a seller sees it: a dealer
// reviews category, condition, price type and shipping before publishing, sees "wird
// veröffentlicht…", then "live" with the link once the panel asks again; a sold ad is never offered
// for publishing again and shows no "Läuft bis … Verlängern"; the "Verkauft" dialog names every
// platform the ad is on; private sellers see that it is for dealers.
import { createRemixStub } from "@remix-run/testing";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KleinanzeigenPublish } from "~/components/kleinanzeigen/kleinanzeigen-publish";
import { ListingLifePanel } from "~/components/listings/listing-life";

type Answer = Record<string, unknown>;
const dealer = { configured: true, commercial: true, notice: null, sold: false };
const live = {
  status: "live",
  source: "api",
  url: "https://www.kleinanzeigen.de/s-anzeige/kinderwagen/3000000001-161-1",
  publishedAt: Date.UTC(2026, 10, 24),
  expiresAt: Date.UTC(2027, 0, 23),
  lastError: null,
};
const publishing = { ...live, status: "publishing", url: null, publishedAt: null, expiresAt: null };
const draft = {
  title: "Kinderwagen Bugaboo Fox 3",
  category: "Familie_Kind_Baby/Kinderwagen_Buggys",
  categories: [
    { path: "Familie_Kind_Baby/Kinderwagen_Buggys", group: "Familie, Kind & Baby", name: "Kinderwagen & Buggys" },
    { path: "Familie_Kind_Baby/Spielzeug", group: "Familie, Kind & Baby", name: "Spielzeug" },
  ],
  condition: "like_new",
  conditions: [
    { value: "new", label: "Neu" },
    { value: "like_new", label: "Sehr gut" },
  ],
  priceType: "vb",
  priceCents: 35000,
  priceIsEstimate: false,
  shipping: "excluded",
  pickup: "offered",
  shippingCostCents: null,
};

/** The API as the panel sees it: each route answers from its queue (the last answer repeats). */
function api(routes: Record<string, Answer[] | ((body: unknown) => Answer)>) {
  const calls: Array<{ route: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const route = `${init?.method ?? "GET"} ${String(input)}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ route, body });
      const answers = routes[route];
      if (!answers) return Response.json({ message: `unexpected ${route}` }, { status: 500 });
      const answer = typeof answers === "function" ? answers(body) : answers.length > 1 ? answers.shift()! : answers[0];
      return Response.json(answer, { status: route.startsWith("POST") ? 202 : 200 });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Bei Kleinanzeigen veröffentlichen", () => {
  it("opens the review prefilled from the ad, publishes what the dealer confirmed, shows 'wird veröffentlicht…', then 'live'", async () => {
    const calls = api({
      "GET /api/ads/ad-1/kleinanzeigen": [
        { ...dealer, listing: null },
        // Asked again at once when the publication starts, then every few seconds.
        { ...dealer, listing: publishing },
        { ...dealer, listing: live },
      ],
      "GET /api/ads/ad-1/kleinanzeigen/review": [draft],
      "POST /api/ads/ad-1/kleinanzeigen": [{ ...dealer, listing: publishing }],
    });
    // Only the panel's interval is faked; the clicks keep real timers.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    render(<KleinanzeigenPublish adId="ad-1" />);

    await userEvent.click(await screen.findByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" }));
    // Nothing is sent on the first click: the dealer sees the record first.
    expect(calls.map((call) => call.route)).not.toContain("POST /api/ads/ad-1/kleinanzeigen");
    const review = await screen.findByRole("form", { name: "Für Kleinanzeigen prüfen" });
    expect(within(review).getByLabelText("Kategorie bei Kleinanzeigen")).toHaveProperty("value", draft.category);
    expect(within(review).getByLabelText("Zustand")).toHaveProperty("value", "like_new");
    expect(within(review).getByLabelText<HTMLInputElement>("Preis in €").value).toBe("350");
    expect(within(review).getByLabelText<HTMLInputElement>("Versandkosten in €").disabled).toBe(true);
    expect(review.textContent).toContain("gilt für deine Anzeige überall");

    await userEvent.selectOptions(within(review).getByLabelText("Preisart"), "festpreis");
    await userEvent.click(within(review).getByRole("button", { name: "Jetzt bei Kleinanzeigen veröffentlichen" }));
    expect(calls.find((call) => call.route === "POST /api/ads/ad-1/kleinanzeigen")?.body).toEqual({
      category: draft.category,
      condition: "like_new",
      priceType: "festpreis",
      price: "350",
      shipping: "excluded",
      pickup: "offered",
    });
    expect((await screen.findByTestId("kleinanzeigen-status")).textContent).toContain("wird veröffentlicht…");
    expect(screen.queryByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" })).toBeNull();

    // The panel asks again while Kleinanzeigen decides (every few seconds).
    await act(async () => {
      vi.advanceTimersByTime(4000);
    });
    const link = await screen.findByRole("link", { name: "Anzeige bei Kleinanzeigen öffnen" });
    expect(link.getAttribute("href")).toBe(live.url);
    expect(screen.getByTestId("kleinanzeigen-status").textContent).toMatch(/^live seit 24\.11\.2026/);
    expect(screen.getByText(/Läuft bis 23\.01\.2027/)).toBeTruthy();
  });

  it("shows the server's German message under the field it concerns, and publishes nothing", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const route = `${init?.method ?? "GET"} ${String(input)}`;
        if (route === "POST /api/ads/ad-1/kleinanzeigen")
          return Response.json({ message: "Wähle den Zustand.", fieldErrors: { condition: "Wähle den Zustand." } }, { status: 400 });
        if (route.endsWith("/review")) return Response.json({ ...draft, condition: null });
        return Response.json({ ...dealer, listing: null });
      }),
    );
    render(<KleinanzeigenPublish adId="ad-1" />);
    await userEvent.click(await screen.findByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" }));
    const review = await screen.findByRole("form", { name: "Für Kleinanzeigen prüfen" });
    expect(within(review).getByLabelText("Zustand")).toHaveProperty("value", "");
    await userEvent.click(within(review).getByRole("button", { name: "Jetzt bei Kleinanzeigen veröffentlichen" }));
    const condition = within(review).getByLabelText("Zustand");
    expect(condition.getAttribute("aria-invalid")).toBe("true");
    expect(within(review).getByRole("alert").textContent).toBe("Wähle den Zustand.");
    expect(screen.queryByTestId("kleinanzeigen-status")).toBeNull();
  });

  it("tells a private seller that it is for dealers and offers no button", async () => {
    api({ "GET /api/ads/ad-1/kleinanzeigen": [{ configured: true, commercial: false, notice: "…", sold: false, listing: null }] });
    render(<KleinanzeigenPublish adId="ad-1" />);
    expect(await screen.findByText(/nur für gewerbliche Händler/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" })).toBeNull();
  });

  it("shows a state Kleinanzeigen reports that the product does not know as unknown, beside 'wird veröffentlicht…'", async () => {
    const notice = "Status unbekannt: „ONLINE_GEPRUEFT“. Kleinanzeigen meldet einen Stand, den AnzeigenPilot nicht kennt.";
    api({ "GET /api/ads/ad-1/kleinanzeigen": [{ ...dealer, listing: { ...publishing, lastError: notice } }] });
    render(<KleinanzeigenPublish adId="ad-1" />);
    expect((await screen.findByTestId("kleinanzeigen-status")).textContent).toContain("wird veröffentlicht");
    expect(await screen.findByText(notice)).toBeTruthy();
    expect(screen.getByTestId("kleinanzeigen-publish").textContent).not.toContain("nicht erreichbar");
  });

  it("says in plain words that publishing there is not set up yet", async () => {
    const notice =
      "Direkt bei Kleinanzeigen veröffentlichen ist hier noch nicht eingerichtet: Dafür braucht AnzeigenPilot einen Händlerzugang von Kleinanzeigen.";
    api({ "GET /api/ads/ad-1/kleinanzeigen": [{ configured: false, commercial: true, notice, sold: false, listing: null }] });
    render(<KleinanzeigenPublish adId="ad-1" />);
    expect(await screen.findByText(notice)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" })).toBeNull();
  });

  it("shows Kleinanzeigen's reason when it refused, with the button to try again", async () => {
    api({
      "GET /api/ads/ad-1/kleinanzeigen": [
        {
          ...dealer,
          listing: {
            ...publishing,
            status: "failed",
            lastError: "Kleinanzeigen hat die Anzeige nicht veröffentlicht: Kategorie passt nicht.",
          },
        },
      ],
    });
    render(<KleinanzeigenPublish adId="ad-1" />);
    expect(await screen.findByText(/Kategorie passt nicht/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" })).toBeTruthy();
  });

  it.each([
    ["ended by 'Verkauft'", { ...live, status: "ended" }, "Verkauft – bei Kleinanzeigen beendet."],
    ["a link the seller entered", { ...live, source: "link" }, "Verkauft – beende deine Anzeige bei Kleinanzeigen jetzt selbst."],
    ["not yet ended", live, "Verkauft – wir beenden die Anzeige bei Kleinanzeigen, sobald Kleinanzeigen erreichbar ist."],
  ])("a sold ad (%s) is never offered for publishing and shows no expiry", async (_case, listing, words) => {
    api({ "GET /api/ads/ad-1/kleinanzeigen": [{ ...dealer, sold: true, listing }] });
    render(<KleinanzeigenPublish adId="ad-1" />);
    expect((await screen.findByTestId("kleinanzeigen-status")).textContent).toContain(words);
    expect(screen.queryByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Änderungen an Kleinanzeigen senden" })).toBeNull();
    expect(screen.queryByText(/Läuft bis/)).toBeNull();
    expect(screen.queryByText(/Verlängern/)).toBeNull();
  });
});

describe("'Live auf' with Kleinanzeigen", () => {
  function inRemix(element: ReactNode) {
    const Stub = createRemixStub([
      { id: "root", path: "/", loader: () => ({ publicConfig: { ebayEnabled: true } }), Component: () => <>{element}</> },
    ]);
    return render(<Stub initialEntries={["/"]} />);
  }
  const row = {
    id: "l-1",
    platform: "kleinanzeigen",
    externalId: "uuid-1",
    priceCents: 35000,
    startPriceCents: 35000,
    endedAt: null,
    viaApi: true,
  };

  it("names every platform in the 'Verkauft' dialog; afterwards the card shows 'Beendet' alone and offers no publishing", async () => {
    const soldAt = Date.UTC(2026, 10, 26);
    api({
      "GET /api/ads/ad-1/listings": [
        {
          listings: [{ ...row, ...live }],
          plan: {
            stepCents: 1000,
            intervalDays: 1,
            floorCents: 20000,
            status: "active",
            nextCutAt: Date.UTC(2026, 10, 27),
            lastCutAt: null,
          },
          soldAt: null,
          ending: { automatic: ["eBay", "Kleinanzeigen"], byHand: ["Vinted"] },
        },
        {
          listings: [{ ...row, ...live, status: "ended", endedAt: soldAt }],
          plan: null,
          soldAt,
          ending: { automatic: [], byHand: ["Vinted"] },
        },
      ],
      "GET /api/ads/ad-1/kleinanzeigen": [
        { ...dealer, listing: live },
        { ...dealer, sold: true, listing: { ...live, status: "ended" } },
      ],
      "POST /api/ads/ad-1/sold": [{ soldAt, ended: [], byHand: ["Vinted"], failures: [] }],
    });
    inRemix(<ListingLifePanel adId="ad-1" onChanged={() => undefined} />);

    expect((await screen.findByTestId("price-plan")).textContent).toContain("jeden Tag −10 €");
    expect(await screen.findByText(/Läuft bis 23\.01\.2027/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Verkauft" }));
    const dialog = await screen.findByRole("dialog", { name: "Als verkauft markieren?" });
    expect(dialog.textContent).toContain("Wir beenden die Anzeige auf eBay und Kleinanzeigen automatisch.");
    expect(dialog.textContent).toContain("Auf Vinted beendest du sie selbst");

    await userEvent.click(within(dialog).getByRole("button", { name: "Verkauft – Angebote beenden" }));
    expect((await screen.findByTestId("kleinanzeigen-status")).textContent).toBe("Verkauft – bei Kleinanzeigen beendet.");
    expect(within(screen.getByTestId("listing-row")).getByText("Beendet")).toBeTruthy();
    expect(screen.queryByText(/Läuft bis/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Auf eBay veröffentlichen" })).toBeNull();
  });
});
