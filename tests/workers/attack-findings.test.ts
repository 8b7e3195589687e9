// The findings of the attack on local instances (issue 27), each replayed against the API as the
// attacker sent it. docs/SECURITY.md lists every test here with the protection it proves.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { encodeJpeg } from "~/.server/generator/images/codecs";
import { ensureModelCopies } from "~/.server/generator/images/ensure";
import { openPhoto } from "~/.server/images/source";
import { modelKeyFor } from "~/.server/storage/photos";
import { createWorkerApp } from "~/.server/app/worker-app";
import { concatBytes, png } from "../fixtures/images";
import { activityLogs, ads } from "~/.server/db/schema";
import { allPhotoKeys, billingEnv as billing, db, signedInUser, stripeCheckoutSold, stripeSubscription, userById } from "./helpers";
import { fetchPage } from "./render-pages";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit = {}, bindings: Env = env) {
  return app.request(`http://localhost:8787${path}`, init, bindings, workerContext());
}

type Size = { width: number; height: number };

const concat = concatBytes;
const segment = (marker: number, payload: ArrayLike<number>) =>
  concat([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff], payload);
const frame = ({ width, height }: Size) => [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];

/** A real small JPEG's segments before its first scan, and the scan data after it. */
async function realJpeg() {
  const data = new Uint8ClampedArray(64 * 48 * 4).fill(200);
  const jpeg = await encodeJpeg({ data, width: 64, height: 48 }, 80);
  let offset = 2;
  const tables: Uint8Array[] = [];
  while (jpeg[offset + 1] !== 0xda) {
    const length = (jpeg[offset + 2]! << 8) | jpeg[offset + 3]!;
    if (jpeg[offset + 1] !== 0xc0) tables.push(jpeg.subarray(offset, offset + 2 + length));
    offset += 2 + length;
  }
  return { tables, scans: jpeg.subarray(offset) };
}

/**
 * The attacker's JPEG: one 0xFF fill byte before the real frame header (`real`), and a comment
 * holding a decoy frame header (`decoy`) exactly where a reader that takes the fill byte for a
 * marker with length 0xC000 lands.
 */
async function jpegWithFillByteAndDecoy(real: Size, decoy: Size) {
  const { tables, scans } = await realJpeg();
  const head = concat([0xff, 0xd8], ...tables);
  const fill = head.length; // the fill byte's offset
  const realFrame = segment(0xc0, frame(real));
  const commentPayloadStart = fill + 1 + realFrame.length + 4;
  const decoyAt = fill + 2 + 0xc000;
  const comment = segment(
    0xfe,
    concat(new Array(decoyAt - commentPayloadStart).fill(0x20), segment(0xc0, frame(decoy)), new Array(20).fill(0x20)),
  );
  return concat(head, [0xff], realFrame, comment, scans);
}

/** A JPEG whose frame header comes after `commentBytes` of comments (as 60 KB segments). */
async function jpegWithLateFrame(real: Size, commentBytes: number) {
  const { tables, scans } = await realJpeg();
  const comments = Array.from({ length: Math.ceil(commentBytes / 60_000) }, () => segment(0xfe, new Array(60_000).fill(0x41)));
  return concat([0xff, 0xd8], ...tables, ...comments, segment(0xc0, frame(real)), scans);
}

function adForm(parts: Partial<Record<"photos" | "models" | "covers", { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }>>) {
  const form = new FormData();
  form.append("itemName", "Kaffeevollautomat DeLonghi");
  form.append("category", "elektronik");
  for (const [name, file] of Object.entries(parts)) form.append(name, new File([file.bytes], file.name, { type: file.type }));
  return form;
}

async function expectRefusedAndNothingStored(response: Response, userId: string, message: string) {
  expect(response.status).toBe(400);
  expect((await response.json<{ message: string }>()).message).toContain(message);
  expect(await db().select().from(ads)).toEqual([]);
  expect(await allPhotoKeys()).toEqual([]);
  expect((await userById(userId)).adCredits).toBe(1);
}

