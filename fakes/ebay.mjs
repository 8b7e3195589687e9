// A local fake of the eBay APIs the app uses (ADR 036): OAuth consent page and token endpoint, Sell
// Account (policies, inventory locations), Taxonomy (category suggestions, aspects), Sell Metadata
// (condition policies), Media (pictures) and Sell Inventory (inventory item, offer, publish, price
// update, withdraw), in memory. The listing's own content is checked as ADR 046 says
// (ebay-catalog.mjs, ebay-listing-rules.mjs, ebay-media.mjs). It is no more lenient
// than eBay's published contract (https://developer.ebay.com/api-docs/sell/inventory/overview.html,
// https://developer.ebay.com/api-docs/static/oauth-auth-code-grant-request.html): every request is
// checked for path, method, Bearer token (its grant and scopes against the operation's documented
// `security`: the Taxonomy API takes only an application token, ADR 072), Content-Language where
// eBay requires it, body fields and enums, and the flow is enforced (no offer without an inventory item; no publish without policies
// and a location; only a published offer can be withdrawn or repriced; refresh tokens expire). A new
// seller starts as a new eBay account does: no location, no policies, not opted in to business
// policies; the calls that set one up are in fakes/ebay-account.mjs (ADR 045).
// Refusals use eBay's error shape: { errors: [{ errorId, domain, category, message, parameters }] }.
//
// Tests can have a seller's next call of an operation (its operationId) applied and its connection
// dropped without an answer (`POST /__control/cut-after?token=…&operation=createOffer`), as a
// request cut off on the way back (ADR 047).
//
// Also the Commerce Identity API's getUser and, for eBay's Marketplace Account Deletion
// notifications (ADR 049), the client-credentials grant, the Notification API's getPublicKey and
// test controls that sign a deletion notification as eBay does (fakes/ebay-notifications.mjs), move
// the signer to a new key as eBay does now and then, and hold getPublicKey's answer for one key id
// (a slow eBay, ADR 068).
//
// Used by `npm start` (scripts/start.mjs), the workers tests' global setup and the e2e servers.
// Run alone: `node fakes/ebay.mjs` (FAKE_EBAY_PORT, FAKE_EBAY_ACCEPT_URL).
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

import { accountSetupApi, newSellerAccount } from "./ebay-account.mjs";
import { checkEbayRequest, contractRefusal } from "./ebay-contract.mjs";
import { FAKE_EBAY_CLIENT_ID, FAKE_EBAY_CLIENT_SECRET, FAKE_EBAY_RU_NAME } from "./ebay-credentials.mjs";
import { aspectsJson, categoryById, categoryTreeJson, conditionPolicyJson, sandboxSuggestions, suggestionsFor } from "./ebay-catalog.mjs";
import {
  bestOfferProblem,
  conditionDescriptorProblem,
  negotiatedPricePolicyJson,
  regulatoryPolicyJson,
  regulatoryProblem,
} from "./ebay-category-policies.mjs";
import { inventoryContentProblem, listingProblem, offerTermsProblem } from "./ebay-listing-rules.mjs";
import { createMedia } from "./ebay-media.mjs";
import { createNotificationSigner } from "./ebay-notifications.mjs";

export { FAKE_EBAY_CLIENT_ID, FAKE_EBAY_CLIENT_SECRET, FAKE_EBAY_RU_NAME };

/**
 * @typedef {import("./types").JsonObject} JsonObject
 * @typedef {import("./types").Answer} Answer
 * @typedef {import("./types").ErrorParameter} ErrorParameter
 * @typedef {import("./types").Headers} Headers
 * @typedef {import("./ebay-catalog.mjs").Category} Category
 * @typedef {import("./ebay-account.mjs").SellerAccount & { id: string, userId: string, username: string,
 *   accountType: string, items: Map<string, JsonObject>, offers: Map<string, JsonObject> }} Seller
 * @typedef {{ sellerId: string, scopes: string[], expiresAt: number }} UserGrant
 * @typedef {{ status: number, json?: unknown, type?: string, text?: string, location?: string,
 *   headers?: Record<string, string | undefined>, cut?: boolean }} FakeAnswer
 */

const SCOPE_PREFIX = "https://api.ebay.com/oauth/api_scope";
const KNOWN_SCOPES = new Set([
  SCOPE_PREFIX,
  `${SCOPE_PREFIX}/sell.inventory`,
  `${SCOPE_PREFIX}/sell.account`,
  `${SCOPE_PREFIX}/sell.inventory.readonly`,
  `${SCOPE_PREFIX}/sell.account.readonly`,
  `${SCOPE_PREFIX}/commerce.identity.readonly`,
]);
const IDENTITY_SCOPE = `${SCOPE_PREFIX}/commerce.identity.readonly`;
const ACCESS_TOKEN_SECONDS = 7200;
/** How long getPublicKey keeps a held key id's answer back: far longer than any client waits. */
const HELD_ANSWER_MS = 20_000;
const REFRESH_TOKEN_SECONDS = 47_304_000;

/** eBay's ConditionEnum (https://developer.ebay.com/api-docs/sell/inventory/types/slr:ConditionEnum). */
export const CONDITIONS = new Set([
  "NEW",
  "LIKE_NEW",
  "NEW_OTHER",
  "NEW_WITH_DEFECTS",
  "CERTIFIED_REFURBISHED",
  "EXCELLENT_REFURBISHED",
  "VERY_GOOD_REFURBISHED",
  "GOOD_REFURBISHED",
  "SELLER_REFURBISHED",
  "USED_EXCELLENT",
  "USED_VERY_GOOD",
  "USED_GOOD",
  "USED_ACCEPTABLE",
  "FOR_PARTS_OR_NOT_WORKING",
  "PRE_OWNED_EXCELLENT",
  "PRE_OWNED_FAIR",
]);

/**
 * An answer in eBay's error shape.
 * @param {number} status
 * @param {number} errorId
 * @param {string} message
 * @param {ErrorParameter[]} [parameters]
 * @returns {[number, { errors: { errorId: number, domain: string, category: string, message: string,
 *   parameters: { name: string, value: string }[] }[] }]}
 */
function ebayError(status, errorId, message, parameters = [], category = "REQUEST", domain = "API_INVENTORY") {
  return [
    status,
    {
      errors: [
        {
          errorId,
          domain,
          category,
          message,
          parameters: parameters.map(([name, value]) => ({ name, value: String(value) })),
        },
      ],
    },
  ];
}

/** The Metadata API's policy calls the fake answers: the answer's list field and one category's entry. */
/** @type {Record<string, [string, (category: Category) => object]>} */
const METADATA_POLICIES = {
  get_item_condition_policies: ["itemConditionPolicies", conditionPolicyJson],
  get_negotiated_price_policies: ["negotiatedPricePolicies", negotiatedPricePolicyJson],
  get_regulatory_policies: ["regulatoryPolicies", regulatoryPolicyJson],
};

/** @type {(value: unknown) => value is JsonObject} */
const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const PRICE = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * Checks an Amount ({ value: "12.50", currency: "EUR" }); returns an error answer or null.
 * @param {unknown} amount
 * @param {string} field
 * @param {{ allowZero?: boolean }} [options]
 */
