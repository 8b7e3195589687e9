// A dealer publishing to the local fake Kleinanzeigen gateway (fakes/kleinanzeigen.mjs, started by
// the global setup): the settings with the dealer's access, a dealer profile, a finished ad with
// photos in R2, the ad's listings row and the fake's state — shared by the Kleinanzeigen tests.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { listings, type Listing } from "~/.server/db/schema";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { png, TINY_JPEG } from "../fixtures/images";
import { modelKeyFor } from "~/.server/storage/photo-keys";
import { db, insertAd } from "./helpers";
import { workerContext } from "./worker-context";

export const FAKE = env.FAKE_KLEINANZEIGEN_URL;
export const dealerAccess = {
  KLEINANZEIGEN_API_URL: FAKE,
  KLEINANZEIGEN_CLIENT_ID: "fake-dealer",
  KLEINANZEIGEN_CLIENT_SECRET: "fake-dealer-secret",
};
/** The app and the generator with the dealer's access to the fake gateway, mails into the outbox. */
export const dealerEnv = { ...env, ...dealerAccess, MAIL_MODE: "outbox" } as unknown as Env;

const app = createWorkerApp(async () => new Response("page"));
export const call = (path: string, init: RequestInit = {}, environment: Env = dealerEnv) =>
  app.request(`http://localhost:8787${path}`, init, environment, workerContext());

type FakeState = {
  imprints: { uuid: string; content: string }[];
  listings: {
    uuid: string;
    deleted: boolean;
    body: { title: string; category: string; price: { type: string; amount: number }; description: string; customReference: string };
    media: { bytes: number }[];
    publications: { uuid: string; state: string }[];
  }[];
};
export const fakeState = async () => (await fetch(`${FAKE}/_fake/state`)).json<FakeState>();
export const fakeListing = async (uuid: string | null) => (await fakeState()).listings.find((listing) => listing.uuid === uuid);
/** Every listing the fake holds for the ad (its customReference), deleted ones too. */
export const fakeListingsOf = async (adId: string) =>
  (await fakeState()).listings.filter((listing) => listing.body.customReference === adId);

export const dealerProfile = {
  businessType: "commercial" as const,
  companyName: "Müller Second Hand GmbH",
  address: "Domstraße 1",
  postalCode: "50667",
  city: "Köln",
  phone: "0221 1234567",
};

export async function finishedAd(userId: string, overrides: Parameters<typeof insertAd>[1] = {}) {
  const adId = crypto.randomUUID();
  const keys = [`ads/${adId}/${"a".repeat(43)}.png`, `ads/${adId}/${"b".repeat(43)}.jpg`];
  await env.PHOTOS.put(keys[0], await png(32, 24), { httpMetadata: { contentType: "image/png" } });
  await env.PHOTOS.put(keys[1], TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
  // Kleinanzeigen gets the display copies, never the photos themselves (ADR 070).
  for (const key of keys) await env.PHOTOS.put(modelKeyFor(key), TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
  return insertAd(userId, {
    id: adId,
    status: "completed",
    optimizedTitle: "Kaffeevollautomat Siemens EQ.6, gepflegt",
    optimizedDescription: "Gepflegter Kaffeevollautomat, entkalkt, mit Milchschlauch.",
    imageUrls: keys,
    askingPrice: 18000,
    priceType: "vb",
    shipping: "offered",
    pickup: "offered",
    imageAnalysis: { brand: "Siemens", model: "EQ.6", serialNumber: null, condition: "Sehr gut", defects: [] },
    ...overrides,
  });
}

export async function rowOf(adId: string): Promise<Listing> {
  const [row] = await db()
    .select()
    .from(listings)
    .where(and(eq(listings.adId, adId), eq(listings.platform, "kleinanzeigen")));
  return row;
}

/** What a dealer confirms in the review step when they change nothing of the record (ADR 048). */
export const confirmed = {
  category: "Elektronik/Haushaltsgeraete",
  condition: "like_new",
  priceType: "vb",
  price: "180",
  shipping: "offered",
  pickup: "offered",
  shippingCost: "",
};
export type Review = Partial<Record<keyof typeof confirmed, string | undefined>>;

/** The dealer's click on "Veröffentlichen" after the review (by default: nothing changed). */
export const publish = (adId: string, auth: Record<string, string>, environment?: Env, review: Review = confirmed) =>
  call(
    `/api/ads/${adId}/kleinanzeigen`,
    { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify(review) },
    environment,
  );

/** The fake applies the ad's next call of `operation`, then drops the connection without an answer. */
export async function cutKleinanzeigenAfter(adId: string, operation: string) {
  const response = await fetch(`${FAKE}/_fake/cut-after?customReference=${adId}&operation=${operation}`, { method: "POST" });
  expect(response.status).toBe(200);
}
