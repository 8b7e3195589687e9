// The app's own eBay token (client-credentials grant, ADR 072) for the Taxonomy API, which declares
// only that flow: minted once per eBay environment and kept in D1 for its lifetime, so every isolate
// uses the same one and eBay's 1,000 application tokens a day are never near.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getConfig } from "~/.server/app-worker/env";
import { ebayApplicationTokens } from "~/.server/db/schema";
import { applicationTokenEnvironment, ebayApplicationToken } from "~/.server/ebay/application-token";
import { ebayConfigOf } from "~/.server/ebay/config";
import { fakeApi } from "./ebay-seller";
import { db, ebayEnv } from "./helpers";

const HOUR = 60 * 60 * 1000;
const DEFAULT_TREE = "/commerce/taxonomy/v1/get_default_category_tree_id?marketplace_id=EBAY_DE";

describe("the app's eBay application token", () => {
  it("is minted once and kept for its lifetime, in memory and in D1 for every isolate, encrypted", async () => {
    const config = ebayConfigOf(getConfig(ebayEnv))!;
    const now = Date.now();
    const token = await ebayApplicationToken(db(), config, { now });
    // The fake's Taxonomy API takes it: an application token.
    expect((await fakeApi(token, "GET", DEFAULT_TREE)).status).toBe(200);
    expect(await ebayApplicationToken(db(), config, { now: now + HOUR })).toBe(token);

    // A new isolate: the module loaded afresh, with nothing in its memory, finds it in D1.
    vi.resetModules();
    const fresh = await import("~/.server/ebay/application-token");
    expect(await fresh.ebayApplicationToken(db(), config, { now: now + HOUR })).toBe(token);
    const [row] = await db()
      .select()
      .from(ebayApplicationTokens)
      .where(eq(ebayApplicationTokens.environment, applicationTokenEnvironment(config)));
    expect(row.tokenCipher).not.toContain(token);
    expect(row.expiresAt).toBe(now + 2 * HOUR);

    // Within its last minute, or once eBay refused it (401), a new one.
    const later = await fresh.ebayApplicationToken(db(), config, { now: now + 2 * HOUR - 30_000 });
    expect(later).not.toBe(token);
    const renewed = await fresh.ebayApplicationToken(db(), config, { now: now + 2 * HOUR - 30_000, renew: true });
    expect(renewed).not.toBe(later);
    expect(await ebayApplicationToken(db(), config, { now: now + 2 * HOUR })).toBe(renewed);
  });

  it("is kept per eBay environment: the sandbox's is not production's", () => {
    const production = ebayConfigOf(getConfig({ ...ebayEnv, EBAY_API_URL: undefined, EBAY_AUTH_URL: undefined }))!;
    const sandbox = ebayConfigOf(
      getConfig({ ...ebayEnv, EBAY_API_URL: undefined, EBAY_AUTH_URL: undefined, EBAY_ENVIRONMENT: "sandbox" }),
    )!;
    expect(applicationTokenEnvironment(production)).toBe(`api.ebay.com ${production.clientId}`);
    expect(applicationTokenEnvironment(sandbox)).toBe(`api.sandbox.ebay.com ${sandbox.clientId}`);
  });
});
