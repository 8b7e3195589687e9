// One pin per shape of Kleinanzeigen's gateway the app relies on (contract.ts `GUESSES`, ADR 048):
// each test states the shape, checks that the app builds it, that contract.ts accepts it and
// refuses its nearest wrong variant, and that the local fake (fakes/kleinanzeigen.mjs) does the
// same. A correction against the real gateway changes contract.ts, then fails here until the
// fake says the same.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, startFakeKleinanzeigen } from "../../fakes/kleinanzeigen.mjs";
import type { Ad, User } from "~/.server/db/schema";
import { pramAd } from "../fixtures/pram-ad";
import { suggestCategoryPath } from "~/.server/app/kleinanzeigen/category";
import { createKleinanzeigenClient } from "~/.server/kleinanzeigen/client";
import {
  addMediaBodySchema,
  ATTRIBUTE_KEYS,
  CATEGORY_PATH_VALUES,
  categoryPath,
  CONDITION_VALUES,
  GUESSES,
  listingBodySchema,
  paths,
  PRICE_TYPES,
  publicationAnswer,
  publicationBodySchema,
  PUBLICATION_STATES,
  republishBodySchema,
  SHIPPING_VALUES,
  type GuessName,
} from "~/.server/kleinanzeigen/contract";
import { CONDITION_WORDS, kleinanzeigenConditionOf, listingAttributes, listingBody } from "~/.server/app/kleinanzeigen/listing-body";

let fake: Awaited<ReturnType<typeof startFakeKleinanzeigen>>;
let bearer: string;

