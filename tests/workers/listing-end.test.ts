// Deleting an ad or the whole account ends its live listings where an API exists and names the
// rest (ADR 049): eBay's offer is withdrawn at the fake eBay; a link saved by hand, or a listing eBay
// would not end, is answered so the seller ends it there.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads, marketplaceConnections, outboxMails } from "~/.server/db/schema";
import { decryptToken } from "~/.server/crypto/token-cipher";
import { db, ebayEnv } from "./helpers";
import { call, finishedAd, json, publishOnEbay, setUpSeller } from "./ebay-seller";

const FAKE = env.FAKE_EBAY_URL;

async function offerStatus(adId: string) {
  const state = await (await fetch(`${FAKE}/__state`)).json<{ offers: Array<{ sku: string; status: string }> }>();
  return state.offers.find((offer) => offer.sku === `ap-${adId}`)?.status;
}

/** eBay ends the seller's grants (a password change at eBay does that): nothing can be withdrawn any more. */
async function endGrants(userId: string) {
  const [row] = await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.userId, userId));
  const key = (ebayEnv as unknown as { TOKEN_ENCRYPTION_KEY: string }).TOKEN_ENCRYPTION_KEY;
  const token = await decryptToken(key, row.accessTokenCipher!, userId);
  await fetch(`${FAKE}/__control/expire-refresh-tokens?token=${encodeURIComponent(token)}`, { method: "POST" });
}

describe("deleting an ad", () => {
  it("withdraws its eBay offer at eBay and names the platform posted by hand", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id, { listingUrl: "https://www.vinted.de/items/4711-kaffeevollautomat" });
    const listing = await publishOnEbay(seller.auth, ad.id);
    expect(await offerStatus(ad.id)).toBe("PUBLISHED");

    const response = await call(`/api/ads/${ad.id}`, json(seller.auth, "DELETE"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "Anzeige gelöscht",
      remaining: ["Vinted"],
      hint: "Noch online – beende die Anzeige dort selbst: Vinted.",
    });
    expect(await offerStatus(ad.id)).toBe("UNPUBLISHED");
    expect(await (await fetch(listing.url)).text()).toContain("Beendet");
    expect(await db().select().from(ads).where(eq(ads.id, ad.id))).toEqual([]);
  });

  it("is deleted when eBay will not end the listing, and says that it is still online there", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id);
    await publishOnEbay(seller.auth, ad.id);
    await endGrants(seller.user.id);

    const response = await call(`/api/ads/${ad.id}`, json(seller.auth, "DELETE"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "Anzeige gelöscht",
      remaining: ["eBay (automatisches Beenden hat nicht geklappt)"],
      hint: "Noch online – beende die Anzeige dort selbst: eBay (automatisches Beenden hat nicht geklappt).",
    });
    expect(await offerStatus(ad.id)).toBe("PUBLISHED");
    expect(await db().select().from(ads).where(eq(ads.id, ad.id))).toEqual([]);
  });
});

describe("deleting the account", () => {
  it("ends every eBay listing before the tokens go, and names each ad that stays online", async () => {
    const seller = await setUpSeller();
    const onEbay = await finishedAd(seller.user.id);
    await publishOnEbay(seller.auth, onEbay.id);
    await finishedAd(seller.user.id, {
      optimizedTitle: "Winterjacke Gr. M",
      listingUrl: "https://www.kleinanzeigen.de/s-anzeige/jacke/123",
    });
    // Sold: its links were named at "Verkauft" already.
    await finishedAd(seller.user.id, { soldAt: Date.now(), listingUrl: "https://www.vinted.de/items/1-sofa" });

    const response = await call("/api/account", json(seller.auth, "DELETE"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "Account gelöscht",
      remaining: ["„Winterjacke Gr. M“ bei Kleinanzeigen"],
      hint: "Noch online – beende die Anzeige dort selbst: „Winterjacke Gr. M“ bei Kleinanzeigen.",
    });
    expect(await offerStatus(onEbay.id)).toBe("UNPUBLISHED");
    expect(await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.userId, seller.user.id))).toEqual([]);
  });
});

describe("„Verkauft“ for a private seller who posted the copy by hand", () => {
  it("names Kleinanzeigen once the seller took its copy, in the dialog, the answer and the mail", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id);
    await publishOnEbay(seller.auth, ad.id);
    // "Titel kopieren" and "Text kopieren" for Kleinanzeigen: recorded once.
    for (let copy = 0; copy < 2; copy += 1) {
      const copied = await call(`/api/ads/${ad.id}/copies`, json(seller.auth, "POST", { platform: "kleinanzeigen" }));
      expect(copied.status).toBe(200);
    }
    const [row] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(row.copiedTo).toEqual(["kleinanzeigen"]);
    // eBay's own copy taken too: that listing the app ends itself, so eBay is not named for the seller.
    expect((await call(`/api/ads/${ad.id}/copies`, json(seller.auth, "POST", { platform: "ebay" }))).status).toBe(200);

    const life = await (
      await call(`/api/ads/${ad.id}/listings`, { headers: seller.auth })
    ).json<{
      ending: { automatic: string[]; byHand: string[] };
    }>();
    expect(life.ending).toEqual({ automatic: ["eBay"], byHand: ["Kleinanzeigen"] });

    const outbox = { ...ebayEnv, MAIL_MODE: "outbox" } as Env;
    const sold = await call(`/api/ads/${ad.id}/sold`, json(seller.auth, "POST"), outbox);
    expect(sold.status).toBe(200);
    expect(await sold.json()).toMatchObject({ byHand: ["Kleinanzeigen"], failures: [] });
    const [mail] = await db()
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.to, seller.user.email), eq(outboxMails.kind, "sold_end_listings")));
    expect(mail.text).toContain("Kleinanzeigen");
  });

  it("refuses an unknown platform in German", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id);
    const response = await call(`/api/ads/${ad.id}/copies`, json(seller.auth, "POST", { platform: "quoka" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Unbekannte Plattform." });
  });
});
