// eBay and the seller's data (ADR 049), inside workerd against the local fake eBay: the Marketplace
// Account Deletion endpoint (challenge, signed notifications that delete the eBay user's data, a bad
// signature refused with nothing changed), eBay's own signed test vector, the eBay user id stored at
// connect time, and the OAuth state bound to the session that started it.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { activityLogs, ads, listings, marketplaceConnections } from "~/.server/db/schema";
import { readSignatureHeader, signedTexts, verifyEbaySignature } from "~/.server/app-worker/ebay/notification-signature";
import { KEY_LOOKUP_BUDGET_MS, NotificationKeyUnavailable, notificationPublicKey } from "~/.server/app-worker/ebay/notification-key";
import { getConfig } from "~/.server/app-worker/env";
import { ebayConfigOf } from "~/.server/ebay/config";
import { decryptToken } from "~/.server/crypto/token-cipher";
import { EBAY_SDK_MESSAGE, EBAY_SDK_PUBLIC_KEY, EBAY_SDK_SIGNATURE_HEADER } from "../fixtures/ebay-notification";
import { db, ebayEnv, insertAd, signedInUser } from "./helpers";
import { call, connectedSeller, consent, fakeTokens, json } from "./ebay-seller";

const FAKE = env.FAKE_EBAY_URL;
const ENDPOINT = "https://anzeigenpilot.de/api/ebay/account-deletion";
const VERIFICATION_TOKEN = "verification_token-of-32-chars-or-more-0123";
const deletionEnv = { ...ebayEnv, EBAY_DELETION_VERIFICATION_TOKEN: VERIFICATION_TOKEN, EBAY_DELETION_ENDPOINT: ENDPOINT } as Env;
const tokenKey = () => (ebayEnv as unknown as { TOKEN_ENCRYPTION_KEY: string }).TOKEN_ENCRYPTION_KEY;

async function connectionOf(userId: string) {
  const [row] = await db()
    .select()
    .from(marketplaceConnections)
    .where(and(eq(marketplaceConnections.userId, userId), eq(marketplaceConnections.platform, "ebay")));
  return row ?? null;
}

/** A seller connected to the fake eBay with a live eBay listing and an eBay link saved on another ad. */
async function sellerWithEbayData() {
  const seller = await connectedSeller();
  const listed = await insertAd(seller.user.id, { status: "completed", optimizedTitle: "Kaffeevollautomat" });
  const linked = await insertAd(seller.user.id, { status: "completed", listingUrl: "https://www.ebay.de/itm/110099" });
  await db()
    .insert(listings)
    .values({
      id: crypto.randomUUID(),
      adId: listed.id,
      userId: seller.user.id,
      platform: "ebay",
      status: "live",
      externalId: "110042",
      offerId: "5042",
      url: "https://www.ebay.de/itm/110042",
      priceCents: 12000,
      startPriceCents: 12000,
      publishedAt: Date.now(),
      details: { categoryId: "20667", sku: `ap-${listed.id}` },
    });
  const connection = (await connectionOf(seller.user.id))!;
  const accessToken = await decryptToken(tokenKey(), connection.accessTokenCipher!, seller.user.id);
  return { ...seller, listed, linked, accessToken };
}

/** The fake eBay closes the seller's account and signs eBay's notification for it. */
async function deletionNotification(accessToken: string) {
  const response = await fetch(`${FAKE}/__control/account-deletion?token=${encodeURIComponent(accessToken)}`, { method: "POST" });
  expect(response.status).toBe(200);
  return response.json<{ body: string; signature: string; userId: string }>();
}

/** The address eBay's notifications come from in these tests (a documentation range, RFC 5737). */
const EBAY_SENDER = "192.0.2.10";

function notify(body: string, signature?: string, bindings: Env = deletionEnv, sender = EBAY_SENDER) {
  const headers = {
    "Content-Type": "application/json",
    "CF-Connecting-IP": sender,
    ...(signature ? { "X-EBAY-SIGNATURE": signature } : {}),
  };
  return call("/api/ebay/account-deletion", { method: "POST", headers, body }, bindings);
}

async function ebayDataOf(seller: Awaited<ReturnType<typeof sellerWithEbayData>>) {
  const [listing] = await db().select().from(listings).where(eq(listings.adId, seller.listed.id));
  const [linked] = await db().select().from(ads).where(eq(ads.id, seller.linked.id));
  return { connection: await connectionOf(seller.user.id), listing, listingUrl: linked.listingUrl };
}

