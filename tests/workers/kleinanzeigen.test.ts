// "Bei Kleinanzeigen veröffentlichen" through the Public API Gateway for dealers (ADR 038), against
// the local fake gateway (fakes/kleinanzeigen.mjs, started by the global setup): the adapter's
// requests pass the fake's contract checks, the cron follows the asynchronous publication, the
// price-cut and "Verkauft" side (ListingPublisher) reaches the gateway, and the 60-day reminder
// goes out once, with a controlled clock, for API listings and for links entered by hand.
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads, listings, outboxMails } from "~/.server/db/schema";
import { sendExpiryReminders } from "~/.server/generator/kleinanzeigen/expiry";
import { kleinanzeigenHousekeeping } from "~/.server/generator/kleinanzeigen/housekeeping";
import { createKleinanzeigenClient } from "~/.server/kleinanzeigen/client";
import { KLEINANZEIGEN_LIFETIME_MS } from "~/.server/kleinanzeigen/listing-row";
import { kleinanzeigenPublisher } from "~/.server/kleinanzeigen/publisher";
import { getGeneratorConfig } from "~/.server/generator/env";
import { createOutboxMailer } from "~/.server/mail/outbox";
import generator from "../../workers/generator";
import { db, signedInUser } from "./helpers";
import {
  call,
  confirmed,
  dealerAccess,
  dealerEnv,
  dealerProfile,
  FAKE,
  fakeListing,
  fakeState,
  finishedAd,
  publish,
  rowOf,
} from "./kleinanzeigen-dealer";