describe("issue 27: image sizes read from the whole marker stream", () => {
  it("refuses a 20000×20000 JPEG hiding behind a fill byte and a decoy 800×600 frame in a comment", async () => {
    const { user, auth } = await signedInUser();
    const bytes = await jpegWithFillByteAndDecoy({ width: 20000, height: 20000 }, { width: 800, height: 600 });
    const response = await call("/api/ads", {
      method: "POST",
      headers: auth,
      body: adForm({ photos: { bytes, name: "bombe.jpg", type: "image/jpeg" } }),
    });
    await expectRefusedAndNothingStored(response, user.id, "mehr als 40 Megapixel");
  });

  it("refuses a 20000×20000 JPEG whose frame header comes after 256 KB of comments", async () => {
    const { user, auth } = await signedInUser();
    const bytes = await jpegWithLateFrame({ width: 20000, height: 20000 }, 300_000);
    const response = await call("/api/ads", {
      method: "POST",
      headers: auth,
      body: adForm({ photos: { bytes, name: "spaet.jpg", type: "image/jpeg" } }),
    });
    await expectRefusedAndNothingStored(response, user.id, "mehr als 40 Megapixel");
  });

  it("refuses a photo whose size cannot be read (no frame header before the image data)", async () => {
    const { user, auth } = await signedInUser();
    const { tables, scans } = await realJpeg();
    const bytes = concat([0xff, 0xd8], ...tables, scans);
    const response = await call("/api/ads", {
      method: "POST",
      headers: auth,
      body: adForm({ photos: { bytes, name: "ohne-groesse.jpg", type: "image/jpeg" } }),
    });
    await expectRefusedAndNothingStored(response, user.id, "nicht eindeutig lesbar");
  });

  it("refuses a `models` copy that declares 1024×768 by a decoy but is 12000×12000 px", async () => {
    const { user, auth } = await signedInUser();
    const model = await jpegWithFillByteAndDecoy({ width: 12000, height: 12000 }, { width: 1024, height: 768 });
    const form = adForm({
      photos: { bytes: await png(64, 48), name: "foto.png", type: "image/png" },
      models: { bytes: model, name: "foto-model.jpg", type: "image/jpeg" },
    });
    await expectRefusedAndNothingStored(await call("/api/ads", { method: "POST", headers: auth, body: form }), user.id, "Kopie für die KI");
  });

  it("refuses a `covers` crop that declares 800×600 by a decoy but is 4000×3000 px", async () => {
    const { user, auth } = await signedInUser();
    const cover = await jpegWithFillByteAndDecoy({ width: 4000, height: 3000 }, { width: 800, height: 600 });
    const form = adForm({
      photos: { bytes: await png(64, 48), name: "foto.png", type: "image/png" },
      covers: { bytes: cover, name: "foto-cover.jpg", type: "image/jpeg" },
    });
    await expectRefusedAndNothingStored(await call("/api/ads", { method: "POST", headers: auth, body: form }), user.id, "Vorschaubild");
  });

  it("the generator never decodes a stored decoy itself: the Images service reads its real size and refuses what it cannot decode (ADR 024)", async () => {
    const key = `ads/${crypto.randomUUID()}/${"d".repeat(43)}.jpg`;
    await env.PHOTOS.put(key, await jpegWithFillByteAndDecoy({ width: 4000, height: 3000 }, { width: 800, height: 600 }), {
      httpMetadata: { contentType: "image/jpeg" },
    });
    expect(await openPhoto(env, key)).toMatchObject({ width: 4000, height: 3000 });
    // Its frame holds no decodable image: named unreadable (left out of the model call), no copy stored, nothing thrown.
    expect(await ensureModelCopies(env, [key])).toEqual({ readable: [], unreadable: [key] });
    expect(await env.PHOTOS.head(modelKeyFor(key))).toBeNull();
  });
});