async function publicKeyRequests() {
  const state = await (
    await fetch(`${FAKE}/__state`)
  ).json<{
    requests: Array<{ path: string; grant: string | null; operationId: string | null; violations: unknown[] }>;
  }>();
  // The app's lookups: with its application token (a test's refused seller token is none of them).
  const asked = state.requests.filter(
    (request) => request.path.startsWith("/commerce/notification/v1/public_key/") && request.grant === "client_credentials",
  );
  // Each one as the Notification API's document states it (contracts/ebay/, ADR 044).
  for (const request of asked) expect(request).toMatchObject({ operationId: "getPublicKey", violations: [] });
  return asked.length;
}

describe("eBay's endpoint challenge", () => {
  it("answers the challenge_code with hex SHA-256 of code, verification token and endpoint, as JSON", async () => {
    const response = await call("/api/ebay/account-deletion?challenge_code=a8628072-3d33-45ee-9004-bee86830a22d", {}, deletionEnv);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    // Worked out here on its own, in eBay's order: challengeCode + verificationToken + endpoint.
    const digest = await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode(`a8628072-3d33-45ee-9004-bee86830a22d${VERIFICATION_TOKEN}${ENDPOINT}`),
    );
    const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    expect(await response.json()).toEqual({ challengeResponse: hex });
  });

  it("says in German when the endpoint is not set up, and refuses a request without a challenge_code", async () => {
    const unset = await call("/api/ebay/account-deletion?challenge_code=abc", {}, ebayEnv);
    expect(unset.status).toBe(503);
    expect(await unset.json()).toEqual({
      message: "Die Benachrichtigungen von eBay sind in dieser Umgebung nicht eingerichtet.",
      code: "unavailable",
    });
    expect((await call("/api/ebay/account-deletion", {}, deletionEnv)).status).toBe(400);
  });
});

describe("eBay's signature", () => {
  it("verifies eBay's own signed test notification with WebCrypto, and not a changed one", async () => {
    const header = readSignatureHeader(EBAY_SDK_SIGNATURE_HEADER)!;
    expect(header).toMatchObject({ alg: "ecdsa", kid: "9936261a-7d7b-4621-a0f1-96ccb428af49", digest: "SHA1" });
    // eBay's SDKs verify the compact JSON; a body sent pretty-printed verifies through it.
    const pretty = JSON.stringify(EBAY_SDK_MESSAGE, null, 2);
    const verdicts = await Promise.all(signedTexts(pretty).map((text) => verifyEbaySignature(EBAY_SDK_PUBLIC_KEY, header.signature, text)));
    expect(verdicts).toEqual([false, true]);
    const changed = JSON.stringify({
      ...EBAY_SDK_MESSAGE,
      notification: { ...EBAY_SDK_MESSAGE.notification, data: { ...EBAY_SDK_MESSAGE.notification.data, userId: "someoneElse" } },
    });
    expect(await verifyEbaySignature(EBAY_SDK_PUBLIC_KEY, header.signature, changed)).toBe(false);
    expect(await verifyEbaySignature({ ...EBAY_SDK_PUBLIC_KEY, digest: "MD5" }, header.signature, JSON.stringify(EBAY_SDK_MESSAGE))).toBe(
      false,
    );
  });
});