describe("publishing to the fake Kleinanzeigen gateway", () => {
  it("creates the imprint once, the listing with every photo through a media ticket, and a pending publication", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const ad = await finishedAd(user.id);

    const response = await publish(ad.id, auth);
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({
      configured: true,
      commercial: true,
      listing: { status: "publishing", source: "api", url: null },
    });

    const row = await rowOf(ad.id);
    const listing = await fakeListing(row.externalId);
    expect(listing?.body).toMatchObject({
      title: "Kaffeevollautomat Siemens EQ.6, gepflegt",
      category: "Elektronik/Haushaltsgeraete",
      price: { type: "NEGOTIABLE", amount: 180 },
      attributes: { condition: "like_new", versand: "ja" },
    });
    expect(listing?.media).toHaveLength(2);
    expect(listing?.publications.map((p) => p.state)).toEqual(["PENDING"]);
    const imprint = (await fakeState()).imprints.find((i) => i.uuid === row.details.imprintUuid);
    expect(imprint?.content).toBe(`Müller Second Hand GmbH, Domstraße 1, 50667 Köln. Telefon: 0221 1234567. E-Mail: ${user.email}.`);

    // The profile shows the imprint as created; a second ad reuses it.
    const state = await (await call("/api/kleinanzeigen", { headers: auth })).json<{ imprintCreatedAt: number | null }>();
    expect(state.imprintCreatedAt).toBeGreaterThan(0);
    const second = await finishedAd(user.id);
    expect((await publish(second.id, auth)).status).toBe(202);
    expect((await rowOf(second.id)).details.imprintUuid).toBe(row.details.imprintUuid);
  });

  it("lists an 'Auto, Rad & Boot' ad under Kleinanzeigen's car parts and tyres", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const ad = await finishedAd(user.id, {
      category: "auto",
      itemName: "Winterreifen",
      optimizedTitle: "Continental WinterContact TS860 Winterreifen 205/55 R16",
    });
    const draft = await (await call(`/api/ads/${ad.id}/kleinanzeigen/review`, { headers: auth })).json<{ category: string }>();
    expect(draft.category).toBe("Auto_Rad_Boot/Autoteile_Reifen");
    expect((await publish(ad.id, auth, undefined, { ...confirmed, category: draft.category })).status).toBe(202);
    const listing = await fakeListing((await rowOf(ad.id)).externalId);
    expect(listing?.body).toMatchObject({
      title: "Continental WinterContact TS860 Winterreifen 205/55 R16",
      category: "Auto_Rad_Boot/Autoteile_Reifen",
    });
  });

  it("the cron turns the publication live with its address and a 60-day expiry, or failed with Kleinanzeigen's reason in German", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const accepted = await finishedAd(user.id);
    const rejected = await finishedAd(user.id, { optimizedTitle: "ABGELEHNT Kaffeevollautomat" });
    expect((await publish(accepted.id, auth)).status).toBe(202);
    expect((await publish(rejected.id, auth)).status).toBe(202);

    await generator.scheduled(
      createScheduledController({ cron: "*/5 * * * *" }),
      dealerEnv as unknown as GeneratorEnv,
      createExecutionContext(),
    );

    const live = await rowOf(accepted.id);
    expect(live).toMatchObject({ status: "live", lastError: null });
    expect(live.url).toMatch(/^https:\/\/www\.kleinanzeigen\.de\/s-anzeige\//);
    expect(live.expiresAt! - live.publishedAt!).toBe(KLEINANZEIGEN_LIFETIME_MS);
    const failed = await rowOf(rejected.id);
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toContain("Kleinanzeigen hat die Anzeige nicht veröffentlicht: Die Anzeige verstößt gegen die Grundsätze");

    const view = await (
      await call(`/api/ads/${accepted.id}/kleinanzeigen`, { headers: auth })
    ).json<{ listing: { status: string; url: string } }>();
    expect(view.listing).toMatchObject({ status: "live", url: live.url });
    // A rejected ad may be published again after the seller fixed it.
    expect((await publish(rejected.id, auth)).status).toBe(202);
  });

  it("shows a publication state Kleinanzeigen reports but the product does not know as unknown, never as unreachable, and keeps asking", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const ad = await finishedAd(user.id);
    expect((await publish(ad.id, auth)).status).toBe(202);
    const setState = (state: string) =>
      fetch(`${FAKE}/_fake/publication-state?customReference=${ad.id}&state=${state}`, { method: "POST" });
    const cron = () =>
      generator.scheduled(
        createScheduledController({ cron: "*/5 * * * *" }),
        dealerEnv as unknown as GeneratorEnv,
        createExecutionContext(),
      );

    expect((await setState("ONLINE_GEPRUEFT")).status).toBe(200);
    await cron();
    expect(await rowOf(ad.id)).toMatchObject({ status: "publishing" });
    const view = await (
      await call(`/api/ads/${ad.id}/kleinanzeigen`, { headers: auth })
    ).json<{ listing: { status: string; lastError: string } }>();
    expect(view.listing.status).toBe("publishing");
    expect(view.listing.lastError).toMatch(/^Status unbekannt: „ONLINE_GEPRUEFT“\./);
    expect(view.listing.lastError).not.toContain("nicht erreichbar");

    // Once Kleinanzeigen names a state the product knows (PUBLISHED, the update guide's), it is live and the notice goes.
    await setState("PUBLISHED");
    await cron();
    expect(await rowOf(ad.id)).toMatchObject({ status: "live", lastError: null });
  });

  it("refuses private sellers, a missing dealer access, an unfinished ad and a second publication — with German messages and nothing sent", async () => {
    const privateSeller = await signedInUser();
    const privateAd = await finishedAd(privateSeller.user.id);
    const refusedPrivate = await publish(privateAd.id, privateSeller.auth);
    expect(refusedPrivate.status).toBe(409);
    expect((await refusedPrivate.json<{ message: string }>()).message).toContain("nur für gewerbliche Händler");

    const dealer = await signedInUser(dealerProfile);
    const ad = await finishedAd(dealer.user.id);
    const unconfigured = await publish(ad.id, dealer.auth, { ...env, MAIL_MODE: "outbox" } as unknown as Env);
    expect(unconfigured.status).toBe(409);
    expect((await unconfigured.json<{ message: string }>()).message).toContain("hier noch nicht eingerichtet");
    const state = await (
      await call(`/api/ads/${ad.id}/kleinanzeigen`, { headers: dealer.auth }, env)
    ).json<{ configured: boolean; notice: string }>();
    expect(state).toMatchObject({ configured: false });
    expect(state.notice).toContain("hier noch nicht eingerichtet");

    const processing = await finishedAd(dealer.user.id, { status: "processing" });
    expect((await publish(processing.id, dealer.auth)).status).toBe(409);

    const noZip = await signedInUser({ ...dealerProfile, postalCode: null });
    const noZipAd = await finishedAd(noZip.user.id);
    const refusedZip = await publish(noZipAd.id, noZip.auth);
    expect(refusedZip.status).toBe(422);
    expect((await refusedZip.json<{ message: string }>()).message).toContain("Postleitzahl");

    for (const refused of [privateAd, ad, processing, noZipAd]) expect(await rowOf(refused.id)).toBeUndefined();

    expect((await publish(ad.id, dealer.auth)).status).toBe(202);
    const twice = await publish(ad.id, dealer.auth);
    expect(twice.status).toBe(409);
    expect((await twice.json<{ message: string }>()).message).toContain("schon veröffentlicht");
    expect((await fakeState()).listings.filter((listing) => listing.body.customReference === ad.id)).toHaveLength(1);
  });

  it("a new price updates the listing and republishes it, and is read back from Kleinanzeigen; pause pauses it; end deletes it there", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const ad = await finishedAd(user.id);
    await publish(ad.id, auth);
    await kleinanzeigenHousekeeping(env.DB, getGeneratorConfig(dealerEnv));
    const row = await rowOf(ad.id);
    expect(row.status).toBe("live");
    const publisher = kleinanzeigenPublisher({ APP_ENV: "test", ...dealerAccess });

    await publisher.update(row, { priceCents: 15_000 });
    let listing = await fakeListing(row.externalId);
    expect(listing?.body.price).toEqual({ type: "NEGOTIABLE", amount: 150 });
    expect(listing?.publications[0].state).toBe("PENDING");
    // "Live auf" reads the price back from Kleinanzeigen, not from the stored row.
    expect(await publisher.currentPrice(row)).toBe(15_000);

    // Republishing is asynchronous too: the gateway decides on the next status poll.
    const client = createKleinanzeigenClient({ apiUrl: FAKE, clientId: "fake-dealer", clientSecret: "fake-dealer-secret" });
    expect((await client.getPublication(row.details.listingUuid as string, row.details.publicationUuid as string)).state).toBe("PUBLISHED");

    await publisher.pause(row);
    expect((await fakeListing(row.externalId))?.publications[0].state).toBe("PAUSED");
    await publisher.end(row);
    listing = await fakeListing(row.externalId);
    expect(listing?.deleted).toBe(true);
    expect(listing?.publications[0].state).toBe("DELETED");
  });
});

