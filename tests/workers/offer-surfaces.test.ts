// One offer, every surface (ADR 041): twelve offers — price types × handover × shipping
// cost × seller type — created from the seller's note as a seller creates them, written by the
// offline writer, then read back from every surface a seller or buyer sees: the seller's card and
// its paste-ready copies, the public page's JSON, the Verkaufshelfer (strategy, ready replies, a
// counter-offer), the eBay draft and the offer at (fake) eBay, and the Kleinanzeigen listing body.
// Each must state the same price, price type, handover and shipping cost, and no reply names the
// seller's minimum.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads, users } from "~/.server/db/schema";
import { listingBody } from "~/.server/app-worker/kleinanzeigen/listing-body";
import { formatEuroCents } from "~/lib/format";
import type { Availability, PriceType } from "~/lib/offer-facts";
import { call, json, setUpSeller } from "./ebay-seller";
import { offlineFinishedAd } from "./offline-ad";
import { db } from "./helpers";

type Offer = {
  seller: "private" | "commercial";
  item: string;
  note: string;
  /** Form fields that win over the note (the create form's own fields). */
  fields?: Record<string, string>;
  cents: number;
  /** The type as the seller stated it (null = none), and as every surface treats it. */
  stated: PriceType | null;
  treatedAs: PriceType;
  label: string;
  /** Shipping and pickup as the note says them: offered, excluded, or null (unsaid, and then stated nowhere). */
  ships: Availability | null;
  pickup: Availability | null;
  /** Cents the buyer pays for shipping (0 = included); null = not stated. */
  shippingCost: number | null;
  /** eBay.de's service for the parcel service the note names (ADR 075); none named: the seller's own policy. */
  ebayService?: string;
};

const OFFERS: Offer[] = [
  // prettier-ignore
  { seller: "private", item: "Winterjacke", note: "Jacke Gr. M, 35 € VB, Versand 5,49 € mit DHL, nur Versand", cents: 3500, stated: "vb", treatedAs: "vb", label: "35 € VB", ships: "offered", pickup: "excluded", shippingCost: 549, ebayService: "DE_DHLPaket" },
  // prettier-ignore
  { seller: "private", item: "Kinderwagen", note: "Kinderwagen Bugaboo, nur Abholung in 81373 München, 450 VB", cents: 45000, stated: "vb", treatedAs: "vb", label: "450 € VB", ships: "excluded", pickup: "offered", shippingCost: null },
  // prettier-ignore
  { seller: "private", item: "Schreibtisch", note: "Schreibtisch, zu verschenken, Abholung in Köln", cents: 0, stated: "verschenken", treatedAs: "verschenken", label: "Zu verschenken", ships: null, pickup: "offered", shippingCost: null },
  // prettier-ignore
  { seller: "private", item: "Roman", note: "Buch, 8 € Festpreis inkl. Versand, Abholung auch möglich", cents: 800, stated: "festpreis", treatedAs: "festpreis", label: "8 € Festpreis", ships: "offered", pickup: "offered", shippingCost: 0 },
  // prettier-ignore
  { seller: "commercial", item: "Bürostuhl", note: "Bürostuhl, 389 € inkl. MwSt, Versand 19,90 € mit DPD, nur Versand", cents: 38900, stated: null, treatedAs: "festpreis", label: "389 €", ships: "offered", pickup: "excluded", shippingCost: 1990, ebayService: "DE_DPDClassic" },
  // prettier-ignore
  { seller: "commercial", item: "Monitor", note: "Monitor 27 Zoll, 149 € VB, Abholung oder Versand für 6,99 €", cents: 14900, stated: "vb", treatedAs: "vb", label: "149 € VB", ships: "offered", pickup: "offered", shippingCost: 699 },
  // prettier-ignore
  { seller: "private", item: "Switch", note: "Versand möglich gegen Aufpreis 6,99, 35€", cents: 3500, stated: null, treatedAs: "festpreis", label: "35 €", ships: "offered", pickup: null, shippingCost: 699 },
  // prettier-ignore
  { seller: "private", item: "Stehlampe", note: "Lampe 20€", fields: { price: "25", priceType: "vb", shipping: "excluded", pickup: "offered" }, cents: 2500, stated: "vb", treatedAs: "vb", label: "25 € VB", ships: "excluded", pickup: "offered", shippingCost: null },
  // prettier-ignore
  { seller: "commercial", item: "Umzugskartons", note: "Kartons zu verschenken, nur Abholung", cents: 0, stated: "verschenken", treatedAs: "verschenken", label: "Zu verschenken", ships: "excluded", pickup: "offered", shippingCost: null },
  // prettier-ignore
  { seller: "private", item: "Fahrrad", note: "Fahrrad 28 Zoll, 180 € Festpreis, nur Abholung, kein Versand", cents: 18000, stated: "festpreis", treatedAs: "festpreis", label: "180 € Festpreis", ships: "excluded", pickup: "offered", shippingCost: null },
  // prettier-ignore
  { seller: "commercial", item: "Druckerpatronen", note: "Druckerpatronen, 25 € inkl. Versand, nur Versand", cents: 2500, stated: null, treatedAs: "festpreis", label: "25 €", ships: "offered", pickup: "excluded", shippingCost: 0 },
  // prettier-ignore
  { seller: "private", item: "Winterreifen", note: "Winterreifen 205/55 R16, 280 € VB, Versand ca. 7 € mit Hermes oder Abholung", cents: 28000, stated: "vb", treatedAs: "vb", label: "280 € VB", ships: "offered", pickup: "offered", shippingCost: 700, ebayService: "DE_HermesPaket" },
];