describe("eBay's account deletion notification", () => {
  it("stores the seller's eBay user id at connect time (Commerce Identity getUser)", async () => {
    const seller = await sellerWithEbayData();
    const user = await fetch(`${FAKE}/commerce/identity/v1/user/`, { headers: { Authorization: `Bearer ${seller.accessToken}` } });
    const { userId } = await user.json<{ userId: string }>();
    expect((await connectionOf(seller.user.id))!.externalUserId).toBe(userId);
  });

  it("deletes that eBay user's connection and every eBay identifier of their listings, and acknowledges with 204", async () => {
    const seller = await sellerWithEbayData();
    const bystander = await sellerWithEbayData();
    const notification = await deletionNotification(seller.accessToken);

    const response = await notify(notification.body, notification.signature);
    expect(response.status).toBe(204);

    const after = await ebayDataOf(seller);
    expect(after.connection).toBeNull();
    expect(after.listing).toMatchObject({ platform: "ebay", status: "ended", externalId: null, offerId: null, url: null, details: {} });
    expect(after.listing.lastError).toBe(
      "Dein eBay-Konto wurde bei eBay geschlossen. Die eBay-Daten dieser Anzeige sind bei uns gelöscht.",
    );
    expect(after.listingUrl).toBeNull();
    // The other seller's eBay data stays.
    const kept = await ebayDataOf(bystander);
    expect(kept.connection).not.toBeNull();
    expect(kept.listing).toMatchObject({ status: "live", externalId: "110042", offerId: "5042" });
    expect(kept.listingUrl).toBe("https://www.ebay.de/itm/110099");
    // The log says that it happened, never whose eBay account it was.
    const logged = await db().select().from(activityLogs).where(eq(activityLogs.action, "ebay_account_deleted"));
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain(notification.userId);

    // eBay may deliver again: nothing is left to delete, the answer is the same.
    expect((await notify(notification.body, notification.signature)).status).toBe(204);
  });

  it("refuses a changed notification, a missing or foreign signature with 412 and changes nothing", async () => {
    const seller = await sellerWithEbayData();
    const victim = await sellerWithEbayData();
    const before = await ebayDataOf(victim);
    const signed = await deletionNotification(seller.accessToken);
    const victimUserId = (await connectionOf(victim.user.id))!.externalUserId!;

    const forged = signed.body.replace(signed.userId, victimUserId);
    expect(forged).not.toBe(signed.body);
    const refused = await notify(forged, signed.signature);
    expect(refused.status).toBe(412);
    expect(await refused.json()).toEqual({ message: "Die Signatur der Benachrichtigung ist ungültig.", code: "precondition_failed" });
    expect((await notify(forged)).status).toBe(412);
    // eBay's own test vector: signed by a key the fake eBay does not have.
    expect((await notify(JSON.stringify(EBAY_SDK_MESSAGE), EBAY_SDK_SIGNATURE_HEADER)).status).toBe(412);
    expect((await notify(forged, btoa("kein JSON"))).status).toBe(412);

    expect(await ebayDataOf(victim)).toEqual(before);
  });

  it("asks eBay for its public key once and keeps it (getPublicKey with an application token)", async () => {
    const first = await sellerWithEbayData();
    const second = await sellerWithEbayData();
    expect((await notify(...(await bodyAndSignature(first.accessToken)))).status).toBe(204);
    const asked = await publicKeyRequests();
    expect(asked).toBeGreaterThan(0);
    expect((await notify(...(await bodyAndSignature(second.accessToken)))).status).toBe(204);
    expect(await publicKeyRequests()).toBe(asked);
    // The fake gives the key only for an application token (client credentials), never a seller's:
    // eBay's "Access denied" for a token of a grant the operation does not take (ADR 072).
    const kid = readSignatureHeader((await deletionNotification((await sellerWithEbayData()).accessToken)).signature)!.kid;
    // (A seller whose grants no deletion ended.)
    const { access_token } = await fakeTokens();
    const asSeller = await fetch(`${FAKE}/commerce/notification/v1/public_key/${kid}`, {
      headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(asSeller.status).toBe(403);
    expect(await asSeller.json()).toMatchObject({ errors: [{ errorId: 1100, message: "Access denied" }] });
  });
});

/** The same signature header naming another key id. */
function withKid(signature: string, kid: string): string {
  return btoa(JSON.stringify({ ...(JSON.parse(atob(signature)) as Record<string, string>), kid }));
}

describe("made-up key ids", () => {
  it("count against the address that sent them: ten, then it waits; eBay's notification with a key not seen before still verifies", async () => {
    const attacker = "203.0.113.7";
    const seller = await sellerWithEbayData();
    const signed = await deletionNotification(seller.accessToken);
    const before = await publicKeyRequests();
    const forged = Array.from({ length: 12 }, () => withKid(signed.signature, crypto.randomUUID()));
    const answers: number[] = [];
    for (const signature of forged) answers.push((await notify(signed.body, signature, deletionEnv, attacker)).status);
    expect(answers).toEqual([...Array<number>(10).fill(412), 502, 502]);
    expect(await publicKeyRequests()).toBe(before + 10);
    // An id eBay already refused is not asked about again, from anywhere.
    expect((await notify(signed.body, forged[0], deletionEnv, "198.51.100.77")).status).toBe(412);
    expect(await publicKeyRequests()).toBe(before + 10);

    // eBay moves to a new key: its next notification names a key id nobody has looked up yet.
    expect((await fetch(`${FAKE}/__control/rotate-notification-key`, { method: "POST" })).status).toBe(200);
    const next = await deletionNotification((await sellerWithEbayData()).accessToken);
    expect(readSignatureHeader(next.signature)!.kid).not.toBe(readSignatureHeader(signed.signature)!.kid);
    expect((await notify(next.body, next.signature)).status).toBe(204);
    // The seller's data is untouched by the forged ones; eBay's earlier key still verifies.
    expect((await connectionOf(seller.user.id))?.externalUserId).toBe(signed.userId);
    expect((await notify(signed.body, signed.signature)).status).toBe(204);
  });

  it("count an IPv6 sender by its /64", async () => {
    const signed = await deletionNotification((await sellerWithEbayData()).accessToken);
    const made = () => withKid(signed.signature, crypto.randomUUID());
    for (let index = 1; index <= 10; index++)
      expect((await notify(signed.body, made(), deletionEnv, `2001:db8:7:1::${index}`)).status).toBe(412);
    expect((await notify(signed.body, made(), deletionEnv, "2001:0db8:0007:0001:ffff:0:0:1")).status).toBe(502);
    expect((await notify(signed.body, made(), deletionEnv, "2001:db8:7:2::1")).status).toBe(412);
  });
});

describe("eBay's public key", () => {
  it("is kept in the data center's cache, where an isolate that never asked finds it", async () => {
    const [body, signature] = await bodyAndSignature((await sellerWithEbayData()).accessToken);
    expect((await notify(body, signature)).status).toBe(204);
    const asked = await publicKeyRequests();
    // A new isolate: the module loaded afresh, with nothing in its memory.
    vi.resetModules();
    const fresh = await import("~/.server/app-worker/ebay/notification-key");
    const key = await fresh.notificationPublicKey(ebayConfigOf(getConfig(deletionEnv))!, readSignatureHeader(signature)!.kid, {
      db: db(),
      sender: EBAY_SENDER,
      origin: getConfig(deletionEnv).PUBLIC_BASE_URL,
    });
    expect(key).toMatchObject({ algorithm: "ECDSA", digest: "SHA1" });
    expect(await publicKeyRequests()).toBe(asked);
  });

  it("is given up when eBay does not answer within the lookup's time budget: eBay is asked to send again", async () => {
    const kid = crypto.randomUUID();
    expect((await fetch(`${FAKE}/__control/hold-public-key?kid=${kid}`, { method: "POST" })).status).toBe(200);
    const lookup = notificationPublicKey(ebayConfigOf(getConfig(deletionEnv))!, kid, {
      db: db(),
      sender: EBAY_SENDER,
      origin: getConfig(deletionEnv).PUBLIC_BASE_URL,
      budgetMs: 300,
    });
    await expect(lookup).rejects.toBeInstanceOf(NotificationKeyUnavailable);
    // The endpoint's own budget leaves eBay's delivery time to spare.
    expect(KEY_LOOKUP_BUDGET_MS).toBeLessThanOrEqual(10_000);
  });
});

async function bodyAndSignature(accessToken: string): Promise<[string, string]> {
  const notification = await deletionNotification(accessToken);
  return [notification.body, notification.signature];
}

describe("the OAuth state", () => {
  it("binds the code to the session that started the connection: another account cannot take it", async () => {
    const owner = await signedInUser();
    const started = await call("/api/ebay/connect", json(owner.auth, "POST"));
    const consentUrl = new URL((await started.json<{ url: string }>()).url);
    // Asked for once on the consent page: the eBay user id (ADR 049).
    expect(consentUrl.searchParams.get("scope")).toContain("commerce.identity.readonly");
    const cookie = started.headers.get("Set-Cookie")!.split(";")[0];
    const back = await consent(consentUrl.searchParams.get("state")!, "allow", consentUrl.searchParams.get("scope")!);

    // Someone else, with the same code, state and even the state cookie, in their own session.
    const other = await signedInUser();
    const taken = await call(`/api/ebay/callback${back.search}`, { headers: { ...other.auth, Cookie: cookie } });
    expect(taken.headers.get("Location")).toBe("/profile?ebay=fehler");
    expect(await connectionOf(other.user.id)).toBeNull();

    // The code was not used up: its own session connects with it.
    const own = await call(`/api/ebay/callback${back.search}`, { headers: { ...owner.auth, Cookie: cookie } });
    expect(own.headers.get("Location")).toBe("/profile?ebay=verbunden");
    expect(await connectionOf(owner.user.id)).not.toBeNull();
  });

  it("refuses a state that was not issued here, however it looks", async () => {
    const seller = await signedInUser();
    const forged = `${"a".repeat(43)}.${Date.now() + 60_000}.${"b".repeat(43)}`;
    const back = await consent(forged);
    const callback = await call(`/api/ebay/callback${back.search}`, { headers: { ...seller.auth, Cookie: `ap_ebay_state=${forged}` } });
    expect(callback.headers.get("Location")).toBe("/profile?ebay=fehler");
    expect(await connectionOf(seller.user.id)).toBeNull();
  });

  it("says on disconnect where the seller removes the app's access at eBay, and which listings stay live", async () => {
    const seller = await sellerWithEbayData();
    const response = await call("/api/ebay", json(seller.auth, "DELETE"));
    expect(await response.json()).toEqual({
      message: "eBay-Verbindung getrennt",
      hint: "Deine eBay-Zugangsdaten sind bei uns gelöscht. Den Zugriff von AnzeigenPilot entfernst du zusätzlich bei eBay unter „Mein eBay“ → „Konto“ bei den Berechtigungen für Drittanbieter-Apps. Dein laufendes eBay-Angebot bleibt online, bis du es bei eBay beendest.",
    });
    expect(await connectionOf(seller.user.id)).toBeNull();
  });
});