describe("changes after publication", () => {
  it("sends the edited title and the seller's new price to the live listing, which Kleinanzeigen republishes", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const ad = await finishedAd(user.id);
    await publish(ad.id, auth);
    // Before it is live there is nothing to update.
    expect((await call(`/api/ads/${ad.id}/kleinanzeigen`, { method: "PUT", headers: auth })).status).toBe(409);
    await kleinanzeigenHousekeeping(env.DB, getGeneratorConfig(dealerEnv));

    await db()
      .update(ads)
      .set({ optimizedTitle: "Kaffeevollautomat Siemens EQ.6, frisch entkalkt", askingPrice: 16000 })
      .where(eq(ads.id, ad.id));
    const response = await call(`/api/ads/${ad.id}/kleinanzeigen`, { method: "PUT", headers: auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ listing: { status: "live" } });

    const row = await rowOf(ad.id);
    expect(row.priceCents).toBe(16000);
    const listing = await fakeListing(row.externalId);
    expect(listing?.body).toMatchObject({
      title: "Kaffeevollautomat Siemens EQ.6, frisch entkalkt",
      price: { type: "NEGOTIABLE", amount: 160 },
      // The category the dealer chose stays; the attributes follow the record.
      category: confirmed.category,
      attributes: { condition: "like_new", versand: "ja" },
    });
    expect(listing?.publications[0].state).toBe("PENDING");
  });
});

