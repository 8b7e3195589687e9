// The local fake of Kleinanzeigen's gateway (fakes/kleinanzeigen.mjs) refuses what the documented
// flow forbids (ADR 038), so a passing adapter test means something: no call without a token, no
// publication without an imprint, a media ticket used once and never after it expired (clock
// controlled here, no waiting), and a publication that stays PENDING until the next status poll.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, startFakeKleinanzeigen } from "../../fakes/kleinanzeigen.mjs";

let clock = Date.UTC(2026, 10, 24, 9);
let fake: Awaited<ReturnType<typeof startFakeKleinanzeigen>>;
const API = "/api/goods/v1";

beforeAll(async () => {
  fake = await startFakeKleinanzeigen({ now: () => clock, ticketTtlMs: 10 * 60 * 1000 });
});
afterAll(() => fake.close());

async function token(secret = FAKE_CLIENT_SECRET) {
  const response = await fetch(`${fake.url}/v2/oidc/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: FAKE_CLIENT_ID,
      client_secret: secret,
      audience: "consumer-goods-api",
    }),
  });
  return { status: response.status, body: (await response.json()) as { access_token?: string; error?: string } };
}

async function api(method: string, path: string, body?: unknown, bearer?: string) {
  const headers: Record<string, string> = {};
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${fake.url}${API}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const listing = {
  title: "Kaffeevollautomat",
  description: "Gepflegt.",
  category: "Elektronik/Haushaltsgeraete",
  adType: "OFFER",
  price: { type: "NEGOTIABLE", amount: 180 },
  attributes: {},
  customReference: "ad-1",
  buyNow: false,
};
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

async function uploadedTicket(bearer: string) {
  const ticket = (await api("POST", "/media", { mediaType: "image/jpeg" }, bearer)).body as { ticketUuid: string; signedPutUrl: string };
  const upload = await fetch(ticket.signedPutUrl, { method: "PUT", headers: { "Content-Type": "image/jpeg" }, body: jpeg });
  expect(upload.status).toBe(200);
  return ticket;
}

describe("the fake Kleinanzeigen gateway", () => {
  it("issues tokens only for the client credentials grant with the right secret and audience, and refuses API calls without one", async () => {
    expect((await token("wrong")).status).toBe(401);
    const good = await token();
    expect(good.status).toBe(200);
    expect((await api("POST", "/listings", listing)).status).toBe(401);
    expect((await api("POST", "/listings", listing, "made-up")).status).toBe(401);
    expect((await api("POST", "/listings", listing, good.body.access_token)).status).toBe(201);
  });

  it("refuses a listing the contract does not allow, in problem details with a German message", async () => {
    const bearer = (await token()).body.access_token!;
    for (const bad of [
      { ...listing, title: "x".repeat(66) },
      { ...listing, adType: "WANTED" },
      { ...listing, price: { type: "FREE", amount: 1 } },
      { ...listing, description: "Mehr auf www.example.de" },
    ]) {
      const refused = await api("POST", "/listings", bad, bearer);
      expect(refused.status).toBe(400);
      expect(refused.body.localizedMessage).toEqual(expect.any(String));
    }
    expect((await api("POST", "/media", { mediaType: "image/webp" }, bearer)).status).toBe(415);
  });

  it("publishes only with an imprint, and only asynchronously: PENDING until the next status poll", async () => {
    const bearer = (await token()).body.access_token!;
    const { uuid } = (await api("POST", "/listings", listing, bearer)).body;
    const noImprint = await api(
      "POST",
      `/listings/${uuid}/publications`,
      { imprintUuid: "unknown", location: { zipCode: "50667" } },
      bearer,
    );
    expect(noImprint.status).toBe(400);
    expect(noImprint.body.localizedMessage).toContain("Impressum");

    const imprint = (await api("POST", "/imprints", { content: "Müller GmbH, Domstraße 1, 50667 Köln." }, bearer)).body.uuid;
    const created = await api("POST", `/listings/${uuid}/publications`, { imprintUuid: imprint, location: { zipCode: "50667" } }, bearer);
    expect(created.status).toBe(201);
    expect(
      (await api("POST", `/listings/${uuid}/publications`, { imprintUuid: imprint, location: { zipCode: "50667" } }, bearer)).status,
    ).toBe(409);

    const state = await fetch(`${fake.url}/_fake/state`).then(
      (r) => r.json() as Promise<{ listings: { uuid: string; publications: { state: string }[] }[] }>,
    );
    expect(state.listings.find((l) => l.uuid === uuid)?.publications[0].state).toBe("PENDING");
    const polled = await api("GET", `/listings/${uuid}/publications/${created.body.uuid}`, undefined, bearer);
    expect(polled.body).toMatchObject({
      state: "PUBLISHED",
      adUrl: expect.stringMatching(/^https:\/\/www\.kleinanzeigen\.de\/s-anzeige\//),
    });
    // Pausing is allowed from PUBLISHED only; a republish needs the empty JSON body.
    expect(
      (await api("PUT", `/listings/${uuid}/publications/${created.body.uuid}/state?requestedState=PAUSED`, undefined, bearer)).status,
    ).toBe(204);
    expect(
      (await api("PUT", `/listings/${uuid}/publications/${created.body.uuid}/state?requestedState=PAUSED`, undefined, bearer)).status,
    ).toBe(400);
    expect(
      (await api("PUT", `/listings/${uuid}/publications/${created.body.uuid}?requestedState=PUBLISHED`, { title: "x" }, bearer)).status,
    ).toBe(400);
  });

  it("takes a media ticket once, only after its upload and only before it expires", async () => {
    const bearer = (await token()).body.access_token!;
    const { uuid } = (await api("POST", "/listings", listing, bearer)).body;

    const notUploaded = (await api("POST", "/media", { mediaType: "image/jpeg" }, bearer)).body;
    expect((await api("PUT", `/listings/${uuid}/media`, { ticketUuid: notUploaded.ticketUuid }, bearer)).status).toBe(400);
    const wrongType = await fetch(notUploaded.signedPutUrl, { method: "PUT", headers: { "Content-Type": "image/png" }, body: jpeg });
    expect(wrongType.status).toBe(400);
    const forged = await fetch(notUploaded.signedPutUrl.replace(/signature=[^&]+/, "signature=forged"), {
      method: "PUT",
      headers: { "Content-Type": "image/jpeg" },
      body: jpeg,
    });
    expect(forged.status).toBe(403);

    const ticket = await uploadedTicket(bearer);
    expect((await api("PUT", `/listings/${uuid}/media`, { ticketUuid: ticket.ticketUuid }, bearer)).status).toBe(204);
    const reused = await api("PUT", `/listings/${uuid}/media`, { ticketUuid: ticket.ticketUuid }, bearer);
    expect(reused.status).toBe(409);
    expect(reused.body.localizedMessage).toContain("schon verwendet");

    const late = await uploadedTicket(bearer);
    clock += 10 * 60 * 1000 + 1;
    const expired = await api("PUT", `/listings/${uuid}/media`, { ticketUuid: late.ticketUuid }, bearer);
    expect(expired.status).toBe(410);
    expect(expired.body.localizedMessage).toContain("abgelaufen");
    const lateUpload = await (await api("POST", "/media", { mediaType: "image/png" }, bearer)).body;
    clock += 10 * 60 * 1000 + 1;
    expect((await fetch(lateUpload.signedPutUrl, { method: "PUT", headers: { "Content-Type": "image/png" }, body: jpeg })).status).toBe(
      403,
    );
  });
});

describe("the cut-off control (ADR 047)", () => {
  it("applies the ad's next call of the operation, drops the connection without an answer, once, and only for that ad", async () => {
    const bearer = (await token()).body.access_token!;
    const cut = (query: string) => fetch(`${fake.url}/_fake/cut-after?${query}`, { method: "POST" });
    expect((await cut("customReference=ad-cut&operation=deleteEverything")).status).toBe(400);
    expect((await cut("customReference=ad-cut&operation=createListing")).status).toBe(200);

    // Another ad's call is answered as usual.
    expect((await api("POST", "/listings", { ...listing, customReference: "ad-other" }, bearer)).status).toBe(201);
    await expect(api("POST", "/listings", { ...listing, customReference: "ad-cut" }, bearer)).rejects.toThrow();
    const state = (await (await fetch(`${fake.url}/_fake/state`)).json()) as { listings: { body: { customReference: string } }[] };
    expect(state.listings.filter((entry) => entry.body.customReference === "ad-cut")).toHaveLength(1);
    // Once: the next call is answered.
    expect((await api("POST", "/listings", { ...listing, customReference: "ad-cut" }, bearer)).status).toBe(201);
  });
});
