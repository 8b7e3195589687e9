// The Kleinanzeigen panel of a finished ad (ADR 038) as a seller sees it: dealers publish on their
// click and see "wird veröffentlicht…", then "live" with the link once the panel asks again;
// private sellers see that it is for dealers; without dealer access the panel says so.
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KleinanzeigenPublish } from "~/components/dashboard/kleinanzeigen-publish";

type Answer = Record<string, unknown>;
const dealer = { configured: true, commercial: true, notice: null };

function gateway(answers: { get: Answer[]; post?: Answer }) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    calls.push(`${method} ${String(input)}`);
    const body = method === "POST" ? answers.post : answers.get.length > 1 ? answers.get.shift() : answers.get[0];
    return Response.json(body, { status: method === "POST" ? 202 : 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Bei Kleinanzeigen veröffentlichen", () => {
  it("publishes on the dealer's click, shows 'wird veröffentlicht…', then 'live' with the link", async () => {
    const live = {
      status: "live",
      source: "api",
      url: "https://www.kleinanzeigen.de/s-anzeige/sofa/3000000001-161-1",
      publishedAt: Date.UTC(2026, 10, 24),
      expiresAt: Date.UTC(2027, 0, 23),
      lastError: null,
    };
    const publishing = { ...live, status: "publishing", url: null, publishedAt: null, expiresAt: null };
    const calls = gateway({
      get: [
        { ...dealer, listing: null },
        { ...dealer, listing: publishing },
        { ...dealer, listing: live },
      ],
      post: { ...dealer, listing: publishing },
    });
    // Only the panel's interval is faked; the clicks keep real timers.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    render(<KleinanzeigenPublish adId="ad-1" />);

    await userEvent.click(await screen.findByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" }));
    expect(calls).toContain("POST /api/ads/ad-1/kleinanzeigen");
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

  it("tells a private seller that it is for dealers and offers no button", async () => {
    gateway({ get: [{ configured: true, commercial: false, notice: "…", listing: null }] });
    render(<KleinanzeigenPublish adId="ad-1" />);
    expect(await screen.findByText(/nur für gewerbliche Händler/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" })).toBeNull();
  });

  it("says that dealer API access is missing when the installation has none", async () => {
    gateway({
      get: [
        {
          configured: false,
          commercial: true,
          notice: "Veröffentlichen bei Kleinanzeigen braucht den Händler-API-Zugang von Kleinanzeigen.",
          listing: null,
        },
      ],
    });
    render(<KleinanzeigenPublish adId="ad-1" />);
    expect(await screen.findByText(/braucht den Händler-API-Zugang/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" })).toBeNull();
  });

  it("shows Kleinanzeigen's reason when it refused, with the button to try again", async () => {
    gateway({
      get: [
        {
          ...dealer,
          listing: {
            status: "failed",
            source: "api",
            url: null,
            publishedAt: null,
            expiresAt: null,
            lastError: "Kleinanzeigen hat die Anzeige nicht veröffentlicht: Kategorie passt nicht.",
          },
        },
      ],
    });
    render(<KleinanzeigenPublish adId="ad-1" />);
    expect(await screen.findByText(/Kategorie passt nicht/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" })).toBeTruthy();
  });
});