describe("Kleinanzeigen's 60-day life", () => {
  const DAY = 24 * 60 * 60 * 1000;

  async function liveListing(userId: string, adId: string, expiresAt: number, details: Record<string, unknown> = { source: "link" }) {
    await db()
      .insert(listings)
      .values({
        id: crypto.randomUUID(),
        adId,
        userId,
        platform: "kleinanzeigen",
        status: "live",
        url: "https://www.kleinanzeigen.de/s-anzeige/kaffee/123-161-1",
        publishedAt: expiresAt - 60 * DAY,
        expiresAt,
        details,
      });
  }

  const mailsTo = (email: string) => db().select().from(outboxMails).where(eq(outboxMails.to, email));

  it("mails 'Verlängern' once, five days before the expiry, never suggesting to delete and post again", async () => {
    const { user } = await signedInUser(dealerProfile);
    const ad = await finishedAd(user.id);
    const expiresAt = Date.UTC(2027, 0, 20, 12);
    await liveListing(user.id, ad.id, expiresAt);
    const mailer = createOutboxMailer(db());

    await sendExpiryReminders(db(), mailer, "https://anzeigenpilot.de", expiresAt - 6 * DAY);
    expect(await mailsTo(user.email)).toHaveLength(0);

    await sendExpiryReminders(db(), mailer, "https://anzeigenpilot.de", expiresAt - 4 * DAY);
    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toHaveLength(0);
    expect(mail.kind).toBe("kleinanzeigen_expiry");
    expect(mail.subject).toBe("Deine Kleinanzeige läuft bald ab – jetzt verlängern");
    expect(mail.text).toContain("läuft am 20.01.2027 ab");
    expect(mail.text).toContain("„Verlängern“");
    expect(mail.text).toContain("Bitte lösche die Anzeige nicht, um sie neu einzustellen");
    expect(mail.text).toContain("https://www.kleinanzeigen.de/s-anzeige/kaffee/123-161-1");
    expect(mail.html).toContain("Jetzt verlängern");
    expect((await rowOf(ad.id)).expiryReminderSentAt).toBe(expiresAt - 4 * DAY);

    await sendExpiryReminders(db(), mailer, "https://anzeigenpilot.de", expiresAt - 3 * DAY);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("a failing mail provider leaves the reminder due for the next run; sold ads get none", async () => {
    const { user } = await signedInUser(dealerProfile);
    const ad = await finishedAd(user.id);
    const sold = await finishedAd(user.id, { soldAt: Date.now() });
    const expiresAt = Date.now() + 2 * DAY;
    await liveListing(user.id, ad.id, expiresAt);
    await liveListing(user.id, sold.id, expiresAt);

    const failing = { send: async () => Promise.reject(new Error("mail API answered 503")) };
    expect(await sendExpiryReminders(db(), failing, "https://anzeigenpilot.de")).toMatchObject({ sent: 0 });
    expect((await rowOf(ad.id)).expiryReminderSentAt).toBeNull();

    await sendExpiryReminders(db(), createOutboxMailer(db()), "https://anzeigenpilot.de");
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect((await rowOf(sold.id)).expiryReminderSentAt).toBeNull();
  });

  it("a Kleinanzeigen link entered by hand starts the 60 days; removing it ends them; a gateway listing is never replaced", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const ad = await finishedAd(user.id);
    const link = "https://www.kleinanzeigen.de/s-anzeige/kaffeevollautomat/2345678901-176-1234";
    const before = Date.now();
    const saved = await call(`/api/ads/${ad.id}/listing`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ listingUrl: link }),
    });
    expect(saved.status).toBe(200);
    const row = await rowOf(ad.id);
    expect(row).toMatchObject({ status: "live", url: link, details: { source: "link" } });
    expect(row.expiresAt! - row.publishedAt!).toBe(KLEINANZEIGEN_LIFETIME_MS);
    expect(row.publishedAt).toBeGreaterThanOrEqual(before);

    // The reminder covers it too.
    await sendExpiryReminders(db(), createOutboxMailer(db()), "https://anzeigenpilot.de", row.expiresAt! - DAY);
    expect((await mailsTo(user.email))[0]?.text).toContain(link);

    // Not published through the gateway again (a duplicate) …
    expect((await publish(ad.id, auth)).status).toBe(409);
    // … and gone with the link.
    await call(`/api/ads/${ad.id}/listing`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ listingUrl: null }),
    });
    expect(await rowOf(ad.id)).toBeUndefined();

    // An eBay link makes no Kleinanzeigen row; a gateway listing keeps its row when a link is saved.
    await call(`/api/ads/${ad.id}/listing`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ listingUrl: "https://www.ebay.de/itm/1234567890" }),
    });
    expect(await rowOf(ad.id)).toBeUndefined();
    expect((await publish(ad.id, auth)).status).toBe(202);
    await call(`/api/ads/${ad.id}/listing`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ listingUrl: link }),
    });
    expect((await rowOf(ad.id)).details).toMatchObject({ source: "api" });
  });
});