const KLEINANZEIGEN_TYPES = { festpreis: "FIXED", vb: "NEGOTIABLE", verschenken: "GIVE_AWAY" } as const;
const euros = (cents: number) => formatEuroCents(cents).replace(/\s/g, " ");
const plain = (text: string) => text.replace(/\s/g, " ");

/** A seller connected to (fake) eBay and set up from zero there; a dealer with imprint and PLZ. */
async function sellerOf(type: Offer["seller"]) {
  const profile =
    type === "commercial"
      ? { businessType: "commercial" as const, companyName: "Büro Meyer GmbH", postalCode: "20095", city: "Hamburg" }
      : { postalCode: "10115", city: "Berlin" };
  return setUpSeller(profile);
}

/** Creates the ad as the create form does, lets the offline writer finish it, and sets the seller's minimum. */
async function finishedAd(auth: Record<string, string>, offer: Offer, floorCents: number | null) {
  const ad = await offlineFinishedAd(call, auth, { itemName: offer.item, description: offer.note, ...offer.fields });
  if (floorCents !== null) await db().update(ads).set({ priceFloor: floorCents }).where(eq(ads.id, ad.id));
  return { ...ad, priceFloor: floorCents };
}

/** The words every surface uses for shipping, pickup and the shipping cost (the record's one line). */
function handoverWords(offer: Offer): RegExp[] {
  const words: RegExp[] = [];
  if (offer.ships === "excluded") words.push(/Kein Versand/);
  if (offer.pickup === "excluded") words.push(/Keine Abholung/);
  if (offer.pickup === "offered") words.push(/Abholung (?:möglich|in )/);
  if (offer.ships !== "excluded" && offer.shippingCost === 0) words.push(/Versand inklusive/);
  if (offer.ships !== "excluded" && offer.shippingCost) words.push(new RegExp(`Versand ${euros(offer.shippingCost)}`));
  return words;
}

/** What a surface must not say: nothing at all about a side the seller left unsaid (ADR 064). */
function unsaidWords(offer: Offer): RegExp[] {
  const words: RegExp[] = [];
  if (offer.pickup === null) words.push(/Abholung/);
  if (offer.ships === null && offer.shippingCost === null) words.push(/Versand/);
  return words;
}