function amountProblem(amount, field, { allowZero = false } = {}) {
  if (
    !isRecord(amount) ||
    typeof amount.value !== "string" ||
    !PRICE.test(amount.value) ||
    (allowZero ? Number(amount.value) < 0 : Number(amount.value) <= 0)
  )
    return ebayError(400, 25003, `Invalid price. ${field}.value must be a ${allowZero ? "non-negative" : "positive"} decimal string.`, [
      ["additionalInfo", field],
    ]);
  if (amount.currency !== "EUR")
    return ebayError(400, 25003, `Invalid price. Invalid currency for EBAY_DE: ${field}.currency must be EUR.`, [
      ["additionalInfo", field],
    ]);
  return null;
}

const OVERRIDE_COSTS = ["shippingCost", "additionalShippingCost"];

/**
 * slr:ShippingCostOverride as eBay documents it: priority and shippingServiceType "always
 * required"; amounts in EUR; the additional cost not above the cost (api:ShippingService); no
 * surcharge ("DO NOT USE THIS FIELD. Shipping surcharges … can no longer be set"); and on
 * updateOffer each cost field the offer holds "must be supplied again, even if its value is not
 * changing". Returns an error answer or null.
 * @param {unknown} overrides
 * @param {JsonObject[] | undefined} previous
 */
function shippingOverridesProblem(overrides, previous) {
  if (overrides === undefined) return null;
  /** @type {ErrorParameter[]} */
  const field = [["field", "listingPolicies.shippingCostOverrides"]];
  if (!Array.isArray(overrides)) return ebayError(400, 25002, "shippingCostOverrides must be an array.", field);
  for (const override of overrides) {
    if (
      !Number.isInteger(override?.priority) ||
      override.priority < 1 ||
      !["DOMESTIC", "INTERNATIONAL"].includes(override?.shippingServiceType)
    )
      return ebayError(400, 25002, "Each shipping cost override needs a priority and a shippingServiceType.", field);
    if (override.surcharge !== undefined)
      return ebayError(400, 25002, "Shipping surcharges can no longer be set with fulfillment business policies.", [
        ["field", "listingPolicies.shippingCostOverrides.surcharge"],
      ]);
    for (const name of OVERRIDE_COSTS) {
      if (override[name] === undefined) continue;
      const cost = amountProblem(override[name], `shippingCostOverrides.${name}`, { allowZero: true });
      if (cost) return cost;
    }
    if (
      override.shippingCost &&
      override.additionalShippingCost &&
      Number(override.additionalShippingCost.value) > Number(override.shippingCost.value)
    )
      return ebayError(400, 25002, "The additionalShippingCost cannot exceed the shippingCost.", [
        ["field", "listingPolicies.shippingCostOverrides.additionalShippingCost"],
      ]);
    const before = (previous ?? []).find(
      (/** @type {JsonObject} */ entry) =>
        entry.priority === override.priority && entry.shippingServiceType === override.shippingServiceType,
    );
    const dropped = OVERRIDE_COSTS.find((name) => before?.[name] !== undefined && override[name] === undefined);
    if (dropped)
      return ebayError(400, 25002, `${dropped} is defined for this offer and must be supplied again, even if its value is not changing.`, [
        ["field", `listingPolicies.shippingCostOverrides.${dropped}`],
      ]);
  }
  return null;
}

/** @param {{ acceptUrl?: string, now?: () => number }} [options] */
export function createFakeEbay({ acceptUrl = undefined, now = () => Date.now() } = {}) {
  let counter = 1000;
  const next = (/** @type {string} */ prefix) => `${prefix}${++counter}`;
  /** @type {Map<string, { sellerId: string, scopes: string[], expiresAt: number, used: boolean }>} */
  const codes = new Map(); // code → { sellerId, scopes, redirectUri, expiresAt, used }
  /** @type {Map<string, UserGrant>} */
  const accessTokens = new Map(); // token → { sellerId, expiresAt }
  /** @type {Map<string, UserGrant>} */
  const refreshTokens = new Map(); // token → { sellerId, scopes, expiresAt }
  /** @type {Map<string, { scopes: string[], expiresAt: number }>} */
  const applicationTokens = new Map(); // token → { scopes, expiresAt } (client credentials)
  const signer = createNotificationSigner();
  /** @type {Set<string>} */
  const heldKeyIds = new Set(); // key ids whose getPublicKey answer is held (a slow eBay)
  /** @type {Map<string, Seller>} */
  const sellers = new Map(); // sellerId → { items, offers, programs, fulfillment, payment, returns, locations }
  /** @type {JsonObject[]} */
  const requests = []; // every API request seen, for the tests
  const media = createMedia({ now, next });
  /** @type {Map<string, string[]>} */
  const cuts = new Map(); // sellerId → operationIds whose next successful call is cut off after it is applied

  /** A seller as a new eBay account starts (ADR 045): no location, no business policies, not opted in. */
  function newSeller() {
    const id = next("seller-");
    sellers.set(id, {
      id,
      // Commerce Identity getUser: the immutable user id (eBay's 11-character style) and the username.
      userId: `fk${String(counter).padStart(9, "0")}`,
      username: `verkaeufer_${counter}`,
      // getUser's accountType; a test makes a seller a business one (GPSR applies to them, ADR 073).
      accountType: "INDIVIDUAL",
      items: new Map(),
      offers: new Map(),
      ...newSellerAccount(),
    });
    return id;
  }

  // --- OAuth -------------------------------------------------------------------------------
  /**
   * @param {URL} url
   * @returns {[number, string, string]}
   */
  function consentPage(url) {
    const params = url.searchParams;
    if (params.get("client_id") !== FAKE_EBAY_CLIENT_ID) return [400, "text/html", "<p>invalid client_id</p>"];
    if (params.get("redirect_uri") !== FAKE_EBAY_RU_NAME) return [400, "text/html", "<p>redirect_uri must be the application's RuName</p>"];
    if (params.get("response_type") !== "code") return [400, "text/html", "<p>response_type must be code</p>"];
    const scopes = (params.get("scope") ?? "").split(" ").filter(Boolean);
    if (scopes.length === 0 || scopes.some((scope) => !KNOWN_SCOPES.has(scope))) return [400, "text/html", "<p>invalid scope</p>"];
    const hidden = ["scope", "state"]
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? "")}">`)
      .join("");
    const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>eBay (lokale Attrappe) – Zugriff erlauben</title></head>