describe("deleting a dealer's ad (ADR 049)", () => {
  it("deletes its listing at Kleinanzeigen first, and names nothing left online", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const ad = await finishedAd(user.id);
    await publish(ad.id, auth);
    await kleinanzeigenHousekeeping(env.DB, getGeneratorConfig(dealerEnv));
    const row = await rowOf(ad.id);
    expect(row.status).toBe("live");

    const response = await call(`/api/ads/${ad.id}`, { method: "DELETE", headers: { ...auth, Origin: "http://localhost:8787" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Anzeige gelöscht", remaining: [], hint: null });
    const listing = await fakeListing(row.externalId);
    expect(listing?.deleted).toBe(true);
  });
});

describe("the dealer's review before publishing (ADR 048)", () => {
  const pram = {
    category: "familie" as const,
    itemName: "Kinderwagen",
    optimizedTitle: "Kinderwagen Bugaboo Fox 3 mit Babywanne",
    askingPrice: 35000,
    priceType: "vb" as const,
    shipping: "excluded" as const,
    pickup: "offered" as const,
    postalCode: "50667",
    city: "Köln",
  };
  const json = <T>(response: Response) => response.json<T>();

  it("is prefilled from the record and the item; what the dealer changes is listed and becomes the ad's record on every surface", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const ad = await finishedAd(user.id, pram);

    const draft = await json<Record<string, unknown>>(await call(`/api/ads/${ad.id}/kleinanzeigen/review`, { headers: auth }));
    expect(draft).toMatchObject({
      title: "Kinderwagen Bugaboo Fox 3 mit Babywanne",
      category: "Familie_Kind_Baby/Kinderwagen_Buggys",
      condition: "like_new",
      priceType: "vb",
      priceCents: 35000,
      priceIsEstimate: false,
      shipping: "excluded",
      pickup: "offered",
      shippingCostCents: null,
    });
    expect(draft.categories).toContainEqual({
      path: "Familie_Kind_Baby/Kinderwagen_Buggys",
      group: "Familie, Kind & Baby",
      name: "Kinderwagen & Buggys",
    });

    // The dealer makes it a Festpreis of 320 €, ships it for 12,50 € and calls it "Gut".
    const response = await publish(ad.id, auth, undefined, {
      category: "Familie_Kind_Baby/Kinderwagen_Buggys",
      condition: "ok",
      priceType: "festpreis",
      price: "320",
      shipping: "offered",
      pickup: "offered",
      shippingCost: "12,50",
    });
    expect(response.status).toBe(202);
    const row = await rowOf(ad.id);
    expect(row.details).toMatchObject({ category: "Familie_Kind_Baby/Kinderwagen_Buggys", priceType: "FIXED" });
    const listing = await fakeListing(row.externalId);
    expect(listing?.body).toMatchObject({
      category: "Familie_Kind_Baby/Kinderwagen_Buggys",
      price: { type: "FIXED", amount: 320 },
      attributes: { condition: "ok", versand: "ja" },
    });
    expect(listing?.body.description).toContain("Versand 12,50 €");

    // One truth per fact: the card and the public page say what Kleinanzeigen says.
    const own = await json<
      Array<{
        id: string;
        priceLabel: string;
        shipping: string;
        pickup: string;
        shippingCost: number;
        imageAnalysis: { condition: string };
      }>
    >(await call("/api/ads", { headers: auth }));
    expect(own.find((entry) => entry.id === ad.id)).toMatchObject({
      priceLabel: "320 € Festpreis",
      shipping: "offered",
      pickup: "offered",
      shippingCost: 1250,
      imageAnalysis: { condition: "Gut" },
    });
    const page = await json<{ priceLabel: string; condition: string; offerLine: string }>(await call(`/api/ads/public/${ad.id}`));
    expect(page).toMatchObject({ priceLabel: "320 € Festpreis", condition: "Gut" });
    expect(page.offerLine).toContain("Versand 12,50 €");
  });

  it("refuses an incomplete or invalid review with German messages per field and changes nothing", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const ad = await finishedAd(user.id, pram);
    const [before] = await db().select().from(ads).where(eq(ads.id, ad.id));

    const empty = await publish(ad.id, auth, undefined, {});
    expect(empty.status).toBe(400);
    const emptyErrors = (await empty.json<{ fieldErrors: Record<string, string> }>()).fieldErrors;
    expect(emptyErrors).toMatchObject({
      category: "Wähle eine Kategorie aus der Liste.",
      condition: "Wähle den Zustand.",
      priceType: "Wähle Festpreis, VB oder Zu verschenken.",
      shipping: "Wähle, ob du versendest: „Versand möglich“ oder „Kein Versand“.",
    });
    const review = {
      category: "Familie_Kind_Baby/Kinderwagen_Buggys",
      condition: "ok",
      priceType: "festpreis",
      shipping: "excluded",
      pickup: "offered",
    };
    for (const [wrong, field] of [
      [{ ...review, price: undefined }, "price"],
      [{ ...review, price: "0" }, "price"],
      [{ ...review, price: "zwanzig" }, "price"],
      [{ ...review, price: "320", category: "Kinderwagen" }, "category"],
      [{ ...review, price: "320", condition: "used" }, "condition"],
      [{ ...review, price: "320", shipping: "offered", pickup: "offered", shippingCost: "900" }, "shippingCost"],
    ] as const) {
      const refused = await publish(ad.id, auth, undefined, wrong);
      expect(refused.status).toBe(400);
      expect(Object.keys((await refused.json<{ fieldErrors: Record<string, string> }>()).fieldErrors)).toEqual([field]);
    }

    expect(await rowOf(ad.id)).toBeUndefined();
    const [after] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(after).toEqual(before);
    expect((await fakeState()).listings.filter((listing) => listing.body.customReference === ad.id)).toHaveLength(0);

    // A private seller gets no review either.
    const privateSeller = await signedInUser();
    const privateAd = await finishedAd(privateSeller.user.id, pram);
    const refused = await call(`/api/ads/${privateAd.id}/kleinanzeigen/review`, { headers: privateSeller.auth });
    expect(refused.status).toBe(409);
    expect((await refused.json<{ message: string }>()).message).toContain("nur für gewerbliche Händler");
  });
});

