// Findings of the attack on the running product (issue 17) that are fixed, one test each.
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { outboxMails } from "~/.server/db/schema";
import { createWorkerApp } from "~/.server/app/worker-app";
import { fillPrompt } from "~/lib/prompts";
import { db, insideOneRateLimitWindow, signedInUser, userById } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit = {}, bindings: Env = env) {
  return app.request(`http://localhost:8787${path}`, init, bindings, workerContext());
}

describe("hardening", () => {
  it("counts rate limits by the connection outside Cloudflare: a rotated CF-Connecting-IP does not reset them", async () => {
    const local = { ...env, APP_ENV: "local" } as Env;
    const statuses: number[] = [];
    await insideOneRateLimitWindow();
    for (let i = 0; i < 21; i++) {
      const response = await call(
        `/api/magic-link-info?token=${"u".repeat(43)}`,
        { headers: { "CF-Connecting-IP": `203.0.113.${i}` } },
        local,
      );
      statuses.push(response.status);
    }
    // MAGIC_LINK_IP_LIMITER allows 20 a minute; the 21st is refused although every request claimed another address.
    expect(statuses.slice(0, 20).every((status) => status !== 429)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Behind Cloudflare (here: the test environment, which plays the edge) the header names the client.
    const edge = await call(`/api/magic-link-info?token=${"u".repeat(43)}`, { headers: { "CF-Connecting-IP": "203.0.113.250" } });
    expect(edge.status).not.toBe(429);
  }, 15_000);

  it("a newer magic link invalidates the older unused one", async () => {
    const outbox = { ...env, MAIL_MODE: "outbox" } as Env;
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await db().delete(outboxMails);
      const sent = await call(
        "/api/send-magic-link",
        {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.9" },
          body: JSON.stringify({ email: "zweimal@example.de" }),
        },
        outbox,
      );
      expect(sent.status).toBe(200);
      const [mail] = await db().select().from(outboxMails);
      tokens.push(decodeURIComponent(mail.text.match(/token=(\S+)/)![1]));
    }
    const verify = (token: string) =>
      call(
        "/api/verify-magic-link",
        { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) },
        outbox,
      );
    expect((await verify(tokens[0])).status).toBe(410);
    expect((await verify(tokens[1])).status).toBe(200);
  });

  it("the monitor's search never reaches D1's LIKE limit: long or multi-byte searches get a German 400, not a 500", async () => {
    const docsEnv = { ...env, DOCS_PASSWORD: "richtig-geheim-42", SESSION_SECRET: "s".repeat(40) } as Env;
    const unlock = await call(
      "/api/docs/unlock",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.10" },
        body: JSON.stringify({ password: "richtig-geheim-42" }),
      },
      docsEnv,
    );
    const cookie = unlock.headers.get("Set-Cookie")!.split(";")[0];
    const search = (value: string) => call(`/api/logs?search=${encodeURIComponent(value)}`, { headers: { Cookie: cookie } }, docsEnv);
    expect((await search("a".repeat(40))).status).toBe(200);
    expect((await search("ä".repeat(24))).status).toBe(200);
    for (const value of ["a".repeat(49), "ä".repeat(25), "_".repeat(25), "a".repeat(100)]) {
      const response = await search(value);
      expect(response.status, value).toBe(400);
      expect((await response.json<{ message: string }>()).message).toMatch(/Suche/);
    }
  });

  it("a malformed image URL answers a JSON 404", async () => {
    const response = await call("/images/%");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Bild nicht gefunden." });
  });

  it("prompt placeholders are looked up as own properties only", () => {
    const values = { itemName: "Lampe", description: "", category: "Möbel", imageAnalysis: "", platform: "eBay" };
    expect(fillPrompt("{itemName} {constructor} {toString} {__proto__}", values)).toBe("Lampe {constructor} {toString} {__proto__}");
  });

  it("a webhook signed with a timestamp in the future is refused and changes nothing", async () => {
    const billing = {
      ...env,
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
      STRIPE_WEBHOOK_SECRET: "whsec_test_secret",
      STRIPE_PRICE_WEEKLY: "price_weekly",
      STRIPE_API_BASE_URL: env.FAKE_STRIPE_URL,
    } as Env;
    const { user } = await signedInUser({ adCredits: 0 });
    const payload = JSON.stringify({
      id: "evt_future",
      object: "event",
      api_version: Stripe.API_VERSION,
      type: "checkout.session.completed",
      data: {
        object: {
          object: "checkout.session",
          id: "cs_future",
          mode: "payment",
          payment_status: "paid",
          client_reference_id: user.id,
          customer: "cus_f",
          amount_total: 500,
        },
      },
    });
    const stripe = new Stripe("sk_test_fake", { httpClient: Stripe.createFetchHttpClient() });
    const signature = await stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: "whsec_test_secret",
      timestamp: Math.floor(Date.now() / 1000) + 3600,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    const response = await call(
      "/api/stripe/webhook",
      { method: "POST", headers: { "Stripe-Signature": signature, "Content-Type": "application/json" }, body: payload },
      billing,
    );
    expect(response.status).toBe(400);
    expect((await userById(user.id)).adCredits).toBe(0);
  });
});

