// The whole data model (docs/PRODUCT.md). Timestamps are Unix epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { StoredImageAnalysis } from "../ai/types";
import type { PromptKey } from "../../lib/ad-input";
import { CATEGORY_VALUES } from "../../lib/categories";
import { ACCOUNT_PLANS, FREE_AD_CREDITS } from "../../lib/plans";
import { PLATFORM_VALUES, type Platform } from "../../lib/platforms";
import { AVAILABILITIES, CARRIERS, PRICE_TYPES, type OfferReading } from "../../lib/offer-facts";
import type { StoredPrivacyHints } from "../../lib/privacy-hints";
import type { ProductSafety } from "../../lib/product-safety";

const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

/** Where the seller's latest edit stands at a listing (ADR 076). */
export const EDIT_STATES = ["pending", "failed", "by_hand"] as const;
/** What an edit changes at a listing: the new price (euro cents), the text, the photos. */
export type PendingEdit = { priceCents?: number; text?: boolean; photos?: boolean };

const timestamps = {
  createdAt: integer("created_at", { mode: "number" }).notNull().default(nowMs),
  updatedAt: integer("updated_at", { mode: "number" }).notNull().default(nowMs),
};

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Always stored trimmed and lower-cased (see auth); unique. */
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** Advanced after Stripe answered a create with a 5xx, whose replay Stripe keeps for 24 h (ADR 055). */
    stripeIdempotencyRound: integer("stripe_idempotency_round").notNull().default(0),
    /** Weekly Pro subscription state as reported by the payment provider (active, trial, past_due, canceled …). */
    subscriptionStatus: text("subscription_status"),
    adCredits: integer("ad_credits").notNull().default(FREE_AD_CREDITS),
    planType: text("plan_type", { enum: ACCOUNT_PLANS }).notNull().default("free"),
    /** Power Seller: ads left in the current billing month. */
    monthlyAllowance: integer("monthly_allowance").notNull().default(0),
    /** Power Seller: end of the current billing month (epoch ms). */
    planPeriodEnd: integer("plan_period_end"),
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    postalCode: text("postal_code"),
    companyName: text("company_name"),
    businessType: text("business_type", { enum: ["private", "commercial"] })
      .notNull()
      .default("private"),
    /** JSON: a dealer's GPSR manufacturer and EU responsible person for eBay (ADR 073); null until given. */
    productSafety: text("product_safety", { mode: "json" }).$type<ProductSafety>(),
    /** The marketplace the create form preselects: the one the seller chose last. */
    preferredPlatform: text("preferred_platform", { enum: PLATFORM_VALUES }).notNull().default("kleinanzeigen"),
    /** JSON: the seller's edited AI prompts (only those that differ from the defaults). */
    promptSettings: text("prompt_settings", { mode: "json" }).$type<Partial<Record<PromptKey, string>>>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    check("users_email_normalised", sql`${t.email} = lower(trim(${t.email}))`),
    index("users_stripe_customer_idx").on(t.stripeCustomerId),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    /** JSON session payload. */
    sess: text("sess").notNull(),
    /** Expiry, epoch ms; slides forward on use. */
    expire: integer("expire").notNull(),
    /** Owner, so that logout-everywhere and account deletion can find every session. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_idx").on(t.userId)],
);

export const magicLinkTokens = sqliteTable(
  "magic_link_tokens",
  {
    id: text("id").primaryKey(),
    /** SHA-256 of the token, hex; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("magic_link_tokens_hash_unique").on(t.tokenHash),
    index("magic_link_tokens_expires_idx").on(t.expiresAt),
    index("magic_link_tokens_email_idx").on(t.email),
  ],
);

export const ads = sqliteTable(
  "ads",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemName: text("item_name").notNull(),
    category: text("category", { enum: CATEGORY_VALUES }).notNull(),
    description: text("description"),
    originalDescription: text("original_description"),
    optimizedTitle: text("optimized_title"),
    optimizedDescription: text("optimized_description"),
    /** JSON array of R2 object keys in the seller's order; the first is the cover. */
    imageUrls: text("image_urls", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** R2 key of the 800×600 social-preview variant. */
    coverImageKey: text("cover_image_key"),
    status: text("status", { enum: ["processing", "completed", "failed"] })
      .notNull()
      .default("processing"),
    platform: text("platform", { enum: PLATFORM_VALUES }).notNull().default("kleinanzeigen"),
    /** Prices in euro cents. */
    priceSuggestion: integer("price_suggestion"),
    priceMin: integer("price_min"),
    priceMax: integer("price_max"),
    /** How the suggestion was found: the seller's own price, from the new price, or a rough estimate. */
    priceBasis: text("price_basis", { enum: ["asking", "new_price", "estimate"] }),
    /** The seller's own price (ADR 028), euro cents (0 = zu verschenken): from the form or the note; it wins everywhere. */
    askingPrice: integer("asking_price"),
    /** Festpreis / VB / zu verschenken as the seller gave it; null = not stated. */
    priceType: text("price_type", { enum: PRICE_TYPES }),
    /** Shipping and pickup, two facts (ADR 064): offered or excluded as the seller said it; null = not stated. */
    shipping: text("shipping", { enum: AVAILABILITIES }),
    pickup: text("pickup", { enum: AVAILABILITIES }),
    /** The price of one piece when the asking price is for a lot ("je 12 €, alle 50 €"), euro cents; null = none. */
    perPiecePrice: integer("per_piece_price"),
    /** JSON: what of the offer was read from the note and not yet confirmed by the seller, and the amounts the reader placed nowhere (ADR 064). */
    offerReading: text("offer_reading", { mode: "json" }).$type<OfferReading>(),
    /** Where the item is (PLZ and Ort) as the seller gave it. */
    postalCode: text("postal_code"),
    city: text("city"),
    /** What shipping costs the buyer, euro cents (0 = included in the price), as the seller gave it; null = not stated. */
    shippingCost: integer("shipping_cost"),
    /** The parcel service the seller named; null = none named. */
    shippingCarrier: text("shipping_carrier", { enum: CARRIERS }),
    /** Whether the seller takes a swap ("Tausch möglich" / "kein Tausch"); null = not stated. */
    swap: integer("swap", { mode: "boolean" }),
    /** The seller's own delivery, "Lieferung im Umkreis von 20 km": the radius in km (ADR 075); null = not offered or not stated. */
    deliveryKm: integer("delivery_km"),
    /** The seller's minimum for negotiations (Verkaufshelfer), euro cents; null = the proposed one. */
    priceFloor: integer("price_floor"),
    /** The photo the writer scored best as a cover, an index into `imageUrls` when generated: a suggestion, it reorders nothing. */
    bestImageIndex: integer("best_image_index"),
    /** JSON: brand, model, serialNumber, condition, defects [{ text, photoIndex }]. */
    imageAnalysis: text("image_analysis", { mode: "json" }).$type<StoredImageAnalysis>(),
    /**
     * JSON: per photo (its R2 key), the private details the model saw on it in the ad's one call
     * (ADR 069); a photo without an entry — or every photo, while null — was not checked.
     */
    privacyHints: text("privacy_hints", { mode: "json" }).$type<StoredPrivacyHints>(),
    /** JSON: the seller's prompt overrides sent with creation (bounded by the API). */
    promptOverrides: text("prompt_overrides", { mode: "json" }).$type<Partial<Record<PromptKey, string>>>(),
    /** While processing: what the model is doing, and the description written so far (streamed). */
    progressPhase: text("progress_phase", { enum: ["photos", "text", "price"] }),
    partialDescription: text("partial_description"),
    /** Epoch ms until which one generation attempt holds the ad; a duplicate delivery meanwhile is a no-op. */
    leaseUntil: integer("lease_until"),
    errorMessage: text("error_message"),
    attempts: integer("attempts").notNull().default(0),
    provider: text("provider"),
    generationMs: integer("generation_ms"),
    /** Which balance the creation reserved, so a final failure refunds the right one. */
    creditSource: text("credit_source", { enum: ["credits", "allowance", "subscription"] }),
    /** Where the seller posted the ad (a known marketplace host only), shown to buyers on the public page. */
    listingUrl: text("listing_url"),
    /** When the seller marked the item sold ("Verkauft"); live listings are then ended (ADR 036). */
    soldAt: integer("sold_at"),
    /** Marketplaces whose paste-ready copy the seller took ("Titel/Text kopieren"): "Verkauft" names them (ADR 076). */
    copiedTo: text("copied_to", { mode: "json" })
      .$type<Platform[]>()
      .notNull()
      .default(sql`'[]'`),
    ...timestamps,
  },
  (t) => [index("ads_user_created_idx").on(t.userId, t.createdAt), index("ads_status_updated_idx").on(t.status, t.updatedAt)],
);

