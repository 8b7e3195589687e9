// One pin per shape of Kleinanzeigen's gateway the app relies on (contract.ts `CONTRACT`, ADR 048,
// ADR 074): each test states the shape, documented or still guessed, checks that the app builds
// it, that contract.ts accepts it and refuses its nearest wrong variant, and that the local fake
// (fakes/kleinanzeigen.mjs) does the same. A correction against the real gateway changes
// contract.ts, then fails here until the fake says the same. The last tests keep README's list of
// what is still guessed in step with `GUESSES`.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, startFakeKleinanzeigen } from "../../fakes/kleinanzeigen.mjs";
import type { Ad, User } from "~/.server/db/schema";
import { pramAd } from "../fixtures/pram-ad";
import { expectConsoleError } from "../console-guard";
import { suggestCategoryPath } from "~/.server/app-worker/kleinanzeigen/category";
import { createKleinanzeigenClient, UNEXPECTED_ANSWER, UNREACHABLE } from "~/.server/kleinanzeigen/client";
import {
  addMediaBodySchema,
  ATTRIBUTE_KEYS,
  CATEGORY_PATH_VALUES,
  categoryPath,
  CONDITION_VALUES,
  CONTRACT,
  GUESSES,
  imprintBodySchema,
  knownPublicationState,
  listingAnswer,
  listingBodySchema,
  listingUpdateSchema,
  paths,
  PRICE_TYPES,
  problemAnswer,
  publicationAnswer,
  publicationBodySchema,
  PUBLICATION_STATES,
  republishBodySchema,
  returnedCategoryName,
  SHIPPING_VALUES,
  ticketAnswer,
  tokenAnswer,
  type ContractEntry,
} from "~/.server/kleinanzeigen/contract";
import { CONDITION_WORDS, kleinanzeigenConditionOf, listingAttributes, listingBody } from "~/.server/app-worker/kleinanzeigen/listing-body";

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

const imprint = async () => ((await send("POST", paths.imprints, { content: "Müller GmbH, 50667 Köln." })).body as { uuid: string }).uuid;

/** A listing with a publication, polled once (so decided): its uuids. */
async function published(title = "Kinderwagen Bugaboo Fox 3") {
  const { uuid } = (await send("POST", paths.listings, { ...body(), title })).body as { uuid: string };
  const imprintUuid = await imprint();
  const publication = (
    (await send("POST", paths.publications(uuid), { imprintUuid, location: { zipCode: "50667" } })).body as { uuid: string }
  ).uuid;
  const read = async () => publicationAnswer.parse((await send("GET", paths.publication(uuid, publication))).body);
  return { uuid, publication, read };
}