describe("the free ad once per person", () => {
  const demo = { ...env, MAIL_MODE: "demo" } as Env;
  async function signInAs(email: string) {
    const response = await call(
      "/api/send-magic-link",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 200)}` },
        body: JSON.stringify({ email }),
      },
      demo,
    );
    expect(response.status).toBe(200);
    const { token } = await response.json<{ token: string }>();
    return {
      token,
      user: await (
        await call("/api/auth/user", { headers: { Authorization: `Bearer ${token}` } }, demo)
      ).json<{ id: string; adCredits: number }>(),
    };
  }

  it("is not granted again after deleting the account, nor to +tag or dotted Gmail variants", async () => {
    const { freeAdGrants } = await import("~/.server/db/schema");
    const first = await signInAs("anna.schmidt@gmail.com");
    expect(first.user.adCredits).toBe(1);
    expect((await call("/api/account", { method: "DELETE", headers: { Authorization: `Bearer ${first.token}` } }, demo)).status).toBe(200);

    expect((await signInAs("anna.schmidt@gmail.com")).user.adCredits).toBe(0);
    expect((await signInAs("annaschmidt+kleinanzeigen@googlemail.com")).user.adCredits).toBe(0);
    expect((await signInAs("jemand.neues@example.de")).user.adCredits).toBe(1);
    expect((await signInAs("jemand.neues+2@example.de")).user.adCredits).toBe(0);
    // Stored as keyed hashes only: no address in the table.
    const grants = await db().select().from(freeAdGrants);
    expect(JSON.stringify(grants)).not.toMatch(/@|anna|jemand/);
    expect(grants.every((grant) => /^[0-9a-f]{64}$/.test(grant.emailHash))).toBe(true);
  });
});

describe("low findings", () => {
  it("refuses a PNG that declares more than 40 megapixels by its header, and stores nothing", async () => {
    const { png } = await import("../fixtures/images");
    const { allPhotoKeys } = await import("./helpers");
    const bytes = await png(8, 8);
    // Patch the IHDR width/height to 30000 × 30000 (the CRC is not checked by the header reader).
    const view = new DataView(bytes.buffer);
    view.setUint32(16, 30000);
    view.setUint32(20, 30000);
    const { auth } = await signedInUser();
    const form = new FormData();
    form.append("itemName", "Riesenbild");
    form.append("category", "sonstiges");
    form.append("photos", new File([bytes], "bombe.png", { type: "image/png" }));
    const response = await call("/api/ads", { method: "POST", headers: auth, body: form });
    expect(response.status).toBe(400);
    expect((await response.json<{ message: string }>()).message).toContain("mehr als 40 Megapixel");
    expect(await allPhotoKeys()).toEqual([]);
  });

  it("limits invites per recipient across all inviters and uses a fixed subject", async () => {
    const outbox = { ...env, MAIL_MODE: "outbox" } as Env;
    const invite = async (auth: Record<string, string>) =>
      call(
        "/api/send-invite",
        { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify({ email: "ziel@example.de" }) },
        outbox,
      );
    const inviters = await Promise.all([0, 1, 2].map(() => signedInUser({ firstName: "Ihr Konto wird gesperrt Jetzt handeln" })));
    expect((await invite(inviters[0].auth)).status).toBe(200);
    expect((await invite(inviters[1].auth)).status).toBe(200);
    const third = await invite(inviters[2].auth);
    expect(third.status).toBe(429);
    expect((await third.json<{ message: string }>()).message).toContain("heute schon eingeladen");
    const mails = await db().select().from(outboxMails);
    expect(mails.map((mail) => mail.subject)).toEqual(["Einladung zu AnzeigenPilot", "Einladung zu AnzeigenPilot"]);
  });

  it("does not key the docs cookie with the docs password", async () => {
    const { docsCookie } = await import("~/.server/docs/access");
    const { getConfig } = await import("~/.server/env");
    const config = getConfig({ APP_ENV: "local", PUBLIC_BASE_URL: "http://localhost:8787", DOCS_PASSWORD: "geheim-und-kurz" });
    const [, value] = (await docsCookie(config, 1_700_000_000_000)).split(";")[0].split("=");
    const [expires, signature] = value.split(".");
    const passwordKey = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode("docs:geheim-und-kurz"),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const { toHex } = await import("~/.server/crypto/hex");
    const forged = toHex(await crypto.subtle.sign("HMAC", passwordKey, new TextEncoder().encode(`docs.${expires}`)));
    expect(signature).not.toBe(forged);
  });
});

describe("methods", () => {
  it("answers unknown methods on the API with 405 and Allow, and unknown paths with 404", async () => {
    const trace = await call("/api/ads", { method: "TRACE" });
    expect(trace.status).toBe(405);
    expect(trace.headers.get("Allow")).toBe("GET, HEAD, POST");
    expect(await trace.json()).toEqual({ message: "Diese Methode ist hier nicht erlaubt." });
    const put = await call(`/api/ads/${crypto.randomUUID()}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("DELETE, PATCH");
    expect((await call("/api/gibt-es-nicht")).status).toBe(404);
  });

  it("answers non-GET requests to photos with 405 instead of a page", async () => {
    const response = await call(`/images/ads/${crypto.randomUUID()}/${"a".repeat(43)}.jpg`, { method: "POST", body: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
  });
});