export const activityLogs = sqliteTable(
  "activity_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    action: text("action").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email"),
    country: text("country"),
    /** Anonymised: last IPv4 octet / last 80 bits of IPv6 zeroed. */
    ip: text("ip"),
    /** Cut to 50 characters. */
    userAgent: text("user_agent"),
    details: text("details", { mode: "json" }).$type<unknown>(),
    /** Request-path duration (ms) where the entry describes a request. */
    durationMs: integer("duration_ms"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("activity_logs_created_idx").on(t.createdAt),
    index("activity_logs_action_created_idx").on(t.action, t.createdAt),
    index("activity_logs_country_created_idx").on(t.country, t.createdAt),
    index("activity_logs_user_idx").on(t.userId),
  ],
);

export const invites = sqliteTable(
  "invites",
  {
    id: text("id").primaryKey(),
    inviterId: text("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("invites_inviter_created_idx").on(t.inviterId, t.createdAt)],
);

export const processedPaymentEvents = sqliteTable("processed_payment_events", {
  /** The payment provider's event id; processing an event twice is impossible. */
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  processedAt: integer("processed_at").notNull().default(nowMs),
});

export const outboxMails = sqliteTable(
  "outbox_mails",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    kind: text("kind").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("outbox_mails_created_idx").on(t.createdAt), index("outbox_mails_to_idx").on(t.to)],
);

export type User = typeof users.$inferSelect;
export type Ad = typeof ads.$inferSelect;
export type ActivityLog = typeof activityLogs.$inferSelect;

/**
 * Addresses that received the free ad, as keyed hashes of the normalised address (no address is
 * stored). Kept when the account is deleted, so the free ad is granted once per person; purged
 * after two years.
 */
export const freeAdGrants = sqliteTable("free_ad_grants", {
  emailHash: text("email_hash").primaryKey(),
  createdAt: timestamps.createdAt,
});

/** Marketplaces a listing can be published to through an official API (ADR 036). */
export const PUBLISHING_PLATFORMS = ["ebay", "kleinanzeigen"] as const;
export type PublishingPlatform = (typeof PUBLISHING_PLATFORMS)[number];

/**
 * A seller's connection to a marketplace's API: eBay's OAuth tokens (encrypted at rest, never in
 * plain text) and the seller's chosen policies and location; for Kleinanzeigen's gateway the
 * dealer's imprint. Deleting the row disconnects.
 */
export const marketplaceConnections = sqliteTable(
  "marketplace_connections",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: PUBLISHING_PLATFORMS }).notNull(),
    /** AES-GCM ciphertext (base64url, IV first) of the refresh token; null where the platform has none. */
    refreshTokenCipher: text("refresh_token_cipher"),
    refreshTokenExpiresAt: integer("refresh_token_expires_at"),
    /** AES-GCM ciphertext of the current access token and its expiry (epoch ms). */
    accessTokenCipher: text("access_token_cipher"),
    accessTokenExpiresAt: integer("access_token_expires_at"),
    /**
     * The seller's account id at the platform, read once at connect time: eBay's immutable user id
     * (Commerce Identity API getUser), which eBay's account-deletion notifications name (ADR 049).
     */
    externalUserId: text("external_user_id"),
    /** Platform settings chosen once: eBay policy ids and inventory location; Kleinanzeigen imprint id. */
    settings: text("settings", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("marketplace_connections_user_platform_idx").on(t.userId, t.platform),
    index("marketplace_connections_external_user_idx").on(t.platform, t.externalUserId),
  ],
);