describe("issue 27: Stripe checkouts grant only what they bought", () => {
  const stripe = new Stripe("sk_test_fake", { httpClient: Stripe.createFetchHttpClient() });

  async function webhook(event: Record<string, unknown>) {
    const payload = JSON.stringify({ object: "event", api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), ...event });
    const signature = await stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: "whsec_test_secret",
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    return call(
      "/api/stripe/webhook",
      { method: "POST", headers: { "Stripe-Signature": signature, "Content-Type": "application/json" }, body: payload },
      billing,
    );
  }

  const session = (id: string, userId: string, mode: "payment" | "subscription", extra: Record<string, unknown> = {}) => ({
    object: "checkout.session",
    id,
    mode,
    payment_status: "paid",
    client_reference_id: userId,
    customer: `cus_${id}`,
    payment_link: "plink_unrelated",
    amount_total: 1,
    ...extra,
  });

  it("a 1-cent checkout of another Payment Link on the same account grants neither credits nor Power", async () => {
    const { user } = await signedInUser({ adCredits: 0 });
    await stripeCheckoutSold("cs_unrelated_payment", "price_unrelated", 1);
    await stripeCheckoutSold("cs_unrelated_sub", "price_unrelated", 1);
    const subscription = await stripeSubscription("cus_cs_unrelated_sub", "price_unrelated", "active");
    expect(
      (
        await webhook({
          id: "evt_unrelated_payment",
          type: "checkout.session.completed",
          data: { object: session("cs_unrelated_payment", user.id, "payment") },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await webhook({
          id: "evt_unrelated_sub",
          type: "checkout.session.completed",
          data: { object: session("cs_unrelated_sub", user.id, "subscription", { subscription }) },
        })
      ).status,
    ).toBe(200);
    expect(await userById(user.id)).toMatchObject({ adCredits: 0, planType: "free", monthlyAllowance: 0 });
    expect(await db().select().from(activityLogs).where(eq(activityLogs.action, "payment_unknown_price"))).toHaveLength(2);
  });

  it("the configured pack price at another amount grants nothing", async () => {
    const { user } = await signedInUser({ adCredits: 0 });
    await stripeCheckoutSold("cs_cheap_pack", "price_pack", 1);
    await webhook({
      id: "evt_cheap_pack",
      type: "checkout.session.completed",
      data: { object: session("cs_cheap_pack", user.id, "payment") },
    });
    expect((await userById(user.id)).adCredits).toBe(0);
  });

  it("a checkout arriving after its subscription was deleted does not revive Power", async () => {
    const { user } = await signedInUser();
    await stripeCheckoutSold("cs_late", "price_power", 3900);
    const subscription = await stripeSubscription("cus_cs_late", "price_power", "canceled");
    const deleted = {
      object: "subscription",
      id: subscription,
      customer: "cus_cs_late",
      status: "canceled",
      items: { data: [{ price: { id: "price_power" } }] },
    };
    await webhook({ id: "evt_late_deleted", type: "customer.subscription.deleted", data: { object: deleted } });
    const late = await webhook({
      id: "evt_late_checkout",
      type: "checkout.session.completed",
      data: { object: session("cs_late", user.id, "subscription", { subscription, amount_total: 3900 }) },
    });
    expect(late.status).toBe(200);
    expect(await userById(user.id)).toMatchObject({ planType: "free", monthlyAllowance: 0 });
  });
});

describe("issue 27: one multipart boundary for counting and parsing", () => {
  const manyParts = (boundary: string, count: number) =>
    Array.from({ length: count }, (_, index) => `--${boundary}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nx\r\n`).join("") +
    `--${boundary}--\r\n`;

  it("counts the parts by the real boundary when a decoy parameter (xboundary=) comes first", async () => {
    const { user, auth } = await signedInUser();
    const { insertAd } = await import("./helpers");
    const ad = await insertAd(user.id, { status: "completed" });
    const response = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: { ...auth, "Content-Type": "multipart/form-data; xboundary=NOPE; boundary=REAL" },
      body: manyParts("REAL", 5_000),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Die Formulardaten enthalten zu viele Felder." });
  });

  it("refuses a body that names its boundary twice", async () => {
    const { user, auth } = await signedInUser();
    const { insertAd } = await import("./helpers");
    const ad = await insertAd(user.id, { status: "completed" });
    const body = manyParts("B", 1);
    for (const contentType of ["multipart/form-data; boundary=A; boundary=B", 'multipart/form-data; boundary="B"; BOUNDARY=A']) {
      const response = await call(`/api/ads/${ad.id}`, { method: "PATCH", headers: { ...auth, "Content-Type": contentType }, body });
      expect(response.status, contentType).toBe(400);
      expect(await response.json()).toEqual({ message: "Bildupload fehlgeschlagen: Die Formulardaten konnten nicht gelesen werden." });
    }
  });
});

describe("issue 27: model text costs the credit once the seller could read it", () => {
  it("deleting a processing ad refunds its credit only while no partial text was stored", async () => {
    const { insertAd } = await import("./helpers");
    const { user, auth } = await signedInUser({ adCredits: 0 });
    const withText = await insertAd(user.id, {
      status: "processing",
      creditSource: "credits",
      partialDescription: "📦 **Kaffeevollautomat** Ich verkaufe …",
    });
    const listed = await (await call("/api/ads", { headers: auth })).json<Array<{ id: string; partialDescription: string | null }>>();
    expect(listed.find((ad) => ad.id === withText.id)?.partialDescription).toContain("Kaffeevollautomat");
    expect((await call(`/api/ads/${withText.id}`, { method: "DELETE", headers: auth })).status).toBe(200);
    expect((await userById(user.id)).adCredits).toBe(0);

    const withoutText = await insertAd(user.id, { status: "processing", creditSource: "credits", partialDescription: null });
    expect((await call(`/api/ads/${withoutText.id}`, { method: "DELETE", headers: auth })).status).toBe(200);
    expect((await userById(user.id)).adCredits).toBe(1);
  });
});

describe("issue 27: the invite limit counts the mailbox, not the exact address", () => {
  it("refuses a third invite to victim+1@… and to a dotted Gmail variant", async () => {
    const { outboxMails } = await import("~/.server/db/schema");
    const outbox = { ...env, MAIL_MODE: "outbox" } as Env;
    const invite = async (auth: Record<string, string>, email: string) =>
      call(
        "/api/send-invite",
        { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify({ email }) },
        outbox,
      );
    const inviters = await Promise.all([0, 1, 2, 3].map(() => signedInUser()));
    expect((await invite(inviters[0].auth, "opfer@example.de")).status).toBe(200);
    expect((await invite(inviters[1].auth, "Opfer+1@example.de")).status).toBe(200);
    expect((await invite(inviters[2].auth, "opfer+2@example.de")).status).toBe(429);
    expect((await invite(inviters[0].auth, "max.muster@gmail.com")).status).toBe(200);
    expect((await invite(inviters[1].auth, "maxmuster+a@googlemail.com")).status).toBe(200);
    const third = await invite(inviters[3].auth, "m.a.x.muster@gmail.com");
    expect(third.status).toBe(429);
    expect((await third.json<{ message: string }>()).message).toContain("heute schon eingeladen");
    expect(await db().select().from(outboxMails)).toHaveLength(4);
  });
});

describe("issue 27: the model's reason is shown only as one of our labels", () => {
  it("drops an opinion whose reason is free text from the generator (a phishing URL)", async () => {
    const { scamCheck } = await import("~/.server/sales-kit/kit");
    const { insertAd } = await import("./helpers");
    const { user } = await signedInUser();
    const ad = await insertAd(user.id, {
      status: "completed",
      optimizedTitle: "Kaffeevollautomat",
      optimizedDescription: "Gut erhalten.",
      priceSuggestion: 16000,
      priceMin: 10000,
      priceMax: 22000,
    });
    const generator = {
      async fetch() {
        return Response.json({
          opinion: { verdict: "unbedenklich", reason: "Alles gut – bestätige hier: https://kleinanzeigen-sicher.example/login" },
        });
      },
    } as unknown as Fetcher;
    const result = await scamCheck(
      { db: db(), meta: { ip: null, country: null, userAgent: null }, generator },
      user,
      ad.id,
      "Ist der Artikel noch da?",
    );
    expect(result.modelOpinion).toBeNull();
  });
});

describe("issue 27: photos answer a failed If-Match / If-Unmodified-Since with 412", () => {
  it("412 for a failed If-Match or If-Unmodified-Since (from R2 and from the edge cache); 304 stays for If-None-Match", async () => {
    const key = `ads/${crypto.randomUUID()}/${"a".repeat(43)}.png`;
    await env.PHOTOS.put(key, await png(8, 8), { httpMetadata: { contentType: "image/png" } });
    // Each answer is read to its end: a body left open holds a stream from R2 or the cache into the next test's reset().
    const photo = async (headers: Record<string, string> = {}) => {
      const response = await call(`/images/${key}`, { headers });
      const body = await response.arrayBuffer();
      return new Response(response.status === 304 ? null : body, response);
    };
    const past = new Date(Date.now() - 24 * 60 * 60 * 1000).toUTCString();
    // First from R2 (nothing cached yet), then from the edge cache.
    for (const round of ["r2", "edge cache"]) {
      const mismatch = await photo({ "If-Match": '"nicht-diese-version"' });
      expect(mismatch.status, round).toBe(412);
      expect((await mismatch.json<{ message: string }>()).message).toContain("If-Match");
      expect((await photo({ "If-Unmodified-Since": past })).status, round).toBe(412);
      const fresh = await photo();
      expect(fresh.status).toBe(200);
      const etag = fresh.headers.get("ETag")!;
      expect((await photo({ "If-Match": etag })).status, round).toBe(200);
      expect((await photo({ "If-None-Match": etag })).status, round).toBe(304);
    }
  });
});

// Rendering a real page takes seconds on a busy machine.
describe("issue 27: signed-in pages are never cached", { timeout: 30_000 }, () => {
  it("sends Cache-Control: private, no-store on every page rendered for a session cookie", async () => {
    // The real home page, rendered by Remix for a signed-in seller.
    const { token } = await signedInUser();
    const home = await fetchPage("/", { Cookie: `ap_session=${token}` });
    expect(home.status).toBe(200);
    expect(home.headers.get("Cache-Control")).toBe("private, no-store");
    // Every other page the renderer makes, whatever it set itself.
    const pages = createWorkerApp(
      async () =>
        new Response("<!doctype html><p>Hallo Max</p>", {
          headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=600" },
        }),
    );
    for (const path of ["/", "/settings", "/profile", "/upgrade"]) {
      const signedIn = await pages.request(
        `http://localhost:8787${path}`,
        { headers: { Cookie: "theme=hell; ap_session=abc" } },
        env,
        workerContext(),
      );
      expect(signedIn.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(await signedIn.text()).toContain("Hallo Max");
    }
    const anonymous = await pages.request("http://localhost:8787/", {}, env, workerContext());
    expect(anonymous.headers.get("Cache-Control")).toBe("public, max-age=600");
  });

  it("sends Cache-Control: private, no-store on a page rendered for a bearer token too (issue 36)", async () => {
    // The real home page, rendered by Remix for a seller who names the session only by its bearer token.
    const { user, auth } = await signedInUser();
    const home = await fetchPage("/", auth);
    expect(home.status).toBe(200);
    expect(home.headers.get("Cache-Control")).toBe("private, no-store");
    // The page is personal: it carries the seller's own address.
    expect(await home.text()).toContain(user.email);
    const pages = createWorkerApp(async () => new Response("<p>Hallo Max</p>", { headers: { "Cache-Control": "public, max-age=600" } }));
    for (const path of ["/", "/settings", "/profile", "/upgrade"]) {
      const bearer = await pages.request(`http://localhost:8787${path}`, { headers: auth }, env, workerContext());
      expect(bearer.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });
});

describe("issue 27: sales-kit amounts are JSON numbers, never coerced", () => {
  it('refuses true, "1e6" and "150" as amounts with a German 400 and changes nothing', async () => {
    const { insertAd } = await import("./helpers");
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, {
      status: "completed",
      optimizedTitle: "Kaffeevollautomat",
      optimizedDescription: "Gut erhalten.",
      priceSuggestion: 16000,
      priceMin: 10000,
      priceMax: 22000,
    });
    const send = (method: string, path: string, body: unknown) =>
      call(`/api/ads/${ad.id}/sales-kit${path}`, {
        method,
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    for (const value of [true, "1e6", "150"]) {
      const floor = await send("PUT", "", { floorCents: value });
      expect(floor.status, JSON.stringify(value)).toBe(400);
      expect((await floor.json<{ message: string }>()).message).toContain("Bitte gib einen Betrag in Euro an.");
      const offer = await send("POST", "/counter-offer", { offerCents: value });
      expect(offer.status, JSON.stringify(value)).toBe(400);
    }
    const kit = await (await call(`/api/ads/${ad.id}/sales-kit`, { headers: auth })).json<{ strategy: { floorFromSeller: boolean } }>();
    expect(kit.strategy.floorFromSeller).toBe(false);
    expect((await send("PUT", "", { floorCents: 12000 })).status).toBe(200);
  });
});

describe("issue 27: the README's housekeeping command reaches the Worker with the cron", () => {
  it("POST /dev/housekeeping from this machine runs the generator's housekeeping through the service binding; others get 404", async () => {
    const { sessions } = await import("~/.server/db/schema");
    const { insertUser } = await import("./helpers");
    const user = await insertUser();
    const now = Date.now();
    await db()
      .insert(sessions)
      .values([
        { sid: "abgelaufen", sess: "{}", expire: now - 1000, userId: user.id },
        { sid: "gueltig", sess: "{}", expire: now + 60_000, userId: user.id },
      ]);
    const remote = await call("/dev/housekeeping", { method: "POST", headers: { "CF-Connecting-IP": "198.51.100.7" } });
    expect(remote.status).toBe(404);
    expect((await db().select().from(sessions)).map((session) => session.sid).sort()).toEqual(["abgelaufen", "gueltig"]);
    // env.GENERATOR is the generator Worker here (vitest.config.ts), as under `npm start`.
    const local = await call("/dev/housekeeping", { method: "POST", headers: { "CF-Connecting-IP": "127.0.0.1" } });
    expect(local.status).toBe(200);
    expect((await db().select().from(sessions)).map((session) => session.sid)).toEqual(["gueltig"]);
  });
});

describe("the end-to-end tests' line to D1 (ADR 040)", () => {
  it("POST /dev/database runs statements on a test instance for a client on this machine, and is not there for anyone else", async () => {
    const { insertUser } = await import("./helpers");
    const user = await insertUser();
    const body = JSON.stringify({
      statements: [
        { sql: "UPDATE users SET ad_credits = ?1 WHERE id = ?2", params: [7, user.id] },
        { sql: "SELECT ad_credits FROM users WHERE id = ?1", params: [user.id] },
      ],
    });
    const post = (address: string, bindings: Env = env, text = body) =>
      call(
        "/dev/database",
        { method: "POST", headers: { "CF-Connecting-IP": address, "Content-Type": "application/json" }, body: text },
        bindings,
      );

    for (const [address, bindings] of [
      ["198.51.100.7", env],
      ["127.0.0.1", { ...env, APP_ENV: "local" } as Env],
    ] as const) {
      const refused = await post(address, bindings);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: "Nicht gefunden." });
    }
    expect((await userById(user.id))?.adCredits).not.toBe(7);

    const malformed = await post("127.0.0.1", env, JSON.stringify({ statements: [{ sql: "" }] }));
    expect(malformed.status).toBe(400);
    expect((await malformed.json<{ message: string }>()).message).toBe("Ungültige Anweisungen.");

    // One batch is one transaction: a failing statement leaves the one before it undone.
    const failing = await post(
      "127.0.0.1",
      env,
      JSON.stringify({
        statements: [{ sql: "UPDATE users SET ad_credits = 9 WHERE id = ?1", params: [user.id] }, { sql: "SELECT nope FROM nirgends" }],
      }),
    );
    expect(failing.status).toBe(400);
    expect((await userById(user.id))?.adCredits).not.toBe(9);

    const local = await post("127.0.0.1");
    expect(local.status).toBe(200);
    expect(await local.json()).toEqual({ results: [[], [{ ad_credits: 7 }]] });
  });
});