describe("one offer, every surface", () => {
  it.each(OFFERS.map((offer) => [offer.note, offer] as const))("%s", async (_note, offer) => {
    const seller = await sellerOf(offer.seller);
    // The seller's minimum, set so that it is no price any reply would name by chance.
    const floor = offer.treatedAs === "vb" ? Math.round((offer.cents * 0.83) / 100) * 100 : null;
    const ad = await finishedAd(seller.auth, offer, floor);
    expect({
      askingPrice: ad.askingPrice,
      priceType: ad.priceType,
      shipping: ad.shipping,
      pickup: ad.pickup,
      shippingCost: ad.shippingCost,
    }).toEqual({
      askingPrice: offer.cents,
      priceType: offer.stated,
      shipping: offer.ships,
      pickup: offer.pickup,
      shippingCost: offer.shippingCost,
    });

    // The seller's card and every paste-ready copy.
    const own = (await (await call("/api/ads", { headers: seller.auth })).json<Array<Record<string, unknown>>>()).find(
      (entry) => entry.id === ad.id,
    ) as {
      priceLabel: string;
      variants: Array<{ platform: string; text: string; notice: string | null }>;
      check: { parts: Array<{ id: string; hints: string[] }> };
    };
    expect(plain(own.priceLabel)).toBe(offer.label);
    // The Anzeigen-Check reads the same record: the seller's own price, the handover stated.
    const checkHints = own.check.parts.flatMap((part) => part.hints).join("\n");
    expect(checkHints).not.toMatch(/Schätzung|Nenne deinen Preis|ob du versendest/);
    expect(/Sag, ob dein Preis verhandelbar ist/.test(checkHints)).toBe(offer.stated === null);
    for (const variant of own.variants) {
      const text = plain(variant.text);
      expect(text, variant.platform).toContain(`Preis: ${offer.label}`);
      // A private giveaway is a gift, not a sale: its legal note says so (ADR 086).
      if (offer.seller === "private") expect(text.includes("Privatverkauf"), variant.platform).toBe(offer.treatedAs !== "verschenken");
      if (offer.seller === "private")
        expect(text.includes("Privat zu verschenken"), variant.platform).toBe(offer.treatedAs === "verschenken");
      if (variant.platform === "vinted") {
        if (offer.ships === "excluded") {
          expect(text).not.toMatch(/versand/i);
          expect(variant.notice).toMatch(/^Nur Abholung/);
        }
        continue;
      }
      const offerLine = /Übergabe: (.*)/.exec(text)?.[1] ?? "";
      for (const words of handoverWords(offer)) expect(offerLine, variant.platform).toMatch(words);
      for (const words of unsaidWords(offer)) expect(offerLine, variant.platform).not.toMatch(words);
    }

    // The public page.
    const page = await (await call(`/api/ads/public/${ad.id}`)).json<Record<string, string | number | null>>();
    expect({ price: page.price, priceType: page.priceType, priceLabel: plain(String(page.priceLabel)) }).toEqual({
      price: offer.cents,
      priceType: offer.stated,
      priceLabel: offer.label,
    });
    for (const words of handoverWords(offer)) expect(plain(String(page.offerLine))).toMatch(words);
    for (const words of unsaidWords(offer)) expect(plain(String(page.offerLine))).not.toMatch(words);

    // The Verkaufshelfer: the same price and type, the seller's shipping, never the minimum.
    const kit = await (
      await call(`/api/ads/${ad.id}/sales-kit`, { headers: seller.auth })
    ).json<{ strategy: { anchorCents: number; mode: string; typeStated: boolean }; replies: Array<{ text: string }> }>();
    // The panel calls an untyped price no Festpreis of the seller's (ADR 089): the answer says whose type it is.
    expect(kit.strategy).toMatchObject({ anchorCents: offer.cents, mode: offer.treatedAs, typeStated: offer.stated !== null });
    const replies = plain(kit.replies.map((reply) => reply.text).join("\n"));
    if (floor !== null) expect(replies).not.toContain(euros(floor));
    // "Festpreis" only where the seller wrote it: an untyped price is answered as fixed but not called so (ADR 086).
    if (offer.stated !== "festpreis") expect(replies).not.toMatch(/Festpreis/);
    if (offer.treatedAs !== "vb") expect(replies).not.toMatch(/\bVB\b|Verhandlungsbasis/);
    if (offer.ships === "excluded") expect(replies).not.toMatch(/Päckchen|Paket|verschick|Versandkosten/i);
    else if (offer.shippingCost) expect(replies).toContain(euros(offer.shippingCost));
    // No pickup, or pickup unsaid: no reply offers a visit.
    if (offer.pickup !== "offered")
      expect(replies).not.toMatch(/Abholung ist (?:gern|natürlich|(?![^.!?]*nicht)[^.!?]*möglich)|vorbeikommen|Besichtigung/i);
    const above = await (
      await call(`/api/ads/${ad.id}/sales-kit/counter-offer`, json(seller.auth, "POST", { offerCents: offer.cents + 5000 }))
    ).json<{ decision: string }>();
    expect(above.decision).toBe(offer.treatedAs === "verschenken" ? "giveaway" : "above");
    if (offer.treatedAs === "festpreis") {
      const lower = await (
        await call(`/api/ads/${ad.id}/sales-kit/counter-offer`, json(seller.auth, "POST", { offerCents: offer.cents - 100 }))
      ).json<{ decision: string; message: string }>();
      expect(lower.decision).toBe("fixed");
      expect(plain(lower.message)).toContain(
        offer.stated === "festpreis" ? `Der Preis von ${euros(offer.cents)} ist ein Festpreis` : `Der Preis ist ${euros(offer.cents)}`,
      );
      if (offer.stated !== "festpreis") expect(lower.message).not.toMatch(/Festpreis/);
    }

    // The Kleinanzeigen listing (dealers only): the record's type, amount and handover line.
    if (offer.seller === "commercial") {
      const [user] = await db().select().from(users).where(eq(users.id, seller.user.id));
      const body = listingBody(ad, user);
      expect(body.price).toEqual({ type: KLEINANZEIGEN_TYPES[offer.treatedAs], amount: offer.cents / 100 });
      for (const words of handoverWords(offer)) expect(plain(body.description)).toMatch(words);
    }

    // eBay: the draft says what the record does there, and the offer at eBay carries it.
    const draft = await (
      await call(`/api/ads/${ad.id}/ebay-draft`, { headers: seller.auth })
    ).json<{
      categoryId: string;
      condition: string;
      priceCents: number | null;
      offerNotes: string[];
      aspects: Array<{ name: string; value: string; required: boolean; mode: string; values: string[] }>;
    }>();
    if (offer.treatedAs === "verschenken") {
      expect(draft.priceCents).toBeNull();
      expect(draft.offerNotes.join(" ")).not.toMatch(/Festpreis|Preisvorschl/);
      return;
    }
    expect(draft.priceCents).toBe(offer.cents);
    expect(draft.offerNotes.join(" ")).toContain(offer.treatedAs === "vb" ? "Preisvorschläge senden" : "ohne Preisvorschläge");
    // The seller never sees the minimum in the draft either (ADR 046).
    if (floor !== null) expect(plain(draft.offerNotes.join("\n"))).not.toContain(euros(floor));
    const filled = (aspect: (typeof draft.aspects)[number]) =>
      aspect.value || (aspect.required ? (aspect.mode === "SELECTION_ONLY" ? aspect.values[0] : "Markenlos") : "");
    const aspects = Object.fromEntries(draft.aspects.map((aspect) => [aspect.name, filled(aspect)]));
    const published = await call(
      `/api/ads/${ad.id}/ebay-publish`,
      json(seller.auth, "POST", { categoryId: draft.categoryId, condition: draft.condition, priceCents: draft.priceCents, aspects }),
    );
    expect(published.status, await published.clone().text()).toBe(200);
    const state = await (
      await fetch(`${env.FAKE_EBAY_URL}/__state`)
    ).json<{
      offers: Array<{
        sku: string;
        pricingSummary: { price: { value: string } };
        listingPolicies: Record<string, unknown>;
        merchantLocationKey: string;
      }>;
      items: Array<{ sku: string; product: { description: string } }>;
      accounts: Array<{
        fulfillmentPolicies: Array<{
          fulfillmentPolicyId: string;
          shippingOptions?: Array<{ optionType: string; shippingServices: Array<{ shippingServiceCode: string }> }>;
        }>;
      }>;
    }>();
    const atEbay = state.offers.find((entry) => entry.sku === `ap-${ad.id}`)!;
    expect(atEbay.pricingSummary.price.value).toBe((offer.cents / 100).toFixed(2));
    // The listing's text at eBay says what the record says, and nothing of an unsaid side.
    const item = state.items.find((entry) => entry.sku === `ap-${ad.id}`)!;
    const listed = plain(item.product.description.replace(/<[^>]+>/g, " "));
    for (const words of handoverWords(offer)) expect(listed).toMatch(words);
    for (const words of unsaidWords(offer)) expect(listed).not.toMatch(words);
    // VB: Best Offer, declined by eBay one cent below the seller's minimum (ADR 046).
    expect(atEbay.listingPolicies.bestOfferTerms).toEqual(
      offer.treatedAs === "vb" && floor !== null
        ? { bestOfferEnabled: true, autoDeclinePrice: { value: ((floor - 1) / 100).toFixed(2), currency: "EUR" } }
        : undefined,
    );
    // The policies "eBay einrichten" created: pickup only, or the shipping policy; the ad's own place.
    const { settings } = seller.setup;
    // A named parcel service: the policy offers exactly that service at eBay (ADR 075).
    const policy = state.accounts
      .flatMap((account) => account.fulfillmentPolicies)
      .find((entry) => entry.fulfillmentPolicyId === atEbay.listingPolicies.fulfillmentPolicyId)!;
    if (offer.ebayService)
      expect(policy.shippingOptions!.flatMap((option) => option.shippingServices.map((service) => service.shippingServiceCode))).toEqual([
        offer.ebayService,
      ]);
    else
      expect(atEbay.listingPolicies.fulfillmentPolicyId).toBe(
        offer.ships === "excluded" ? settings.pickupPolicyId : settings.fulfillmentPolicyId,
      );
    expect(atEbay.merchantLocationKey).toBe(`ap-plz-${ad.postalCode ?? seller.user.postalCode}`);
    expect(atEbay.listingPolicies.shippingCostOverrides).toEqual(
      offer.ships !== "excluded" && offer.shippingCost !== null
        ? [
            {
              priority: 1,
              shippingServiceType: "DOMESTIC",
              shippingCost: { value: (offer.shippingCost / 100).toFixed(2), currency: "EUR" },
              additionalShippingCost: { value: (offer.shippingCost / 100).toFixed(2), currency: "EUR" },
            },
          ]
        : undefined,
    );
  });
});
