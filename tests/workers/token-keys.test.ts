// The token key ring (ADR 055): a key id in every stored eBay token, old keys decrypt and the newest
// encrypts, tokens stored before the ring decrypt with its first key, and the generator's cron reports
// in the activity log when the two Workers hold different rings.
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLogs, marketplaceConnections } from "~/.server/db/schema";
import { decryptToken, keyIdOf, keyRingOf, UnknownTokenKeyError } from "~/.server/crypto/token-cipher";
import { checkKeyRings, recordKeyRing, TOKEN_KEY_MISMATCH } from "~/.server/crypto/token-key-canary";
import generator from "../../workers/generator";
import { call, connectedSeller } from "./ebay-seller";
import { db, ebayEnv } from "./helpers";

const OLD_KEY = (ebayEnv as unknown as { TOKEN_ENCRYPTION_KEY: string }).TOKEN_ENCRYPTION_KEY;
const NEW_KEY = "b3RoZXItdGVzdC1rZXktb2YtMzItYnl0ZXMtbG9uZyE=";
const withKeys = (ring: string) => ({ ...ebayEnv, TOKEN_ENCRYPTION_KEY: ring }) as Env;
const keyId = async (key: string) => (await keyRingOf(key))[0].id;

/** A value as the cipher stored it before ADR 055: base64url(IV ‖ AES-GCM ciphertext+tag), no key id. */
async function storedBeforeTheRing(base64Key: string, plain: string, boundTo: string) {
  const key = await crypto.subtle.importKey(
    "raw",
    Uint8Array.from(atob(base64Key), (c) => c.charCodeAt(0)),
    "AES-GCM",
    false,
    ["encrypt"],
  );
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(boundTo) },
      key,
      new TextEncoder().encode(plain),
    ),
  );
  const bytes = new Uint8Array([...iv, ...cipher]);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const connectionOf = async (userId: string) =>
  (await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.userId, userId)))[0];

const mismatchLogs = () => db().select().from(activityLogs).where(eq(activityLogs.action, TOKEN_KEY_MISMATCH));

const runCron = (bindings: Env) =>
  generator.scheduled(createScheduledController({ cron: "*/5 * * * *" }), bindings as unknown as GeneratorEnv, createExecutionContext());

describe("the token key ring", () => {
  it("keeps a seller connected through a rotation: tokens from before the ring, then the newest key alone", async () => {
    const seller = await connectedSeller();
    const row = await connectionOf(seller.user.id);
    expect(keyIdOf(row.accessTokenCipher!)).toBe(await keyId(OLD_KEY));
    // The seller's row as it was stored before key ids existed.
    const [access, refresh] = await Promise.all(
      [row.accessTokenCipher!, row.refreshTokenCipher!].map((cipher) => decryptToken(OLD_KEY, cipher, seller.user.id)),
    );
    await db()
      .update(marketplaceConnections)
      .set({
        accessTokenCipher: await storedBeforeTheRing(OLD_KEY, access, seller.user.id),
        refreshTokenCipher: await storedBeforeTheRing(OLD_KEY, refresh, seller.user.id),
      })
      .where(eq(marketplaceConnections.userId, seller.user.id));

    // A new key is appended: the old tokens still work.
    const rotated = withKeys(`${OLD_KEY}, ${NEW_KEY}`);
    expect((await call("/api/ebay/choices", { headers: seller.auth }, rotated)).status).toBe(200);

    // The access token expires; the refresh stores both tokens under the newest key.
    await db()
      .update(marketplaceConnections)
      .set({ accessTokenExpiresAt: Date.now() - 1000 })
      .where(eq(marketplaceConnections.userId, seller.user.id));
    expect((await call("/api/ebay/choices", { headers: seller.auth }, rotated)).status).toBe(200);
    const after = await connectionOf(seller.user.id);
    expect([keyIdOf(after.accessTokenCipher!), keyIdOf(after.refreshTokenCipher!)]).toEqual([await keyId(NEW_KEY), await keyId(NEW_KEY)]);

    // So the old key can go, and the seller stays connected.
    expect((await call("/api/ebay/choices", { headers: seller.auth }, withKeys(NEW_KEY))).status).toBe(200);
    // A ring without the newest key cannot read them, and says which key is missing.
    await expect(decryptToken(OLD_KEY, after.accessTokenCipher!, seller.user.id)).rejects.toThrow(UnknownTokenKeyError);
  });

  it("the generator's cron reports in the activity log when the app encrypts with a key the generator lacks", async () => {
    // Both Workers on the same ring: the cron finds nothing.
    await connectedSeller();
    await runCron(ebayEnv);
    expect(await mismatchLogs()).toEqual([]);

    // The new key was added to the app only.
    await connectedSeller({}, withKeys(`${OLD_KEY},${NEW_KEY}`));
    await runCron(ebayEnv);
    const [entry, ...more] = await mismatchLogs();
    expect(more).toEqual([]);
    expect(entry.details).toEqual({
      keyIds: [await keyId(OLD_KEY), await keyId(NEW_KEY)],
      generatorKeyIds: [await keyId(OLD_KEY)],
      generatorCannotRead: true,
      missingGeneratorKey: null,
    });
    // Reported once a day, not on every run of the cron.
    await runCron(ebayEnv);
    expect(await mismatchLogs()).toHaveLength(1);

    // The generator gets the key too: the rings match again, nothing more is reported.
    await runCron(withKeys(`${OLD_KEY},${NEW_KEY}`));
    expect(await checkKeyRings(db(), `${OLD_KEY},${NEW_KEY}`)).toEqual([]);
  });

  it("reports an app that lacks the key the generator has begun to encrypt with", async () => {
    const ring = `${OLD_KEY},${NEW_KEY}`;
    const start = Date.now();
    // The generator stored a refreshed token with its new ring; later the app stores one with the old.
    await recordKeyRing(db(), ring, start);
    await connectedSeller();
    expect(await checkKeyRings(db(), ring, start + 1000)).toEqual([
      {
        keyIds: [await keyId(OLD_KEY)],
        generatorKeyIds: [await keyId(OLD_KEY), await keyId(NEW_KEY)],
        generatorCannotRead: false,
        missingGeneratorKey: await keyId(NEW_KEY),
      },
    ]);
    expect((await mismatchLogs()).map(({ details }) => (details as { missingGeneratorKey: string }).missingGeneratorKey)).toEqual([
      await keyId(NEW_KEY),
    ]);
  });
});