/** One test per entry; the last tests check that none is left without its pin and README lists every guess. */
const pins: Record<ContractEntry, () => Promise<void>> = {
  async basePath() {
    expect(paths.listings).toBe("/api/goods/v1/listings");
    expect(paths.listing("x")).toBe("/api/goods/v1/listings/x");
    expect((await send("POST", "/api/goods/v2/listings", body())).status).toBe(404);
  },
  async token() {
    const form = {
      grant_type: "client_credentials",
      client_id: FAKE_CLIENT_ID,
      client_secret: FAKE_CLIENT_SECRET,
      audience: "consumer-goods-api",
    };
    const ask = (fields: Record<string, string>) =>
      fetch(`${fake.url}/v2/oidc/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const granted = await ask(form);
    expect(tokenAnswer.parse(await granted.json())).toMatchObject({ token_type: "bearer", expires_in: 3600 });
    expect(await (await ask({ ...form, audience: "goods" })).json()).toMatchObject({ error: "invalid_request" });
    expect(await (await ask({ ...form, grant_type: "password" })).json()).toMatchObject({ error: "unsupported_grant_type" });
    expect(await (await ask({ ...form, client_secret: "wrong" })).json()).toMatchObject({ error: "invalid_client" });
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
  async updateListingBody() {
    // Any of the documented fields, each one alone; nothing else.
    for (const change of [
      { title: "Neuer Titel" },
      { price: { type: "FIXED", amount: 120 } },
      { category: "Familie_Kind_Baby/Spielzeug" },
    ]) {
      expect(listingUpdateSchema.safeParse(change).success).toBe(true);
    }
    const { uuid } = (await send("POST", paths.listings, body())).body as { uuid: string };
    expect((await send("PUT", paths.listing(uuid), { price: { type: "FIXED", amount: 120 } })).status).toBe(204);
    expect(listingUpdateSchema.safeParse({ shippingCost: 5 }).success).toBe(false);
    expect((await send("PUT", paths.listing(uuid), { shippingCost: 5 })).status).toBe(400);
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
  async listingAnswer() {
    // The documented example, verbatim, is read; the fake answers in the same shape.
    const example = {
      uuid: "dfe2ec14-56ec-40a1-9837-d777d850347b",
      category: "Spielzeug",
      title: "My Listing",
      description: "Description of my listing",
      attributes: { art: "actionfiguren", condition: "like_new", versand: "ja" },
      adType: "OFFER",
      adPrice: { type: "FIXED", amount: 100 },
      userId: "11111111-k6gd-4113-b395-5459ec678ddd",
      email: "john@abc.com",
      phoneNumber: "123456789",
      customReference: "4345339",
      contactPerson: "John Doe",
      buyNow: false,
      urls: [],
    };
    expect(listingAnswer.parse(example)).toEqual(example);
    const { uuid } = (await send("POST", paths.listings, body())).body as { uuid: string };
    const client = createKleinanzeigenClient({ apiUrl: fake.url, clientId: FAKE_CLIENT_ID, clientSecret: FAKE_CLIENT_SECRET });
    const read = await client.getListing(uuid);
    expect(read).toMatchObject({ uuid, adPrice: body().price, urls: [], customReference: ad().id });
    expect(read).not.toHaveProperty("price");
  },
  async returnedCategory() {
    expect(returnedCategoryName("Familie_Kind_Baby/Spielzeug")).toBe("Spielzeug");
    const { uuid } = (await send("POST", paths.listings, body())).body as { uuid: string };
    expect(body().category).toBe("Familie_Kind_Baby/Kinderwagen_Buggys");
    expect(listingAnswer.parse((await send("GET", paths.listing(uuid))).body).category).toBe("Kinderwagen_Buggys");
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
  async textLimits() {
    await bothAccept({ ...body(), title: "T".repeat(65), description: "D".repeat(4000) });
    await bothRefuse({ ...body(), title: "T".repeat(66) });
    await bothRefuse({ ...body(), description: "D".repeat(4001) });
  },
  async imprintBody() {
    expect(imprintBodySchema.safeParse({ content: "Müller GmbH" }).success).toBe(true);
    expect(imprintBodySchema.safeParse({ text: "Müller GmbH" }).success).toBe(false);
    expect(await send("POST", paths.imprints, { content: "Müller GmbH" })).toMatchObject({
      status: 201,
      body: { uuid: expect.any(String) },
    });
    const refused = await send("POST", paths.imprints, { text: "Müller GmbH" });
    expect(refused).toMatchObject({
      status: 400,
      body: { title: "Bad Request", detail: "Failed to read request", instance: "/api/v1/imprints" },
    });
  },
  async mediaTicket() {
    const ticket = await send("POST", paths.media, { mediaType: "image/png" });
    expect(ticket.status).toBe(201);
    expect(ticketAnswer.parse(ticket.body)).toMatchObject({ ticketUuid: expect.any(String) });
    expect(await send("POST", paths.media, { mediaType: "image/webp" })).toMatchObject({
      status: 415,
      body: { detail: "Unsupported media type: 'image/webp'. Supported types are: image/jpeg, image/png" },
    });
  },
  async upload() {
    const ticket = ticketAnswer.parse((await send("POST", paths.media, { mediaType: "image/jpeg" })).body);
    const bytes = new Uint8Array([0xff, 0xd8, 0xff]);
    expect((await fetch(ticket.signedPutUrl, { method: "PUT", headers: { "Content-Type": "image/png" }, body: bytes })).status).toBe(400);
    expect((await fetch(ticket.signedPutUrl, { method: "PUT", headers: { "Content-Type": "image/jpeg" }, body: bytes })).status).toBe(200);
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
  async createPublication() {
    expect(paths.publications("l")).toBe("/api/goods/v1/listings/l/publications");
    const { uuid } = (await send("POST", paths.listings, body())).body as { uuid: string };
    const imprintUuid = await imprint();
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
  async publishedState() {
    // The update guide's requestedState names the states: PUBLISHED is online, PAUSED paused.
    expect(knownPublicationState("PUBLISHED")).toBe("PUBLISHED");
    expect(knownPublicationState("PAUSED")).toBe("PAUSED");
    const { uuid, publication, read } = await published();
    expect((await read()).state).toBe("PUBLISHED");
    expect((await send("PUT", paths.publicationState(uuid, publication, "PAUSED"))).status).toBe(204);
    expect((await read()).state).toBe("PAUSED");
    expect((await send("PUT", paths.publicationState(uuid, publication, "RESUMED"))).status).toBe(204);
    expect((await read()).state).toBe("PUBLISHED");
  },
  async publicationStates() {
    expect(PUBLICATION_STATES).toEqual(["PENDING", "PUBLISHED", "PAUSED", "REJECTED", "DELETED"]);
    // A state nobody documented is read as it is, never refused as an unreadable answer.
    expect(publicationAnswer.parse({ uuid: "p", state: "ONLINE" }).state).toBe("ONLINE");
    expect(knownPublicationState("ONLINE")).toBeNull();
    expect(knownPublicationState("ACTIVE")).toBeNull();
    const seen = new Set<string>();
    const stateOf = async (uuid: string) =>
      (
        (await fetch(`${fake.url}/_fake/state`).then((r) => r.json())) as {
          listings: { uuid: string; publications: { state: string }[] }[];
        }
      ).listings.find((listing) => listing.uuid === uuid)!.publications[0].state;
    for (const title of ["Kinderwagen Bugaboo Fox 3", "ABGELEHNT Kinderwagen"]) {
      const { uuid, publication, read } = await published(title);
      seen.add(await stateOf(uuid));
      seen.add((await read()).state);
      if (title.startsWith("ABGELEHNT")) {
        expect((await read()).reason).toEqual(expect.any(String));
        continue;
      }
      expect((await read()).adUrl).toMatch(/^https:\/\/www\.kleinanzeigen\.de\/s-anzeige\//);
      await send("PUT", paths.publicationState(uuid, publication, "PAUSED"));
      seen.add((await read()).state);
      await send("DELETE", paths.listing(uuid));
      seen.add(await stateOf(uuid));
    }
    // Every state the fake reaches is one contract.ts knows, and each of them is reached.
    expect([...seen].sort()).toEqual([...PUBLICATION_STATES].sort());
  },
  async republish() {
    expect(paths.republish("l", "p")).toBe("/api/goods/v1/listings/l/publications/p?requestedState=PUBLISHED");
    const { uuid, publication } = await published();
    expect(republishBodySchema.safeParse({ title: "x" }).success).toBe(false);
    expect((await send("PUT", paths.republish(uuid, publication), { title: "x" })).status).toBe(400);
    expect((await send("PUT", paths.republish(uuid, publication), republishBodySchema.parse({}))).status).toBe(204);
  },
  async stateOperation() {
    expect(paths.publicationState("l", "p", "PAUSED")).toBe("/api/goods/v1/listings/l/publications/p/state?requestedState=PAUSED");
    const first = await published();
    const second = await published();
    await first.read();
    // Only PAUSED and RESUMED; a publication of another listing and an unknown one in the documented words.
    expect((await send("PUT", `${paths.publication(first.uuid, first.publication)}/state?requestedState=PUBLISHED`)).status).toBe(400);
    const mismatch = await send("PUT", paths.publicationState(first.uuid, second.publication, "PAUSED"));
    expect(mismatch).toEqual({
      status: 400,
      body: {
        status: 400,
        title: "BAD_REQUEST",
        detail: `Publication ${second.publication} does not belong to the Listing ${first.uuid}.`,
        instance: `/api/v1/listings/${first.uuid}/publications/${second.publication}`,
      },
    });
    const missing = await send("PUT", paths.publicationState(first.uuid, "789e4567-e89b-12d3-a456-426614174999", "PAUSED"));
    expect(missing).toMatchObject({
      status: 404,
      body: { status: 404, title: "NOT_FOUND", detail: "Publication 789e4567-e89b-12d3-a456-426614174999 not found" },
    });
    expect((await send("PUT", paths.publicationState(first.uuid, first.publication, "PAUSED"))).status).toBe(204);
  },
  async deleteListing() {
    const { uuid } = await published();
    expect((await send("DELETE", paths.listing(uuid))).status).toBe(204);
    const gone = await send("DELETE", paths.listing(uuid));
    expect(gone.status).toBe(404);
    expect(problemAnswer.parse(gone.body)).toMatchObject({ status: 404, title: "Not Found", detail: "Listing not found" });
    expect(gone.body).toMatchObject({ type: "about:blank", instance: `/api/v1/listings/${uuid}`, localizedMessage: expect.any(String) });
  },
};

describe("Kleinanzeigen's gateway: every shape the app relies on, pinned (contract.ts CONTRACT)", () => {
  for (const [name, pin] of Object.entries(pins)) {
    const entry = CONTRACT[name as ContractEntry];
    it(`${name} (${entry.status}): ${entry.shape}`, pin);
  }

  it("has a pin for every entry and no pin without one", () => {
    expect(Object.keys(pins).sort()).toEqual(Object.keys(CONTRACT).sort());
  });
});

describe("an answer Kleinanzeigen sends in a shape the product does not know", () => {
  /** The fake, but every publication it reads back is replaced by `publication`. */
  const clientAnswering = (publication: unknown) =>
    createKleinanzeigenClient({ apiUrl: fake.url, clientId: FAKE_CLIENT_ID, clientSecret: FAKE_CLIENT_SECRET }, async (input, init) =>
      String(input).includes("/publications/") && (init?.method ?? "GET") === "GET" ? Response.json(publication) : fetch(input, init),
    );

  it("reads an unknown publication state as it is, and says an off-contract answer as such, never as unreachable", async () => {
    expectConsoleError(); // the off-contract answer is logged for the operator
    const { uuid, publication } = await published();
    expect((await clientAnswering({ uuid: publication, state: "ONLINE" }).getPublication(uuid, publication)).state).toBe("ONLINE");
    const refused = await clientAnswering({ status: "ONLINE" })
      .getPublication(uuid, publication)
      .catch((error: Error) => error);
    expect(refused).toMatchObject({ message: UNEXPECTED_ANSWER });
    expect(UNEXPECTED_ANSWER).not.toBe(UNREACHABLE);
    expect(UNEXPECTED_ANSWER).not.toContain("nicht erreichbar");
  });
});

describe("README's list of what is still guessed for Kleinanzeigen", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const heading = "## Kleinanzeigen: what is still guessed";
  const section = readme.slice(readme.indexOf(heading), readme.indexOf("\n## ", readme.indexOf(heading) + heading.length));
  const listed = [...section.matchAll(/^- \*\*(\w+)\*\*/gm)].map((match) => match[1]);

  it("lists every guess of contract.ts, and nothing documented", () => {
    expect(readme).toContain(heading);
    expect(listed).toEqual(GUESSES.map((guess) => guess.name));
  });

  it("gives each guess with its shape and its reason, as contract.ts says them", () => {
    for (const guess of GUESSES) {
      const line = section.split("\n- ").find((item) => item.startsWith(`**${guess.name}**`))!;
      const words = (text: string) => text.replace(/`/g, "").replace(/\s+/g, " ").trim();
      expect(words(line)).toContain(words(guess.shape));
      expect(words(line)).toContain(words(guess.reason));
    }
  });
});
