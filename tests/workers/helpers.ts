import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { createSession } from "~/.server/app-worker/auth/sessions";
import { getDb } from "~/.server/db/client";
import { ads, users } from "~/.server/db/schema";
import { png } from "../fixtures/images";
import { FAKE_EBAY_CLIENT_ID, FAKE_EBAY_CLIENT_SECRET, FAKE_EBAY_RU_NAME } from "../../fakes/ebay-credentials.mjs";

export const db = () => getDb(env.DB);

/** The app's settings with billing configured against the local fake Stripe (fakes/stripe.ts). */
export const billingEnv = {
  ...env,
  STRIPE_SECRET_KEY: "sk_test_fake",
  STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
  STRIPE_WEBHOOK_SECRET: "whsec_test_secret",
  STRIPE_PRICE_WEEKLY: "price_weekly",
  STRIPE_PRICE_PACK: "price_pack",
  STRIPE_PRICE_POWER: "price_power",
  STRIPE_PAYMENT_LINK_PACK: "https://buy.stripe.com/test_pack",
  STRIPE_PAYMENT_LINK_POWER: "https://buy.stripe.com/test_power",
  STRIPE_API_BASE_URL: env.FAKE_STRIPE_URL,
} as Env;

/** The settings with eBay configured against the local fake eBay (fakes/ebay.mjs). */
export const ebayEnv = {
  ...env,
  EBAY_CLIENT_ID: FAKE_EBAY_CLIENT_ID,
  EBAY_CLIENT_SECRET: FAKE_EBAY_CLIENT_SECRET,
  EBAY_RU_NAME: FAKE_EBAY_RU_NAME,
  EBAY_API_URL: env.FAKE_EBAY_URL,
  EBAY_AUTH_URL: env.FAKE_EBAY_URL,
  TOKEN_ENCRYPTION_KEY: "dGVzdC1vbmx5LWFlcy1rZXktMzItYnl0ZXMtbG9uZyE=",
} as Env;

/**
 * The generator's production settings (wrangler.generator.toml [env.production] vars), except
 * RUNNER_JURISDICTION = "eu": workerd has no jurisdictions (tests/workers/data-location.test.ts).
 */
export const PRODUCTION_GENERATOR_SETTINGS = {
  APP_ENV: "production",
  AI_PROVIDER: "workers-ai",
  AI_MODEL: "@cf/mistralai/mistral-small-3.1-24b-instruct",
  AI_BINDING: "binding",
  AI_TIMEOUT_MS: "90000",
  PUBLIC_BASE_URL: "https://anzeigenpilot.de",
  MAIL_MODE: "http",
  MAIL_API_KEY: "re_test_key",
} as const;

export async function insertUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  const [user] = await db()
    .insert(users)
    .values({ id, email: `seller-${id.slice(0, 8)}@example.de`, ...overrides })
    .returning();
  return user;
}

export async function insertAd(userId: string, overrides: Partial<typeof ads.$inferInsert> = {}) {
  const [ad] = await db()
    .insert(ads)
    .values({ id: crypto.randomUUID(), userId, itemName: "Kaffeevollautomat", category: "elektronik", ...overrides })
    .returning();
  return ad;
}

/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function signedInUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await insertUser(overrides);
  const token = await createSession(db(), user.id, { userAgent: null });
  return { user, token, auth: { Authorization: `Bearer ${token}` } };
}

export async function userById(id: string) {
  const [user] = await db().select().from(users).where(eq(users.id, id));
  return user;
}

export async function allPhotoKeys(): Promise<string[]> {
  const listed = await env.PHOTOS.list();
  return listed.objects.map((object) => object.key);
}

/**
 * The local rate-limit simulation counts in fixed windows aligned to the clock: a new minute starts
 * with empty buckets. A test that spends a whole limit first waits for a window with room for it,
 * so a boundary in the middle cannot reset the count (the test then needs up to 5 s more budget).
 */
export async function insideOneRateLimitWindow(periodSeconds: 10 | 60 = 60, neededMs = 4000) {
  const periodMs = periodSeconds * 1000;
  const left = periodMs - (Date.now() % periodMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** Tells the fake Stripe what a Checkout Session sold (its one line item), as the webhook reads it back. */
export async function stripeCheckoutSold(sessionId: string, price: string, unitAmount: number, quantity = 1) {
  const body = new URLSearchParams({ price, unit_amount: String(unitAmount), quantity: String(quantity) });
  const response = await fetch(`${env.FAKE_STRIPE_URL}/__control/checkout-sessions/${sessionId}`, {
    method: "POST",
    headers: { Authorization: "Bearer sk_test_fake" },
    body,
  });
  if (!response.ok) throw new Error(`fake Stripe refused: ${response.status}`);
}

/** A subscription in the fake Stripe with the given status; its id. */
export async function stripeSubscription(customer: string, price: string, status: "active" | "canceled") {
  const headers = { Authorization: "Bearer sk_test_fake" };
  const created = await fetch(`${env.FAKE_STRIPE_URL}/v1/subscriptions`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ customer, "items[0][price]": price }),
  });
  const { id } = await created.json<{ id: string }>();
  await fetch(`${env.FAKE_STRIPE_URL}/__control/subscriptions/${id}/${status}`, { method: "POST", headers });
  return id;
}

/** A processing ad of a user with no credits left, its credit reserved, with one 40×30 photo in R2. */
export async function adWithPhoto(overrides: Partial<typeof ads.$inferInsert> = {}) {
  const user = await insertUser({ adCredits: 0 });
  const key = `ads/${crypto.randomUUID()}/${"k".repeat(43)}.png`;
  await env.PHOTOS.put(key, await png(40, 30), { httpMetadata: { contentType: "image/png" } });
  const ad = await insertAd(user.id, { imageUrls: [key], creditSource: "credits", ...overrides });
  return { user, ad };
}

/**
 * A Workers AI binding that answers a valid ad (a brass floor lamp) and records each call and the
 * photos it was sent (their bytes, in order).
 */
export function recordingAi() {
  const photos: Uint8Array[] = [];
  let calls = 0;
  return {
    photos,
    get calls() {
      return calls;
    },
    binding: {
      async run(_model: string, input: unknown) {
        calls++;
        for (const [, base64] of JSON.stringify(input).matchAll(/data:image\/[a-z]+;base64,([A-Za-z0-9+/=]+)/g)) {
          photos.push(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
        }
        return {
          response: {
            title: "Stehlampe Messing",
            description: "Schöne Stehlampe aus Messing, funktioniert einwandfrei.",
            notes: [],
            priceSuggestionEuro: 40,
            priceMinEuro: 30,
            priceMaxEuro: 50,
            bestImageIndex: 0,
            imageAnalysis: { brand: null, model: null, serialNumber: null, condition: "gut", defects: [] },
          },
        };
      },
    },
  };
}
