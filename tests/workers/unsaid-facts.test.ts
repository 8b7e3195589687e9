// The record is true: nothing the seller did not say. Notes that state no condition grade, no payment
// method and nothing about "other defects" — "funktioniert tadellos", "zweimal benutzt", giveaways,
// a named scratch — are created through the API as a seller creates them, written by the offline
// writer, then read back from every surface a seller or buyer sees: the seller's card JSON and every
// copy, the public page's JSON, its preview (meta, og, twitter) and JSON-LD, the Verkaufshelfer's
// ready replies and its counter-offers, and the Kleinanzeigen listing body. None may refuse pickup
// (a note that mentions shipping says nothing about pickup), name a condition grade ("Sehr gut", "Neuwertig",
// schema.org's itemCondition), cash payment ("bar") or any other payment method, or promise that
// there are no other defects — in Germany the ad text and the replies bind a private seller.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/.server/db/schema";
import { listingBody } from "~/.server/app-worker/kleinanzeigen/listing-body";
import { db, signedInUser } from "./helpers";
import { call, fetchPage, metaContent } from "./render-pages";
import { offlineFinishedAd } from "./offline-ad";

type Note = {
  seller: "private" | "commercial";
  item: string;
  note: string;
  /** The seller's own condition words, which the condition reply quotes; null = the note says none. */
  words: string | null;
};

const NOTES: Note[] = [
  { seller: "private", item: "Stabmixer Bosch", note: "Stabmixer Bosch, funktioniert tadellos, 15 €", words: "funktioniert tadellos" },
  { seller: "private", item: "Waffeleisen", note: "Waffeleisen, zweimal benutzt, 20 € VB, Abholung in Köln", words: "zweimal benutzt" },
  {
    seller: "private",
    item: "Babyschale Maxi-Cosi",
    note: "Babyschale Maxi-Cosi Pebble, kaum benutzt, 40 €, nur Abholung",
    words: "kaum benutzt",
  },
  { seller: "private", item: "Sofa", note: "Sofa 3-Sitzer, zu verschenken, nur Abholung in 50667 Köln", words: null },
  { seller: "private", item: "Kaffeemaschine", note: "Kaffeemaschine Melitta, Kratzer am Deckel, 25 € VB", words: "Kratzer am Deckel" },
  {
    seller: "private",
    item: "Gitarre Yamaha",
    note: "Gitarre Yamaha C40, gepflegt, mit Tasche, 120 € VB, Versand möglich",
    words: "gepflegt",
  },
  {
    seller: "private",
    item: "Winterjacke",
    note: "Winterjacke Gr. L, nur 2x getragen, 30 €, Versand 4,99 € mit DHL",
    words: "nur 2x getragen",
  },
  { seller: "private", item: "Kinderbett", note: "Kinderbett mit Matratze, Top, zu verschenken, Abholung in Berlin", words: "Top" },
  {
    seller: "commercial",
    item: "Akkuschrauber Makita",
    note: "Akkuschrauber Makita DDF485, einwandfrei, 2 Akkus, 60 € Festpreis",
    words: "einwandfrei",
  },
  {
    seller: "private",
    item: "Monitor Dell",
    note: "Monitor Dell 24 Zoll, kleiner Pixelfehler, 50 € VB, Abholung oder Versand",
    words: "kleiner Pixelfehler",
  },
  {
    seller: "private",
    item: "Nähmaschine Singer",
    note: "Nähmaschine Singer, kaum genutzt, Kratzer am Gehäuse, 70 € VB",
    words: "kaum genutzt",
  },
  {
    seller: "commercial",
    item: "Bürostuhl",
    note: "Bürostuhl ergonomisch, gepflegt, 89 € inkl. MwSt, Abholung oder Versand",
    words: "gepflegt",
  },
  { seller: "private", item: "Rasenmäher", note: "Rasenmäher Einhell, läuft, 90 €, nur Abholung", words: "läuft" },
  { seller: "private", item: "Kinderfahrrad", note: "Kinderfahrrad 16 Zoll, zu verschenken, Abholung in Hamburg", words: null },
];

/** A condition grade as a surface would state it. The seller's own words ("kaum benutzt", "Top") are no grade. */
const GRADE =
  /Zustand(?: ist)?:? „?(?:Neu|Neuwertig|Sehr gut|Gut|Wie neu|Akzeptabel)\b|neuwertig|\bwie neu\b|sehr gut|gute[mnr]? Zustand|gut erhalten|\bneu\b(?![-‑])/i;