describe("request limits before parsing", () => {
  it("refuses a 50 MB body with a lying Content-Type before reading it, and stops reading an oversized JSON body at the limit", async () => {
    const { auth } = await signedInUser();
    // A body that counts what the server pulls from it: 50 MB of a JSON array, 64 KB per chunk.
    const streamed = () => {
      const pulled = { bytes: 0 };
      const chunk = new TextEncoder().encode("1,".repeat(32 * 1024));
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode("["));
          if (sent >= 50 * 1024 * 1024) {
            controller.enqueue(new TextEncoder().encode("1]"));
            controller.close();
            return;
          }
          sent += chunk.byteLength;
          pulled.bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      return { body, pulled };
    };
    const lying = streamed();
    const asMultipart = await call("/api/profile", {
      method: "PUT",
      headers: { ...auth, "Content-Type": "multipart/form-data; boundary=x" },
      body: lying.body,
      duplex: "half",
    } as RequestInit);
    expect(asMultipart.status).toBe(415);
    expect(await asMultipart.json()).toEqual({ message: "Bitte sende die Daten als JSON (Content-Type: application/json)." });
    expect(lying.pulled.bytes).toBeLessThanOrEqual(256 * 1024);

    const json = streamed();
    const asJson = await call("/api/profile", {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: json.body,
      duplex: "half",
    } as RequestInit);
    expect(asJson.status).toBe(413);
    expect((await asJson.json<{ message: string }>()).message).toMatch(/zu groß/i);
    // Reading stopped just past the route's 64 KB limit, not after 50 MB.
    expect(json.pulled.bytes).toBeLessThanOrEqual(512 * 1024);
  });

  it("caps the parts of a multipart body before parsing it", async () => {
    const { user, auth } = await signedInUser();
    const { insertAd } = await import("./helpers");
    const ad = await insertAd(user.id, { status: "completed" });
    const parts =
      Array.from({ length: 5_000 }, (_, index) => `--b\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nx\r\n`).join("") +
      "--b--\r\n";
    const response = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: { ...auth, "Content-Type": "multipart/form-data; boundary=b" },
      body: parts,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Die Formulardaten enthalten zu viele Felder." });
  });

  it("checks that an edited ad exists and belongs to the caller before reading its body", async () => {
    const { user } = await signedInUser();
    const { auth: stranger } = await signedInUser();
    const { insertAd } = await import("./helpers");
    const ad = await insertAd(user.id, { status: "completed" });
    // A body that would fail to parse: the answer is the ownership's 404, not a parsing error.
    const response = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: { ...stranger, "Content-Type": "multipart/form-data; boundary=kaputt" },
      body: "--kaputt\r\nkein gültiges multipart",
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Anzeige nicht gefunden" });
  });
});