beforeAll(async () => {
  fake = await startFakeKleinanzeigen();
  const answer = await fetch(`${fake.url}/v2/oidc/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: FAKE_CLIENT_ID,
      client_secret: FAKE_CLIENT_SECRET,
      audience: "consumer-goods-api",
    }),
  });
  bearer = ((await answer.json()) as { access_token: string }).access_token;
});
afterAll(() => fake.close());

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = { Authorization: `Bearer ${bearer}` }) {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const ad = pramAd;
const dealer = { firstName: "Jana", lastName: "Müller", companyName: "Müller GmbH", phone: "0221 1234567" } as User;
const body = (overrides: Partial<Ad> = {}) => listingBody(ad(overrides), dealer);

/** Both sides refuse it: contract.ts's schema and the fake. */
async function bothRefuse(listing: Record<string, unknown>) {
  expect(listingBodySchema.safeParse(listing).success).toBe(false);
  expect((await send("POST", paths.listings, listing)).status).toBe(400);
}
async function bothAccept(listing: Record<string, unknown>) {
  expect(listingBodySchema.safeParse(listing).error).toBeUndefined();
  expect((await send("POST", paths.listings, listing)).status).toBe(201);
}

/** One test per guess; the last test checks that none is left without its pin. */
const pins: Record<GuessName, () => Promise<void>> = {
  async basePath() {
    expect(paths.listings).toBe("/api/goods/v1/listings");
    expect(paths.listing("x")).toBe("/api/goods/v1/listings/x");
    expect((await send("POST", "/api/goods/v2/listings", body())).status).toBe(404);
  },
  async authHeader() {
    const seen: string[] = [];
    const client = createKleinanzeigenClient(
      { apiUrl: fake.url, clientId: FAKE_CLIENT_ID, clientSecret: FAKE_CLIENT_SECRET },
      (input, init) => {
        seen.push(new Headers(init?.headers).get("Authorization") ?? "");
        return fetch(input, init);
      },
    );
    await client.createListing(body());
    expect(seen.at(-1)).toMatch(/^Bearer \S+$/);
    expect((await send("POST", paths.listings, body(), { "HttpHeaders.AUTHORIZATION": bearer })).status).toBe(401);
  },
  async createListingBody() {
    const built = body();
    expect(Object.keys(built).sort()).toEqual(
      [
        "title",
        "description",
        "category",
        "adType",
        "price",
        "attributes",
        "customReference",
        "contactPerson",
        "phoneNumber",
        "buyNow",
      ].sort(),
    );
    await bothAccept(built);
    await bothRefuse({ ...built, shippingCost: 5 });
    const { title: _title, ...untitled } = built;
    await bothRefuse(untitled);
    await bothRefuse({ ...built, buyNow: true });
  },
  async priceTypes() {
    expect(PRICE_TYPES).toEqual(["FIXED", "NEGOTIABLE", "GIVE_AWAY"]);
    expect(body({ priceType: "festpreis" }).price).toEqual({ type: "FIXED", amount: 350 });
    expect(body().price).toEqual({ type: "NEGOTIABLE", amount: 350 });
    expect(body({ priceType: "verschenken", askingPrice: 0 }).price).toEqual({ type: "GIVE_AWAY", amount: 0 });
    for (const price of [
      { type: "FIXED", amount: 350 },
      { type: "NEGOTIABLE", amount: 350 },
      { type: "GIVE_AWAY", amount: 0 },
    ])
      await bothAccept({ ...body(), price });
    for (const price of [
      { type: "FREE", amount: 0 },
      { type: "GIVE_AWAY", amount: 5 },
      { type: "FIXED", amount: 0 },
    ])
      await bothRefuse({ ...body(), price });
  },
  async categoryPaths() {
    // The one documented example, and the rule applied to a name with "&" and to umlauts.
    expect(categoryPath("Familie, Kind & Baby", "Spielzeug")).toBe("Familie_Kind_Baby/Spielzeug");
    expect(categoryPath("Familie, Kind & Baby", "Kinderwagen & Buggys")).toBe("Familie_Kind_Baby/Kinderwagen_Buggys");
    expect(categoryPath("Elektronik", "Haushaltsgeräte")).toBe("Elektronik/Haushaltsgeraete");
    expect(suggestCategoryPath(ad())).toBe("Familie_Kind_Baby/Kinderwagen_Buggys");
    for (const category of CATEGORY_PATH_VALUES) await bothAccept({ ...body(), category });
    await bothRefuse({ ...body(), category: "Kinderwagen" });
    await bothRefuse({ ...body(), category: "Familie, Kind & Baby/Kinderwagen & Buggys" });
  },
  async attributeKeys() {
    expect(ATTRIBUTE_KEYS).toEqual({ condition: "condition", shipping: "versand" });
    expect(body().attributes).toEqual({ condition: "like_new", versand: "nein" });
    await bothRefuse({ ...body(), attributes: { zustand: "like_new" } });
  },
  async conditionValues() {
    expect(CONDITION_VALUES).toEqual(["new", "like_new", "ok", "alright", "defect"]);
    for (const condition of CONDITION_VALUES) {
      // A condition chosen in the review is written to the record in words that read back as it.
      expect(kleinanzeigenConditionOf(CONDITION_WORDS[condition])).toBe(condition);
      await bothAccept({ ...body(), attributes: { condition } });
    }
    expect(kleinanzeigenConditionOf(null)).toBeNull();
    await bothRefuse({ ...body(), attributes: { condition: "used" } });
  },
  async shippingValues() {
    expect(SHIPPING_VALUES).toEqual({ possible: "ja", pickupOnly: "nein" });
    expect(listingAttributes({ imageAnalysis: null, shipping: "excluded" })).toEqual({ versand: "nein" });
    expect(listingAttributes({ imageAnalysis: null, shipping: "offered" })).toEqual({ versand: "ja" });
    // Unsaid stays unsaid.
    expect(listingAttributes({ imageAnalysis: null, shipping: null })).toEqual({});
    await bothRefuse({ ...body(), attributes: { versand: "vielleicht" } });
  },
  async addMediaBody() {
    const { uuid } = (await send("POST", paths.listings, body())).body as { uuid: string };
    const ticket = (await send("POST", paths.media, { mediaType: "image/jpeg" })).body as { ticketUuid: string; signedPutUrl: string };
    await fetch(ticket.signedPutUrl, {
      method: "PUT",
      headers: { "Content-Type": "image/jpeg" },
      body: new Uint8Array([0xff, 0xd8, 0xff]),
    });
    for (const wrong of [{ ticket: ticket.ticketUuid }, { ticketUuid: ticket.ticketUuid, position: 0 }]) {
      expect(addMediaBodySchema.safeParse(wrong).success).toBe(false);
      expect((await send("PUT", paths.listingMedia(uuid), wrong)).status).toBe(400);
    }
    expect((await send("PUT", paths.listingMedia(uuid), addMediaBodySchema.parse({ ticketUuid: ticket.ticketUuid }))).status).toBe(204);
  },
  async createPublicationBody() {
    const { uuid } = (await send("POST", paths.listings, body())).body as { uuid: string };
    const imprintUuid = ((await send("POST", paths.imprints, { content: "Müller GmbH, 50667 Köln." })).body as { uuid: string }).uuid;
    for (const wrong of [
      { imprintUuid, zipCode: "50667" },
      { imprintUuid, location: { zipCode: "50667", city: "Köln" } },
    ]) {
      expect(publicationBodySchema.safeParse(wrong).success).toBe(false);
      expect((await send("POST", paths.publications(uuid), wrong)).status).toBe(400);
    }
    const created = await send(
      "POST",
      paths.publications(uuid),
      publicationBodySchema.parse({ imprintUuid, location: { zipCode: "50667" } }),
    );
    expect(created).toMatchObject({ status: 201, body: { uuid: expect.any(String) } });
  },
  async publicationStates() {
    expect(PUBLICATION_STATES).toEqual(["PENDING", "ACTIVE", "PAUSED", "REJECTED", "DELETED"]);
    const seen = new Set<string>();
    const imprintUuid = ((await send("POST", paths.imprints, { content: "Müller GmbH, 50667 Köln." })).body as { uuid: string }).uuid;
    for (const title of ["Kinderwagen Bugaboo Fox 3", "ABGELEHNT Kinderwagen"]) {
      const { uuid } = (await send("POST", paths.listings, { ...body(), title })).body as { uuid: string };
      const publication = (
        (await send("POST", paths.publications(uuid), { imprintUuid, location: { zipCode: "50667" } })).body as { uuid: string }
      ).uuid;
      const read = async () => publicationAnswer.parse((await send("GET", paths.publication(uuid, publication))).body);
      const first = (await fetch(`${fake.url}/_fake/state`).then((r) => r.json())) as {
        listings: { uuid: string; publications: { state: string }[] }[];
      };
      seen.add(first.listings.find((listing) => listing.uuid === uuid)!.publications[0].state);
      seen.add((await read()).state);
      if (title.startsWith("ABGELEHNT")) {
        expect((await read()).reason).toEqual(expect.any(String));
        continue;
      }
      expect((await read()).adUrl).toMatch(/^https:\/\/www\.kleinanzeigen\.de\/s-anzeige\//);
      await send("PUT", paths.publicationState(uuid, publication, "PAUSED"));
      seen.add((await read()).state);
      await send("DELETE", paths.listing(uuid));
      const gone = (await fetch(`${fake.url}/_fake/state`).then((r) => r.json())) as {
        listings: { uuid: string; publications: { state: string }[] }[];
      };
      seen.add(gone.listings.find((listing) => listing.uuid === uuid)!.publications[0].state);
    }
    // Every state the fake reaches is one contract.ts knows, and each of them is reached.
    expect([...seen].sort()).toEqual([...PUBLICATION_STATES].sort());
  },
  async republish() {
    expect(paths.republish("l", "p")).toBe("/api/goods/v1/listings/l/publications/p?requestedState=PUBLISHED");
    const { uuid } = (await send("POST", paths.listings, body())).body as { uuid: string };
    const imprintUuid = ((await send("POST", paths.imprints, { content: "Müller GmbH, 50667 Köln." })).body as { uuid: string }).uuid;
    const publication = (
      (await send("POST", paths.publications(uuid), { imprintUuid, location: { zipCode: "50667" } })).body as { uuid: string }
    ).uuid;
    await send("GET", paths.publication(uuid, publication));
    expect(republishBodySchema.safeParse({ title: "x" }).success).toBe(false);
    expect((await send("PUT", paths.republish(uuid, publication), { title: "x" })).status).toBe(400);
    expect((await send("PUT", paths.republish(uuid, publication), republishBodySchema.parse({}))).status).toBe(204);
  },
};

describe("Kleinanzeigen's gateway: every shape the app relies on, pinned (contract.ts GUESSES)", () => {
  for (const [name, pin] of Object.entries(pins)) {
    const guess = GUESSES[name as GuessName];
    it(`${name} (${guess.status}): ${guess.shape}`, pin);
  }

  it("has a pin for every guess and no pin without one", () => {
    expect(Object.keys(pins).sort()).toEqual(Object.keys(GUESSES).sort());
  });
});