/** Cash or any other payment method: the seller named none. */
const PAYMENT = /\bbar\b|barzahlung|bargeld|paypal|überweisung|sicher bezahlen/i;
/** A statement about defects the seller never made. */
const NO_OTHER_DEFECTS =
  /keine weiteren Mängel|Mängel, die nicht in der Anzeige stehen|sonst keine Mängel|keine (?:versteckten|sonstigen) Mängel|mängelfrei/i;

/** Pickup refused: none of these notes says "nur Versand", and "Versand möglich" says nothing about pickup (ADR 064). */
const PICKUP_DENIED = /Abholung (?:ist )?(?:leider )?nicht möglich|nur Versand|keine Abholung/i;

function expectNothingUnsaid(text: string, where: string) {
  expect(text, `${where}: pickup`).not.toMatch(PICKUP_DENIED);
  expect(text, `${where}: grade`).not.toMatch(GRADE);
  expect(text, `${where}: payment`).not.toMatch(PAYMENT);
  expect(text, `${where}: defects`).not.toMatch(NO_OTHER_DEFECTS);
}

function postJson(auth: Record<string, string>, body: unknown): RequestInit {
  return { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify(body) };
}

describe("nothing the seller did not say", () => {
  it.each(NOTES.map((note) => [note.note, note] as const))("%s", async (_note, note) => {
    const profile =
      note.seller === "commercial"
        ? { businessType: "commercial" as const, companyName: "Werkzeug Meyer GmbH", postalCode: "20095", city: "Hamburg" }
        : { postalCode: "10115", city: "Berlin" };
    const { user, auth } = await signedInUser(profile);
    const ad = await offlineFinishedAd(call, auth, { itemName: note.item, description: note.note });

    // The seller's card (its JSON, the note aside) and every paste-ready copy.
    const cards = await (await call("/api/ads", { headers: auth })).json<Array<Record<string, unknown>>>();
    const { originalDescription: _own, description: _typed, ...card } = cards.find((entry) => entry.id === ad.id)!;
    expectNothingUnsaid(JSON.stringify(card), "card");
    for (const variant of card.variants as Array<{ platform: string; title: string; text: string; html: string | null }>)
      expectNothingUnsaid(`${variant.title}\n${variant.text}\n${variant.html ?? ""}`, variant.platform);

    // The public page's JSON, its preview and its JSON-LD.
    const page = await (await call(`/api/ads/public/${ad.id}`)).json<Record<string, unknown>>();
    expect(page.condition).toBeNull();
    expectNothingUnsaid(JSON.stringify(page), "public JSON");
    const html = await (await fetchPage(`/ad/${ad.id}`)).text();
    for (const key of ["description", "og:description", "twitter:description"]) expectNothingUnsaid(metaContent(html, key) ?? "", key);
    const jsonLd = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(jsonLd).toContain('"@type":"Product"');
    expect(jsonLd).not.toContain("itemCondition");
    expectNothingUnsaid(jsonLd, "JSON-LD");

    // The Kleinanzeigen listing's body (the dealer gateway's); the eBay listing's text is the eBay copy above.
    const [owner] = await db().select().from(users).where(eq(users.id, user.id));
    expectNothingUnsaid(JSON.stringify(listingBody(ad, owner)), "Kleinanzeigen listing");

    // The Verkaufshelfer: every ready reply and the answer to offers low, near and above the price.
    const kit = await (
      await call(`/api/ads/${ad.id}/sales-kit`, { headers: auth })
    ).json<{
      strategy: { anchorCents: number };
      replies: Array<{ id: string; text: string }>;
    }>();
    for (const reply of kit.replies) expectNothingUnsaid(reply.text, `reply ${reply.id}`);
    const condition = kit.replies.find((reply) => reply.id === "condition");
    // The condition reply quotes the seller's words, or is left out where the note says nothing about the condition.
    // (A defect opens its own sentence under "Zu beachten": "Kleiner Pixelfehler".)
    if (note.words) expect(condition?.text.toLowerCase()).toContain(note.words.toLowerCase());
    else expect(condition).toBeUndefined();
    const anchor = kit.strategy.anchorCents;
    for (const offerCents of [100, Math.max(100, Math.round(anchor * 0.9)), Math.max(100, anchor), anchor + 5000]) {
      const answer = await (
        await call(`/api/ads/${ad.id}/sales-kit/counter-offer`, postJson(auth, { offerCents }))
      ).json<{ message: string }>();
      expectNothingUnsaid(answer.message, `counter-offer ${offerCents}`);
    }
  });
});