<body style="font-family:system-ui;max-width:30rem;margin:2rem auto;padding:0 1rem">
<h1>eBay (lokale Attrappe)</h1><p>AnzeigenPilot möchte in deinem Namen Angebote erstellen und verwalten.</p>
<form method="post" action="/oauth2/consent">${hidden}<button name="decision" value="allow">Zugriff erlauben</button> <button name="decision" value="deny">Ablehnen</button></form></body></html>`;
    return [200, "text/html", html];
  }

  /**
   * @param {URLSearchParams} form
   * @returns {[number, string, string?]}
   */
  function consentDecision(form) {
    if (!acceptUrl) return [500, "text/plain", "the fake has no accept URL (FAKE_EBAY_ACCEPT_URL)"];
    const target = new URL(acceptUrl);
    if (form.get("state")) target.searchParams.set("state", form.get("state") ?? "");
    if (form.get("decision") !== "allow") {
      target.searchParams.set("error", "access_denied");
      return [302, target.toString()];
    }
    const code = `v^1.1#i^1#fake-code-${++counter}`;
    codes.set(code, {
      sellerId: newSeller(),
      scopes: (form.get("scope") ?? "").split(" ").filter(Boolean),
      expiresAt: now() + 299_000,
      used: false,
    });
    target.searchParams.set("code", code);
    target.searchParams.set("expires_in", "299");
    return [302, target.toString()];
  }

  /**
   * @param {string} sellerId
   * @param {string[]} scopes
   * @param {boolean} withRefresh
   */
  function issueTokens(sellerId, scopes, withRefresh) {
    const accessToken = `v^1.1#fake-access-${++counter}`;
    accessTokens.set(accessToken, { sellerId, scopes, expiresAt: now() + ACCESS_TOKEN_SECONDS * 1000 });
    const answer = { access_token: accessToken, expires_in: ACCESS_TOKEN_SECONDS, token_type: "User Access Token" };
    if (!withRefresh) return answer;
    const refreshToken = `v^1.1#fake-refresh-${++counter}`;
    refreshTokens.set(refreshToken, { sellerId, scopes, expiresAt: now() + REFRESH_TOKEN_SECONDS * 1000 });
    return { ...answer, refresh_token: refreshToken, refresh_token_expires_in: REFRESH_TOKEN_SECONDS };
  }

  /**
   * @param {Headers} headers
   * @param {string} body
   * @returns {[number, object]}
   */
  function token(headers, body) {
    /** @type {(error: string, description: string) => [number, object]} */
    const oauthError = (error, description) => [400, { error, error_description: description }];
    const expected = `Basic ${Buffer.from(`${FAKE_EBAY_CLIENT_ID}:${FAKE_EBAY_CLIENT_SECRET}`).toString("base64")}`;
    if (headers.authorization !== expected) return [401, { error: "invalid_client", error_description: "client authentication failed" }];
    if (!String(headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded"))
      return oauthError("invalid_request", "Content-Type must be application/x-www-form-urlencoded");
    const form = new URLSearchParams(body);
    if (form.get("grant_type") === "authorization_code") {
      const grant = codes.get(form.get("code") ?? "");
      if (form.get("redirect_uri") !== FAKE_EBAY_RU_NAME)
        return oauthError("invalid_grant", "the provided authorization grant code is invalid or was issued to another client");
      if (!grant || grant.used || grant.expiresAt < now())
        return oauthError("invalid_grant", "the provided authorization grant code is invalid or was issued to another client");
      grant.used = true;
      return [200, issueTokens(grant.sellerId, grant.scopes, true)];
    }
    if (form.get("grant_type") === "refresh_token") {
      const grant = refreshTokens.get(form.get("refresh_token") ?? "");
      if (!grant || grant.expiresAt < now())
        return oauthError("invalid_grant", "the provided authorization refresh token is invalid or was issued to another client");
      const scopes = (form.get("scope") ?? "").split(" ").filter(Boolean);
      if (scopes.some((scope) => !grant.scopes.includes(scope)))
        return oauthError(
          "invalid_scope",
          "the requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client",
        );
      // The new access token carries the scopes asked for (a subset of the consent), else the consent's.
      return [200, issueTokens(grant.sellerId, scopes.length > 0 ? scopes : grant.scopes, false)];
    }
    if (form.get("grant_type") === "client_credentials") {
      // An application token carries application scopes only (https://developer.ebay.com/api-docs/static/oauth-client-credentials-grant.html).
      const scopes = (form.get("scope") ?? "").split(" ").filter(Boolean);
      if (scopes.length === 0 || scopes.some((scope) => scope !== SCOPE_PREFIX))
        return oauthError(
          "invalid_scope",
          "the requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client",
        );
      const accessToken = `v^1.1#fake-application-${++counter}`;
      applicationTokens.set(accessToken, { scopes, expiresAt: now() + ACCESS_TOKEN_SECONDS * 1000 });
      return [200, { access_token: accessToken, expires_in: ACCESS_TOKEN_SECONDS, token_type: "Application Access Token" }];
    }
    return oauthError("unsupported_grant_type", "grant type in request is not supported by the authorization server");
  }

  // --- Sell APIs -----------------------------------------------------------------------------
  /**
   * The grant that issued the request's Bearer token and its scopes; null for none, an unknown or an ended one.
   * @param {Headers} headers
   */
  function tokenOf(headers) {
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1] ?? "";
    const user = accessTokens.get(bearer);
    if (user && user.expiresAt >= now()) return { grant: "authorization_code", scopes: user.scopes };
    const application = applicationTokens.get(bearer);
    if (application && application.expiresAt > now()) return { grant: "client_credentials", scopes: application.scopes };
    return null;
  }

  /** @param {Headers} headers */
  function sellerFor(headers) {
    const match = /^Bearer (.+)$/.exec(headers.authorization ?? "");
    const grant = match && accessTokens.get(match[1]);
    if (!grant || grant.expiresAt < now()) return null;
    return sellers.get(grant.sellerId) ?? null;
  }

  /** @param {Headers} headers */
  function needsContentLanguage(headers) {
    return headers["content-language"] === "de-DE"
      ? null
      : ebayError(400, 25709, "Invalid value for header Content-Language. Use de-DE for EBAY_DE.", [["header", "Content-Language"]]);
  }

  /**
   * The body as a JSON object, or the error answer.
   * @param {Headers} headers
   * @param {string} body
   * @returns {[JsonObject, null] | [null, Answer]}
   */
  function needsJson(headers, body) {
    if (!String(headers["content-type"] ?? "").startsWith("application/json"))
      return [null, ebayError(415, 2004, "Content-Type must be application/json.")];
    try {
      const parsed = JSON.parse(body);
      return isRecord(parsed) ? [parsed, null] : [null, ebayError(400, 2004, "The request has errors. The body must be a JSON object.")];
    } catch {
      return [null, ebayError(400, 2004, "The request has errors. Could not parse the JSON body.")];
    }
  }

  /** @param {JsonObject} item */
  function inventoryItemProblem(item) {
    const product = item.product;
    if (!isRecord(product)) return ebayError(400, 25016, "product is required.", [["field", "product"]]);
    if (typeof product.title !== "string" || product.title.length < 1 || product.title.length > 80)
      return ebayError(400, 25016, "product.title must be 1–80 characters.", [["field", "product.title"]]);
    if (typeof product.description !== "string" || product.description.length < 1 || product.description.length > 500_000)
      return ebayError(400, 25016, "product.description must be 1–500000 characters.", [["field", "product.description"]]);
    // Pictures (https only), aspects and package details: ebay-listing-rules.mjs.
    const content = inventoryContentProblem(item);
    if (content) return content;
    if (!CONDITIONS.has(item.condition)) return ebayError(400, 2004, "Could not serialize field [condition]", [["field", "condition"]]);
    const quantity = item.availability?.shipToLocationAvailability?.quantity;
    if (!Number.isInteger(quantity) || quantity < 0)
      return ebayError(400, 25016, "availability.shipToLocationAvailability.quantity must be a whole number.", [["field", "availability"]]);
    return null;
  }

  const SKU = /^[A-Za-z0-9-]{1,50}$/;

  /** @param {JsonObject} offer */
  function offerJson(offer) {
    return {
      offerId: offer.offerId,
      sku: offer.sku,
      marketplaceId: offer.marketplaceId,
      format: offer.format,
      availableQuantity: offer.availableQuantity,
      categoryId: offer.categoryId,
      listingDescription: offer.listingDescription,
      listingDuration: offer.listingDuration,
      pricingSummary: offer.pricingSummary,
      listingPolicies: offer.listingPolicies,
      merchantLocationKey: offer.merchantLocationKey,
      ...(offer.regulatory === undefined ? {} : { regulatory: offer.regulatory }),
      status: offer.status,
      listing: offer.listingId
        ? { listingId: offer.listingId, listingStatus: offer.status === "PUBLISHED" ? "ACTIVE" : "ENDED" }
        : undefined,
    };
  }

  /**
   * createOffer / updateOffer (`previous`: the offer being replaced): the body's own fields.
   * @param {Seller} seller
   * @param {JsonObject} body
   * @param {JsonObject} [previous]
   */
  function offerProblem(seller, body, previous = undefined) {
    if (typeof body.sku !== "string" || !seller.items.has(body.sku))
      return ebayError(400, 25702, `No inventory item exists for sku ${body.sku}. Create it before the offer.`, [["sku", body.sku]]);
    if (body.marketplaceId !== "EBAY_DE")
      return ebayError(400, 25002, "marketplaceId must be EBAY_DE for this seller.", [["field", "marketplaceId"]]);
    if (body.format !== "FIXED_PRICE")
      return ebayError(400, 25002, "format must be FIXED_PRICE (auctions are not offered).", [["field", "format"]]);
    if (!Number.isInteger(body.availableQuantity) || body.availableQuantity < 1)
      return ebayError(400, 25002, "availableQuantity must be a whole number ≥ 1.", [["field", "availableQuantity"]]);
    if (typeof body.categoryId !== "string" || !categoryById(body.categoryId))
      return ebayError(400, 25005, "Invalid category. The category ID is invalid or not a leaf category.", [
        ["additionalInfo", body.categoryId],
      ]);
    const price = amountProblem(body.pricingSummary?.price, "pricingSummary.price");
    if (price) return price;
    const terms = body.listingPolicies?.bestOfferTerms;
    if (terms !== undefined && typeof terms?.bestOfferEnabled !== "boolean")
      return ebayError(400, 25002, "bestOfferTerms.bestOfferEnabled must be true or false.", [["field", "listingPolicies.bestOfferTerms"]]);
    const overrides = shippingOverridesProblem(
      body.listingPolicies?.shippingCostOverrides,
      previous?.listingPolicies?.shippingCostOverrides,
    );
    if (overrides) return overrides;
    if (body.listingDescription !== undefined && (typeof body.listingDescription !== "string" || body.listingDescription.length > 500_000))
      return ebayError(400, 25016, "listingDescription is too long.", [["field", "listingDescription"]]);
    // listingDuration (GTC) and the Best Offer limits: ebay-listing-rules.mjs.
    return offerTermsProblem(body);
  }

  /**
   * What publishOffer needs of the offer's policies and location
   * (https://developer.ebay.com/api-docs/sell/static/inventory/publishing-offers.html): each field
   * present (25017 "{fieldName} is missing."), each policy one of the seller's own (25007–25009:
   * "invalid data in the associated … policy"), and an enabled location of the seller (25012
   * "Invalid inventory location."), with the ids and wording of publishOffer's x-response-codes.
   * @param {Seller} seller
   * @param {JsonObject} offer
   */
  function publishProblem(seller, offer) {
    const policies = offer.listingPolicies ?? {};
    /** @type {[string, JsonObject[], number, string][]} */
    const kinds = [
      ["fulfillmentPolicyId", seller.fulfillment, 25007, "Fulfillment"],
      ["paymentPolicyId", seller.payment, 25008, "Payment"],
      ["returnPolicyId", seller.returns, 25009, "Return"],
    ];
    for (const [field, list, errorId, label] of kinds) {
      const fieldName = `listingPolicies.${field}`;
      if (typeof policies[field] !== "string" || policies[field] === "")
        return ebayError(400, 25017, `${fieldName} is missing. A ${label.toLowerCase()} business policy is required to publish.`, [
          ["fieldName", fieldName],
        ]);
      if (!list.some((policy) => policy[field] === policies[field]))
        return ebayError(
          400,
          errorId,
          `The eBay listing associated with the inventory item, or the unpublished offer has invalid data in the associated ${label} policy. No such policy for this seller and marketplace.`,
          [["fieldName", fieldName]],
        );
    }
    // An override names a flat-rate service of the fulfillment policy: its optionType and sort order
    // (slr:ShippingCostOverride; it overrides "the flat shipping costs", Trading API ShippingServiceCostOverrideType).
    const fulfillment = /** @type {JsonObject} */ (
      seller.fulfillment.find((policy) => policy.fulfillmentPolicyId === policies.fulfillmentPolicyId)
    );
    for (const override of policies.shippingCostOverrides ?? []) {
      const option = (fulfillment.shippingOptions ?? []).find(
        (/** @type {JsonObject} */ entry) => entry.optionType === override.shippingServiceType,
      );
      if (
        option?.costType !== "FLAT_RATE" ||
        !(option?.shippingServices ?? []).some(
          (/** @type {JsonObject} */ service, /** @type {number} */ index) => (service.sortOrder ?? index + 1) === override.priority,
        )
      )
        return ebayError(
          400,
          25007,
          "The eBay listing associated with the inventory item, or the unpublished offer has invalid data in the associated Fulfillment policy. The shipping cost override matches no shipping service of the policy.",
          [["fieldName", "listingPolicies.shippingCostOverrides"]],
        );
    }
    if (typeof offer.merchantLocationKey !== "string" || offer.merchantLocationKey === "")
      return ebayError(400, 25017, "merchantLocationKey is missing. An inventory location is required to publish.", [
        ["fieldName", "merchantLocationKey"],
      ]);
    const location = seller.locations.find((entry) => entry.merchantLocationKey === offer.merchantLocationKey);
    if (location?.merchantLocationStatus !== "ENABLED")
      return ebayError(400, 25012, "Invalid inventory location. No enabled location of this seller has this merchantLocationKey.", [
        ["fieldName", "merchantLocationKey"],
      ]);
    // The listing's own content in its category: duration, condition, aspects, package (ebay-listing-rules.mjs);
    // then the category's policies: Best Offer, condition descriptors, GPSR (ebay-category-policies.mjs).
    const item = /** @type {JsonObject} */ (seller.items.get(offer.sku));
    return (
      listingProblem(offer, item, fulfillment) ??
      bestOfferProblem(offer) ??
      conditionDescriptorProblem(offer, item) ??
      regulatoryProblem(offer, seller.accountType)
    );
  }

  /**
   * getOffers (https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/getOffers):
   * the seller's offers for one SKU, filtered by marketplace_id and format, paged by limit/offset;
   * 25709 for an invalid value, 25706 for invalid paging, 404 when the SKU has no offer (eBay
   * documents the status; the id is the one of a missing offer, 25713).
   * @param {Seller} seller
   * @param {URLSearchParams} params
   * @returns {Answer}
   */
  function offersOfSku(seller, params) {
    const sku = params.get("sku") ?? "";
    if (!SKU.test(sku)) return ebayError(400, 25709, "Invalid value for sku.", [["fieldName", "sku"]]);
    const marketplace = params.get("marketplace_id");
    if (marketplace !== null && !/^EBAY_[A-Z_]+$/.test(marketplace))
      return ebayError(400, 25709, "Invalid value for marketplace_id.", [["fieldName", "marketplace_id"]]);
    const format = params.get("format");
    if (format !== null && format !== "FIXED_PRICE" && format !== "AUCTION")
      return ebayError(400, 25709, "Invalid value for format.", [["fieldName", "format"]]);
    const [limit, offset] = [params.get("limit") ?? "100", params.get("offset") ?? "0"].map(Number);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200 || !Number.isInteger(offset) || offset < 0)
      return ebayError(400, 25706, "You have provided invalid pagination values.");
    const offers = [...seller.offers.values()].filter(
      (offer) =>
        offer.sku === sku && (marketplace === null || offer.marketplaceId === marketplace) && (format === null || offer.format === format),
    );
    if (offers.length === 0) return ebayError(404, 25713, `This Offer is not available : no offer for SKU ${sku}.`, [["sku", sku]]);
    const page = offers.slice(offset, offset + limit);
    return [
      200,
      { href: `/sell/inventory/v1/offer?sku=${sku}`, limit, offers: page.map(offerJson), size: page.length, total: offers.length },
    ];
  }

  /**
   * Commerce Identity API getUser: a user token with the scope commerce.identity.readonly
   * (https://developer.ebay.com/api-docs/commerce/identity/resources/user/methods/getUser). It takes
   * no parameter and no body, and its document is not among contracts/ebay/ (ADR 049): answered
   * before the contract check.
   * @param {string} method
   * @param {Headers} headers
   * @returns {Answer}
   */
  function identityUser(method, headers) {
    if (method !== "GET") return ebayError(404, 2002, `Resource not found: ${method} /commerce/identity/v1/user/`);
    const grant = accessTokens.get(/^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1] ?? "");
    const seller = grant && grant.expiresAt >= now() ? sellers.get(grant.sellerId) : null;
    if (!seller) return ebayError(401, 1001, "Invalid access token. Check the value of the Authorization HTTP request header.");
    if (!grant?.scopes?.includes(IDENTITY_SCOPE))
      return ebayError(403, 1100, "Access denied. Insufficient permissions to fulfill the request.", [], "REQUEST");
    return [
      200,
      {
        userId: seller.userId,
        username: seller.username,
        accountType: seller.accountType,
        registrationMarketplaceId: "EBAY_DE",
        status: "CONFIRMED",
      },
    ];
  }

  /**
   * Notification API getPublicKey: an application token only (client credentials).
   * @param {string} method
   * @param {URL} url
   * @param {Headers} headers
   * @returns {Answer | null}
   */
  function publicKey(method, url, headers) {
    const kid = /^\/commerce\/notification\/v1\/public_key\/([^/]+)$/.exec(url.pathname)?.[1];
    if (!kid || method !== "GET") return null;
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
    if (!token || !((applicationTokens.get(token)?.expiresAt ?? 0) > now()))
      return ebayError(401, 1001, "Invalid access token. Check the value of the Authorization HTTP request header.");
    const key = signer.publicKeyFor(decodeURIComponent(kid));
    if (key) return [200, key];
    // The documented refusal (contracts/ebay/commerce_notification_v1_oas3.json, getPublicKey 404).
    const invalid = { errorId: 195001, domain: "API_NOTIFICATION", category: "REQUEST", message: "The specified key id is invalid." };
    return [404, { errors: [{ ...invalid, parameters: [{ name: "public_key_id", value: kid }] }] }];
  }

  /**
   * `sandbox`: the request came under /sandbox/ (the fake answering as eBay's sandbox does).
   * @param {string} method
   * @param {URL} url
   * @param {Headers} headers
   * @param {string} body
   * @returns {Answer | null}
   */
  function api(method, url, headers, body, sandbox = false) {
    const path = url.pathname;
    const notificationKey = publicKey(method, url, headers);
    if (notificationKey) return notificationKey;
    // Taxonomy and Metadata answer any token their documents take (the contract check, ADR 072):
    // Taxonomy an application token only, Metadata's condition policies either kind.
    // Taxonomy API (errors: x-response-codes of commerce_taxonomy_v1_oas3).
    if (path === "/commerce/taxonomy/v1/get_default_category_tree_id" && method === "GET") {
      if (url.searchParams.get("marketplace_id") !== "EBAY_DE") return ebayError(400, 62004, "The marketplace_id is missing or invalid.");
      return [200, { categoryTreeId: "77", categoryTreeVersion: "129" }];
    }
    const whole = /^\/commerce\/taxonomy\/v1\/category_tree\/([^/]+)$/.exec(path);
    if (whole && method === "GET") {
      if (whole[1] !== "77") return ebayError(404, 62004, "The specified category tree ID was not found.");
      return [200, categoryTreeJson("77", "129")];
    }
    const tree = /^\/commerce\/taxonomy\/v1\/category_tree\/([^/]+)\/(get_category_suggestions|get_item_aspects_for_category)$/.exec(path);
    if (tree && method === "GET") {
      if (tree[1] !== "77") return ebayError(400, 62004, "The specified category tree ID was not found.");
      if (tree[2] === "get_category_suggestions") {
        const q = (url.searchParams.get("q") ?? "").trim();
        if (!q) return ebayError(400, 62007, "Missing keyword 'q'. Please specify a valid set of keywords that best describes your item.");
        return [
          200,
          {
            categoryTreeId: "77",
            categoryTreeVersion: "129",
            categorySuggestions: (sandbox ? sandboxSuggestions() : suggestionsFor(q)).map((category) => ({
              category: { categoryId: category.id, categoryName: category.name },
              // eBay lists the ancestors from the leaf's parent up to the root's child.
              categoryTreeNodeAncestors: category.path
                .map((name, index) => ({ categoryName: name, categoryTreeNodeLevel: index + 1 }))
                .reverse(),
              categoryTreeNodeLevel: category.path.length + 1,
            })),
          },
        ];
      }
      const id = url.searchParams.get("category_id");
      if (!id) return ebayError(400, 62006, "Missing category ID.");
      const category = categoryById(id);
      if (!category) return ebayError(400, 62005, "The specified category ID does not belong to specified category tree.");
      return [200, { categoryId: category.id, categoryTreeId: "77", aspects: aspectsJson(category) }];
    }

    // Sell Metadata API: the categories' item condition, negotiated-price and regulatory policies.
    // https://developer.ebay.com/api-docs/sell/metadata/resources/marketplace/methods/getItemConditionPolicies
    // https://developer.ebay.com/api-docs/sell/metadata/resources/marketplace/methods/getNegotiatedPricePolicies
    // https://developer.ebay.com/api-docs/sell/metadata/resources/marketplace/methods/getRegulatoryPolicies
    const metadata =
      /^\/sell\/metadata\/v1\/marketplace\/([^/]+)\/(get_item_condition_policies|get_negotiated_price_policies|get_regulatory_policies)$/.exec(
        path,
      );
    if (metadata && method === "GET") {
      const [key, policyJson] = METADATA_POLICIES[metadata[2]];
      if (metadata[1] !== "EBAY_DE") return ebayError(400, 46001, "The specified marketplace ID was not found.");
      const filter = url.searchParams.get("filter");
      const ids = filter === null ? null : /^categoryIds:\{(\d+(?:\|\d+)*)\}$/.exec(filter)?.[1].split("|");
      if (ids === undefined)
        return [
          200,
          {
            [key]: [],
            warnings: ebayError(
              200,
              46002,
              "The filter value is invalid. Sample supported values: filter=categoryIds:{catId1|catId2|catId3}.",
            )[1].errors,
          },
        ];
      const found = (ids ?? []).map(categoryById);
      const policies = ids === null ? [] : found.filter((category) => category !== null).map(policyJson);
      const warnings = found.some((category) => !category)
        ? ebayError(200, 46003, "The specified categoryId was not found for the marketplace.")[1].errors
        : undefined;
      return [200, { [key]: policies, ...(warnings ? { warnings } : {}) }];
    }

    const seller = sellerFor(headers);
    if (!seller)
      return ebayError(401, 1001, "Invalid access token. Check the value of the Authorization HTTP request header.", [], "REQUEST");

    // Sell Account API: the seller's business policies for a marketplace, and inventory locations.
    const policy = /^\/sell\/account\/v1\/(fulfillment_policy|payment_policy|return_policy)$/.exec(path);
    if (policy && method === "GET") {
      if (url.searchParams.get("marketplace_id") !== "EBAY_DE")
        return ebayError(400, 20401, "Missing or invalid marketplace_id.", [
          ["marketplace_id", url.searchParams.get("marketplace_id") ?? ""],
        ]);
      /** @type {Record<string, [string, JsonObject[]]>} */
      const lists = {
        fulfillment_policy: ["fulfillmentPolicies", seller.fulfillment],
        payment_policy: ["paymentPolicies", seller.payment],
        return_policy: ["returnPolicies", seller.returns],
      };
      const list = lists[policy[1]];
      return [200, { [list[0]]: list[1], total: list[1].length }];
    }
    if (path === "/sell/inventory/v1/location" && method === "GET")
      return [200, { locations: seller.locations, total: seller.locations.length, limit: 100, offset: 0 }];
    // Opting in to business policies, creating policies and inventory locations (fakes/ebay-account.mjs).
    const setup = accountSetupApi({
      method,
      url,
      body,
      seller,
      nextId: () => next(""),
      ebayError,
      needsJson: (text) => needsJson(headers, text),
    });
    if (setup) return setup;

    // Sell Inventory API.
    const item = /^\/sell\/inventory\/v1\/inventory_item\/([^/]+)$/.exec(path);
    // getInventoryItem: the item as stored, with the SKU and locale eBay adds (InventoryItemWithSkuLocaleGroupid).
    if (item && method === "GET") {
      const sku = decodeURIComponent(item[1]);
      const stored = seller.items.get(sku);
      if (!stored) return ebayError(404, 25702, "The SKU could not be found.", [["sku", sku]]);
      return [200, { sku, locale: "de_DE", ...stored }];
    }
    if (item && method === "PUT") {
      const sku = decodeURIComponent(item[1]);
      if (!SKU.test(sku))
        return ebayError(400, 25707, "This is an invalid value for a SKU. Only alphanumeric characters and hyphens, up to 50.", [
          ["sku", sku],
        ]);
      const language = needsContentLanguage(headers);
      if (language) return language;
      const [parsed, problem] = needsJson(headers, body);
      if (problem) return problem;
      const itemProblem = inventoryItemProblem(parsed);
      if (itemProblem) return itemProblem;
      seller.items.set(sku, parsed);
      return [204, null];
    }
    if (path === "/sell/inventory/v1/offer" && method === "GET") return offersOfSku(seller, url.searchParams);
    if (path === "/sell/inventory/v1/offer" && method === "POST") {
      const language = needsContentLanguage(headers);
      if (language) return language;
      const [parsed, problem] = needsJson(headers, body);
      if (problem) return problem;
      const offerError = offerProblem(seller, parsed);
      if (offerError) return offerError;
      const existing = [...seller.offers.values()].find(
        (offer) => offer.sku === parsed.sku && offer.marketplaceId === parsed.marketplaceId,
      );
      if (existing) return ebayError(400, 25002, "Offer entity already exists.", [["offerId", existing.offerId]], "REQUEST");
      const offer = { ...parsed, offerId: next(""), status: "UNPUBLISHED", listingId: null };
      seller.offers.set(offer.offerId, offer);
      return [201, { offerId: offer.offerId, warnings: [] }];
    }
    const offerPath = /^\/sell\/inventory\/v1\/offer\/([^/]+)(\/publish|\/withdraw)?$/.exec(path);
    if (offerPath) {
      const offer = seller.offers.get(offerPath[1]);
      if (!offer) return ebayError(404, 25713, "This offer is not available.", [["offerId", offerPath[1]]]);
      if (!offerPath[2] && method === "GET") return [200, offerJson(offer)];
      if (!offerPath[2] && method === "PUT") {
        // updateOffer replaces the whole offer; the SKU, marketplace and format stay (its documented
        // body, EbayOfferDetailsWithId, has none of them).
        const language = needsContentLanguage(headers);
        if (language) return language;
        const [parsed, problem] = needsJson(headers, body);
        if (problem) return problem;
        const replaced = { ...parsed, sku: offer.sku, marketplaceId: offer.marketplaceId, format: offer.format };
        const offerError = offerProblem(seller, replaced, offer);
        if (offerError) return offerError;
        Object.assign(offer, replaced);
        return [204, null];
      }
      if (offerPath[2] === "/publish" && method === "POST") {
        if (offer.status === "PUBLISHED") return ebayError(400, 25002, "The offer is already published.", [["offerId", offer.offerId]]);
        const publishError = publishProblem(seller, offer);
        if (publishError) return publishError;
        offer.status = "PUBLISHED";
        offer.listingId = offer.listingId ?? `1100${++counter}`;
        return [200, { listingId: offer.listingId, warnings: [] }];
      }
      if (offerPath[2] === "/withdraw" && method === "POST") {
        if (offer.status !== "PUBLISHED")
          return ebayError(400, 25713, "Only a published offer can be withdrawn.", [["offerId", offer.offerId]]);
        offer.status = "UNPUBLISHED";
        return [200, { listingId: offer.listingId, warnings: [] }];
      }
    }
    if (path === "/sell/inventory/v1/bulk_update_price_quantity" && method === "POST") {
      const [parsed, problem] = needsJson(headers, body);
      if (problem) return problem;
      if (!Array.isArray(parsed.requests) || parsed.requests.length < 1 || parsed.requests.length > 25)
        return ebayError(400, 25002, "requests must hold 1–25 entries.", [["field", "requests"]]);
      /** @type {JsonObject[]} */
      const responses = [];
      for (const request of parsed.requests) {
        for (const entry of Array.isArray(request?.offers) ? request.offers : []) {
          const offer = seller.offers.get(entry?.offerId);
          const priceError = amountProblem(entry?.price, "price");
          if (!offer)
            responses.push({
              offerId: entry?.offerId,
              statusCode: 404,
              errors: ebayError(404, 25713, "This offer is not available.")[1].errors,
            });
          else if (offer.status !== "PUBLISHED")
            responses.push({
              offerId: offer.offerId,
              sku: offer.sku,
              statusCode: 400,
              errors: ebayError(400, 25002, "bulkUpdatePriceQuantity updates published offers only; use updateOffer.")[1].errors,
            });
          else if (priceError) responses.push({ offerId: offer.offerId, sku: offer.sku, statusCode: 400, errors: priceError[1].errors });
          else {
            offer.pricingSummary = { ...offer.pricingSummary, price: entry.price };
            responses.push({ offerId: offer.offerId, sku: offer.sku, statusCode: 200 });
          }
        }
      }
      if (responses.length === 0)
        return ebayError(400, 25002, "Each request needs offers with an offerId and a price.", [["field", "requests.offers"]]);
      return [200, { responses }];
    }
    return null;
  }

  /**
   * A seller's account as eBay holds it: programmes, policies, locations (ADR 045).
   * @param {Seller} seller
   */
  function accountJson(seller) {
    return {
      seller: seller.id,
      programs: [...seller.programs],
      fulfillmentPolicies: seller.fulfillment,
      paymentPolicies: seller.payment,
      returnPolicies: seller.returns,
      locations: seller.locations,
    };
  }

  /**
   * Test controls, outside eBay's API.
   * @param {string} method
   * @param {URL} url
   * @param {string} body
   * @returns {Answer | Promise<Answer> | null}
   */
  function control(method, url, body) {
    // Applies the seller's next successful call of that operation, then drops the connection without
    // an answer (a request cut off on the way back). Per seller, named by one of its access tokens.
    if (method === "POST" && url.pathname === "/__control/cut-after") {
      const sellerId = accessTokens.get(url.searchParams.get("token") ?? "")?.sellerId;
      const operation = url.searchParams.get("operation") ?? "";
      if (!sellerId) return [400, { message: "token names no seller" }];
      if (!/^[a-z][A-Za-z]+$/.test(operation)) return [400, { message: "operation must be an operationId, e.g. createOffer" }];
      cuts.set(sellerId, [...(cuts.get(sellerId) ?? []), operation]);
      return [200, { ok: true }];
    }
    if (method === "GET" && url.pathname === "/__state") {
      const offers = [...sellers.values()].flatMap((seller) =>
        [...seller.offers.values()].map((offer) => ({ ...offerJson(offer), seller: seller.id })),
      );
      const items = [...sellers.values()].flatMap((seller) =>
        [...seller.items.entries()].map(([sku, item]) => ({ sku, seller: seller.id, ...item })),
      );
      return [200, { offers, items, accounts: [...sellers.values()].map(accountJson), requests, images: media.images() }];
    }
    // One seller's account, named by one of its access tokens.
    if (method === "GET" && url.pathname === "/__control/account") {
      const seller = sellers.get(accessTokens.get(url.searchParams.get("token") ?? "")?.sellerId ?? "");
      return seller ? [200, accountJson(seller)] : [400, { message: "token names no seller" }];
    }
    // Makes one seller (named by an access token) a business account, as a dealer's eBay account is:
    // eBay holds business sellers to GPSR (ADR 073).
    if (method === "POST" && url.pathname === "/__control/business-account") {
      const seller = sellers.get(accessTokens.get(url.searchParams.get("token") ?? "")?.sellerId ?? "");
      if (!seller) return [400, { message: "token names no seller" }];
      seller.accountType = "BUSINESS";
      return [200, { accountType: seller.accountType }];
    }
    // Adds a fulfillment policy to one seller (named by an access token), e.g. one with calculated
    // shipping, as the seller would create it at eBay.
    if (method === "POST" && url.pathname === "/__control/fulfillment-policy") {
      const seller = sellers.get(accessTokens.get(url.searchParams.get("token") ?? "")?.sellerId ?? "");
      if (!seller) return [400, { message: "token names no seller" }];
      const policy = { ...JSON.parse(body || "{}"), fulfillmentPolicyId: next("62"), marketplaceId: "EBAY_DE" };
      seller.fulfillment.push(policy);
      return [201, policy];
    }
    // Ends one seller's access tokens (the app must refresh) or refresh tokens too (the seller must
    // reconnect); the seller is named by one of its access tokens, so tests running beside each
    // other never end each other's grants.
    const expiry = /^\/__control\/expire-(access|refresh)-tokens$/.exec(url.pathname);
    if (method === "POST" && expiry) {
      const sellerId = accessTokens.get(url.searchParams.get("token") ?? "")?.sellerId;
      if (!sellerId) return [400, { message: "token names no seller" }];
      const grants = expiry[1] === "refresh" ? [...accessTokens.values(), ...refreshTokens.values()] : [...accessTokens.values()];
      for (const grant of grants) if (grant.sellerId === sellerId) grant.expiresAt = 0;
      return [200, { ok: true }];
    }
    // eBay may take up to 24 hours to let a seller in to business policies (optInToProgram): while
    // on, this seller's opt-in is taken but not yet through.
    if (method === "POST" && url.pathname === "/__control/opt-in-delay") {
      const seller = sellers.get(accessTokens.get(url.searchParams.get("token") ?? "")?.sellerId ?? "");
      if (!seller) return [400, { message: "token names no seller" }];
      seller.optInDelayed = url.searchParams.get("on") === "true";
      if (!seller.optInDelayed && seller.optInRequested) seller.programs.add("SELLING_POLICY_MANAGEMENT");
      return [200, { ok: true }];
    }
    // eBay moves to a new signing key; the earlier keys stay available through getPublicKey.
    if (method === "POST" && url.pathname === "/__control/rotate-notification-key") return [200, { kid: signer.rotate() }];
    // getPublicKey answers for this key id only after HELD_ANSWER_MS (a slow eBay).
    if (method === "POST" && url.pathname === "/__control/hold-public-key") {
      const kid = url.searchParams.get("kid") ?? "";
      if (!kid) return [400, { message: "kid is required" }];
      heldKeyIds.add(kid);
      return [200, { ok: true }];
    }
    // The seller (named by an access token) closes their eBay account: their grants end, and eBay's
    // MARKETPLACE_ACCOUNT_DELETION notification is signed and answered, or sent to `deliverTo`.
    if (method === "POST" && url.pathname === "/__control/account-deletion") {
      const seller = sellers.get(accessTokens.get(url.searchParams.get("token") ?? "")?.sellerId ?? "");
      if (!seller) return [400, { message: "token names no seller" }];
      for (const grant of [...accessTokens.values(), ...refreshTokens.values()]) if (grant.sellerId === seller.id) grant.expiresAt = 0;
      const notification = signer.accountDeletion({ userId: seller.userId, username: seller.username, eiasToken: `eias-${seller.userId}` });
      const deliverTo = url.searchParams.get("deliverTo");
      if (!deliverTo) return [200, { ...notification, userId: seller.userId }];
      return fetch(deliverTo, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-EBAY-SIGNATURE": notification.signature },
        body: notification.body,
      }).then(
        (response) => [200, { ...notification, userId: seller.userId, delivered: response.status }],
        (error) => [502, { message: `delivery failed: ${error}` }],
      );
    }
    return null;
  }

  /**
   * Whether this applied call (its operationId in eBay's documents) is the one a test asked to cut off (once).
   * @param {Seller | null} seller
   * @param {string | null} operation
   */
  function takeCut(seller, operation) {
    const pending = (seller && cuts.get(seller.id)) ?? [];
    const index = operation ? pending.indexOf(operation) : -1;
    if (index < 0) return false;
    pending.splice(index, 1);
    return true;
  }

  /**
   * Answers one request; a promise for the Media API's uploads (multipart bytes in `raw`) and for the
   * control that delivers a notification.
   * @param {string} method
   * @param {URL} requested
   * @param {Headers} headers
   * @param {string} body
   * @param {Buffer} [raw]
   * @returns {FakeAnswer | Promise<FakeAnswer>}
   */
  function handle(method, requested, headers, body, raw = Buffer.from(body ?? "")) {
    // Under /sandbox/ the fake answers as eBay's sandbox does where the two differ (its category
    // suggestions); a test points the app's EBAY_API_URL there (ADR 072).
    const sandbox = requested.pathname.startsWith("/sandbox/");
    const url = sandbox ? new URL(`${requested.pathname.slice("/sandbox".length)}${requested.search}`, requested) : requested;
    const controlled = control(method, url, body);
    if (controlled instanceof Promise) return controlled.then(([status, json]) => ({ status, json }));
    if (controlled) return { status: controlled[0], json: controlled[1] };
    // The browser on the consent page asks for an icon; it has none.
    if (method === "GET" && url.pathname === "/favicon.ico") return { status: 204, json: null };
    if (method === "GET" && url.pathname === "/oauth2/authorize") {
      const [status, type, text] = consentPage(url);
      return { status, type, text };
    }
    if (method === "POST" && url.pathname === "/oauth2/consent") {
      const [status, location] = consentDecision(new URLSearchParams(body));
      return status === 302 ? { status, location } : { status, type: "text/plain", text: location };
    }
    // The buyer's view of a live listing, so the app's link leads somewhere.
    const itm = /^\/itm\/(\d+)$/.exec(url.pathname);
    if (method === "GET" && itm) {
      const offer = [...sellers.values()].flatMap((seller) => [...seller.offers.values()]).find((entry) => entry.listingId === itm[1]);
      if (!offer) return { status: 404, type: "text/html", text: "<p>Angebot nicht gefunden</p>" };
      const owner = /** @type {Seller} */ ([...sellers.values()].find((seller) => seller.offers.has(offer.offerId)));
      const item = /** @type {JsonObject} */ (owner.items.get(offer.sku));
      const state = offer.status === "PUBLISHED" ? "Aktiv" : "Beendet";
      return {
        status: 200,
        type: "text/html",
        text: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(item.product.title)} | eBay (lokale Attrappe)</title></head><body><h1>${escapeHtml(item.product.title)}</h1><p>EUR ${offer.pricingSummary.price.value}</p><p>${state}</p></body></html>`,
      };
    }
    if (method === "POST" && url.pathname === "/identity/v1/oauth2/token") {
      const [status, json] = token(headers, body);
      return { status, json };
    }
    if (url.pathname === "/commerce/identity/v1/user/") {
      const [status, json] = identityUser(method, headers);
      return { status, json };
    }
    let sku = /\/inventory_item\/([^/]+)$/.exec(url.pathname)?.[1] ?? null;
    try {
      sku = sku ?? JSON.parse(body || "null")?.sku ?? null;
    } catch {
      // not JSON: the API answers that
    }
    // Every API request is checked against eBay's OpenAPI documents (fakes/ebay-contract.mjs, ADR 044)
    // and refused as eBay refuses a malformed one — after the token, which eBay checks first: none
    // is 401 (1001), one of a grant or without a scope the operation's `security` does not take
    // 403 (1100, ADR 072).
    const presented = tokenOf(headers);
    const contract = checkEbayRequest({ method, url, headers, body, token: presented });
    const seller = sellerFor(headers);
    requests.push({
      method,
      path: url.pathname,
      sku,
      contentLanguage: headers["content-language"] ?? null,
      seller: seller?.id ?? null,
      grant: presented?.grant ?? null,
      ...contract,
    });
    if (!presented)
      return {
        status: 401,
        json: ebayError(401, 1001, "Invalid access token. Check the value of the Authorization HTTP request header.")[1],
      };
    const refusal = contractRefusal(contract);
    if (refusal) return { status: refusal[0], json: refusal[1] };
    if (url.pathname.startsWith("/commerce/media/")) {
      if (!seller) return { status: 401, json: ebayError(401, 1001, "Invalid access token.")[1] };
      return media
        .handle(method, url.pathname, headers, body, raw, seller.id)
        .then((found) =>
          found
            ? { status: found[0], json: found[1], headers: found[2] ? { Location: found[2] } : {} }
            : { status: 404, json: ebayError(404, 2002, `Resource not found: ${method} ${url.pathname}`)[1] },
        );
    }
    const heldKid = /^\/commerce\/notification\/v1\/public_key\/([^/]+)$/.exec(url.pathname)?.[1];
    if (heldKid && heldKeyIds.has(decodeURIComponent(heldKid))) {
      return new Promise((resolve) => {
        setTimeout(() => {
          const [status, json] = /** @type {Answer} */ (api(method, url, headers, body));
          resolve({ status, json });
        }, HELD_ANSWER_MS).unref();
      });
    }
    const answer = api(method, url, headers, body, sandbox);
    if (!answer) return { status: 404, json: ebayError(404, 2002, `Resource not found: ${method} ${url.pathname}`)[1] };
    return { status: answer[0], json: answer[1], cut: answer[0] < 300 && takeCut(seller, contract.operationId) };
  }

  return { handle, reset: () => sellers.clear() };
}

/** @param {unknown} value */
function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Starts the fake on `port` (0: any free port). Resolves with the server and its port.
 * @param {{ port?: number, host?: string, acceptUrl?: string }} [options] acceptUrl: the app's /api/ebay/callback
 * @returns {Promise<{ server: import("node:http").Server, port: number, fake: ReturnType<typeof createFakeEbay> }>}
 */
export function startFakeEbay({ port = 0, host = "127.0.0.1", acceptUrl = undefined } = {}) {
  const fake = createFakeEbay({ acceptUrl });
  const server = createServer((request, response) => {
    /** @type {Buffer[]} */
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(request.url ?? "/", "http://localhost");
      Promise.resolve(fake.handle(request.method ?? "GET", url, request.headers, raw.toString("utf8"), raw)).then((answer) =>
        // Applied, but the answer never arrives: the connection is dropped (a test's cut-off control).
        answer.cut ? request.socket.destroy() : respond(response, answer),
      );
    });
  });
  /**
   * Writes one answer of the fake.
   * @param {import("node:http").ServerResponse} response
   * @param {FakeAnswer} answer
   */
  function respond(response, answer) {
    if (answer.location) {
      response.writeHead(answer.status, { Location: answer.location });
      return response.end();
    }
    if (answer.text !== undefined) {
      response.writeHead(answer.status, { "Content-Type": `${answer.type}; charset=utf-8` });
      return response.end(answer.text);
    }
    if (answer.json === null) {
      response.writeHead(answer.status);
      return response.end();
    }
    response.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
    response.end(JSON.stringify(answer.json));
  }
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve({ server, port: /** @type {import("node:net").AddressInfo} */ (server.address()).port, fake }));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { port } = await startFakeEbay({ port: Number(process.env.FAKE_EBAY_PORT ?? 0), acceptUrl: process.env.FAKE_EBAY_ACCEPT_URL });
  console.log(`fake eBay on http://127.0.0.1:${port}`);
}