describe("sold → ended, never offered again (ADR 048)", () => {
  const sell = (adId: string, auth: Record<string, string>, environment: Env = dealerEnv) =>
    call(`/api/ads/${adId}/sold`, { method: "POST", headers: auth }, environment);
  const housekeeping = () => kleinanzeigenHousekeeping(env.DB, getGeneratorConfig(dealerEnv));
  const panel = async (adId: string, auth: Record<string, string>) =>
    (await call(`/api/ads/${adId}/kleinanzeigen`, { headers: auth })).json<{ sold: boolean; listing: { status: string } | null }>();

  it("'Verkauft' names Kleinanzeigen among the platforms it ends, ends the listing there, and the ad is never offered again", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const ad = await finishedAd(user.id);
    await publish(ad.id, auth);
    await housekeeping();
    // A Vinted link entered by hand: to end by hand.
    await call(`/api/ads/${ad.id}/listing`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ listingUrl: "https://www.vinted.de/items/123456-kaffeevollautomat" }),
    });

    const life = await (await call(`/api/ads/${ad.id}/listings`, { headers: auth })).json<{ ending: unknown }>();
    expect(life.ending).toEqual({ automatic: ["Kleinanzeigen"], byHand: ["Vinted"] });

    expect((await sell(ad.id, auth)).status).toBe(200);
    expect(await panel(ad.id, auth)).toMatchObject({ sold: true, listing: { status: "ended" } });
    expect((await fakeListing((await rowOf(ad.id)).externalId))?.deleted).toBe(true);

    await housekeeping();
    expect((await rowOf(ad.id)).status).toBe("ended");
    const again = await publish(ad.id, auth);
    expect(again.status).toBe(409);
    expect((await again.json<{ message: string }>()).message).toContain("verkauft");
    expect((await call(`/api/ads/${ad.id}/kleinanzeigen/review`, { headers: auth })).status).toBe(409);
    expect((await fakeState()).listings.filter((listing) => listing.body.customReference === ad.id)).toHaveLength(1);
  });

  it("the cron ends the listing of a sold ad that 'Verkauft' could not end, and one still being published when the seller clicked", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const live = await finishedAd(user.id);
    const pending = await finishedAd(user.id);
    await publish(live.id, auth);
    await housekeeping();
    await publish(pending.id, auth);
    expect((await rowOf(live.id)).status).toBe("live");
    expect((await rowOf(pending.id)).status).toBe("publishing");

    // "Verkauft" where the app cannot reach Kleinanzeigen: the seller is told to end it by hand.
    const withoutAccess = { ...env, MAIL_MODE: "outbox" } as unknown as Env;
    for (const ad of [live, pending]) {
      const sold = await (await sell(ad.id, auth, withoutAccess)).json<{ byHand: string[] }>();
      expect(sold.byHand).toEqual(["Kleinanzeigen"]);
    }

    const run = await housekeeping();
    expect(run.sold).toEqual({ ended: 2, errors: 0 });
    for (const ad of [live, pending]) {
      const row = await rowOf(ad.id);
      expect(row).toMatchObject({ status: "ended", lastError: null });
      expect((await fakeListing(row.externalId))?.deleted).toBe(true);
      expect(await panel(ad.id, auth)).toMatchObject({ sold: true, listing: { status: "ended" } });
    }
  });
});