/** Where an ad is live: one row per ad and marketplace, published only on the seller's click. */
export const listings = sqliteTable(
  "listings",
  {
    id: text("id").primaryKey(),
    adId: text("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: PLATFORM_VALUES }).notNull(),
    /** publishing: sent, the platform has not confirmed yet (Kleinanzeigen publishes asynchronously). */
    status: text("status", { enum: ["publishing", "live", "paused", "ended", "failed"] })
      .notNull()
      .default("publishing"),
    /** The platform's ids: eBay listing id / Kleinanzeigen ad id, and eBay's offer id or SKU. */
    externalId: text("external_id"),
    offerId: text("offer_id"),
    url: text("url"),
    /** Euro cents: the price now on the platform, and the first one (Kleinanzeigen strikes through only below it). */
    priceCents: integer("price_cents"),
    startPriceCents: integer("start_price_cents"),
    publishedAt: integer("published_at"),
    /** When the platform ends the listing unless extended (Kleinanzeigen: 60 days). */
    expiresAt: integer("expires_at"),
    expiryReminderSentAt: integer("expiry_reminder_sent_at"),
    endedAt: integer("ended_at"),
    /** The platform's last refusal, in German, with what to fix. */
    lastError: text("last_error"),
    /**
     * The seller's latest edit at this listing (ADR 076): pending — being sent; failed — the platform
     * did not take it (lastError says why; the card offers "Erneut senden"); by_hand — no API, the
     * seller changes it there. Null: the listing shows the latest edit (or there was none).
     */
    editState: text("edit_state", { enum: EDIT_STATES }),
    /** When the edit was asked for; an older answer never settles a newer edit. */
    editRequestedAt: integer("edit_requested_at"),
    /** What the edit changes at the platform (merged over edits until sent). */
    pendingEdit: text("pending_edit", { mode: "json" }).$type<PendingEdit>(),
    /** Platform-specific facts (category id, aspects, media ticket, publication id). */
    details: text("details", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("listings_ad_platform_idx").on(t.adId, t.platform),
    index("listings_user_idx").on(t.userId),
    index("listings_status_idx").on(t.status, t.expiresAt),
  ],
);

/** A price-cut plan the seller approved: every interval the price drops by a step, never below the floor. */
export const priceCutPlans = sqliteTable(
  "price_cut_plans",
  {
    adId: text("ad_id")
      .primaryKey()
      .references(() => ads.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stepCents: integer("step_cents").notNull(),
    intervalDays: integer("interval_days").notNull(),
    floorCents: integer("floor_cents").notNull(),
    /** Euro cents: the price when the plan was approved, and the price after the last cut (ADR 037). */
    startPriceCents: integer("start_price_cents").notNull().default(0),
    currentPriceCents: integer("current_price_cents").notNull().default(0),
    status: text("status", { enum: ["active", "done", "cancelled"] })
      .notNull()
      .default("active"),
    approvedAt: integer("approved_at").notNull(),
    nextCutAt: integer("next_cut_at").notNull(),
    lastCutAt: integer("last_cut_at"),
    ...timestamps,
  },
  (t) => [index("price_cut_plans_due_idx").on(t.status, t.nextCutAt)],
);

/**
 * The token key rings the Workers encrypt with (ADR 055), one row per ring, written with every stored
 * marketplace token: the ring's key ids (oldest first, never the keys) and a known text encrypted with
 * its newest key. The generator's cron decrypts each canary with its own ring and reports a mismatch.
 */
export const tokenKeyRings = sqliteTable("token_key_rings", {
  /** Comma-separated key ids (crypto/token-cipher.ts), oldest first; the last one encrypts. */
  keyIds: text("key_ids").primaryKey(),
  canary: text("canary").notNull(),
  firstSeenAt: integer("first_seen_at").notNull(),
  lastWrittenAt: integer("last_written_at").notNull(),
  /** When the cron last reported this ring as a mismatch (at most once a day). */
  reportedAt: integer("reported_at"),
});

/**
 * The dashboard's open waits for its ads (GET /api/ads/changes, ADR 063, 066), one row per wait
 * while it waits: counted by account and by client address so that every isolate sees the same cap.
 * A wait deletes its row when it ends or its client closes the connection; `expiresAt` bounds a row
 * whose isolate ended first (the cron deletes it then; counts ignore it at once).
 */
export const openWaits = sqliteTable(
  "open_waits",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the client address (app/.server/app-worker/endpoint/client.ts), hex: the table keeps no address. */
    clientHash: text("client_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("open_waits_user_idx").on(t.userId, t.expiresAt), index("open_waits_client_idx").on(t.clientHash, t.expiresAt)],
);

/**
 * eBay's application access token (client-credentials grant, ADR 072) for the calls eBay's documents
 * let only the app make (the Taxonomy API, the Notification API's getPublicKey): one row per eBay
 * environment and keyset, shared by every isolate, so a token is minted once in its lifetime (eBay
 * allows an application 1,000 such tokens a day).
 */
export const ebayApplicationTokens = sqliteTable("ebay_application_tokens", {
  /** The eBay API host and the keyset's client id ("api.ebay.com client-id"). */
  environment: text("environment").primaryKey(),
  /** AES-GCM ciphertext of the token (crypto/token-cipher.ts), bound to `environment`. */
  tokenCipher: text("token_cipher").notNull(),
  expiresAt: integer("expires_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export type MarketplaceConnection = typeof marketplaceConnections.$inferSelect;
export type Listing = typeof listings.$inferSelect;
export type PriceCutPlan = typeof priceCutPlans.$inferSelect;

/**
 * Photos uploaded while the seller fills in the form, before the ad exists (ADR 082): stored in R2
 * under the ad id the form will create (`draftId`) with their copies, and claimed by
 * `POST /api/ads` with `uploads`, which deletes these rows in the batch that inserts the ad. An
 * upload nobody claims is deleted with its objects after UPLOAD_RETENTION_MS (the cron).
 */
export const photoUploads = sqliteTable(
  "photo_uploads",
  {
    /** The photo key (`ads/<draft id>/<token>.<ext>`, photo-keys.ts), also the upload's id in the API. */
    key: text("key").primaryKey(),
    draftId: text("draft_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Whether the browser sent the 800×600 cover with it (else the generator makes it, ADR 024). */
    hasCover: integer("has_cover", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("photo_uploads_user_idx").on(t.userId, t.draftId), index("photo_uploads_created_idx").on(t.createdAt)],
);
