// A local fake of the eBay APIs the app uses (ADR 036), in memory. This module holds the OAuth
// consent page and token endpoint, the Commerce Identity API's getUser, the test controls and the
// one state (sellers, their items and offers, tokens) that it passes to one module per eBay API:
// Sell Inventory (ebay-inventory.mjs: inventory items, offers, publish, withdraw, bulk price update,
// locations), Sell Account (ebay-account.mjs: policies, programmes), Taxonomy (ebay-taxonomy.mjs),
// Sell Metadata (ebay-metadata.mjs), Media (ebay-media.mjs) and Notification (ebay-notifications.mjs).
// Each gives a table of { method, pattern, handler }; one router (ebay-router.mjs) matches it.
// The listing's own content is checked as ADR 046 says (ebay-catalog.mjs, ebay-listing-rules.mjs,
// ebay-media.mjs). It is no more lenient than eBay's published contract
// (https://developer.ebay.com/api-docs/sell/inventory/overview.html,
// https://developer.ebay.com/api-docs/static/oauth-auth-code-grant-request.html): every request is
// checked here, before the router, for path, method, Bearer token (its grant and scopes against the
// operation's documented `security`: the Taxonomy API takes only an application token, ADR 072),
// Content-Language where eBay requires it, body fields and enums (ebay-contract.mjs), and the flow
// is enforced (no offer without an inventory item; no publish without policies and a location; only
// a published offer can be withdrawn or repriced; refresh tokens expire). A new seller starts as a
// new eBay account does: no location, no policies, not opted in to business policies; the calls
// that set one up are in ebay-account.mjs and ebay-inventory.mjs (ADR 045).
// Refusals use eBay's error shape: { errors: [{ errorId, domain, category, message, parameters }] }
// (ebay-answers.mjs).
//
// Tests can have a seller's next call of an operation (its operationId) applied and its connection
// dropped without an answer (`POST /__control/cut-after?token=…&operation=createOffer`), as a
// request cut off on the way back (ADR 047).
//
// For eBay's Marketplace Account Deletion notifications (ADR 049): the client-credentials grant and
// test controls that sign a deletion notification as eBay does (fakes/ebay-notifications.mjs), move
// the signer to a new key as eBay does now and then, and hold getPublicKey's answer for one key id
// (a slow eBay, ADR 068).
//
// Used by `npm start` (scripts/start.mjs), the workers tests' global setup and the e2e servers.
// Run alone: `node fakes/ebay.mjs` (FAKE_EBAY_PORT, FAKE_EBAY_ACCEPT_URL).
import { createServer } from "node:http";
import { refusedForeign } from "./local-only.mjs";
import { pathToFileURL } from "node:url";

import { accountApi, newSellerAccount } from "./ebay-account.mjs";
import { ebayError, INVALID_TOKEN, notFound } from "./ebay-answers.mjs";
import { checkEbayRequest, contractRefusal } from "./ebay-contract.mjs";
import { FAKE_EBAY_CLIENT_ID, FAKE_EBAY_CLIENT_SECRET, FAKE_EBAY_RU_NAME } from "./ebay-credentials.mjs";
import { inventoryApi, offerJson } from "./ebay-inventory.mjs";
import { createMedia } from "./ebay-media.mjs";
import { metadataApi } from "./ebay-metadata.mjs";
import { createNotificationSigner, notificationApi } from "./ebay-notifications.mjs";
import { dispatch } from "./ebay-router.mjs";
import { taxonomyApi } from "./ebay-taxonomy.mjs";

export { FAKE_EBAY_CLIENT_ID, FAKE_EBAY_CLIENT_SECRET, FAKE_EBAY_RU_NAME };
export { CONDITIONS } from "./ebay-inventory.mjs";

/**
 * @typedef {import("./types").JsonObject} JsonObject
 * @typedef {import("./types").Answer} Answer
 * @typedef {import("./types").Headers} Headers
 * @typedef {import("./types").Seller} Seller
 * @typedef {import("./types").UserGrant} UserGrant
 * @typedef {import("./types").FakeEbayState} FakeEbayState
 * @typedef {import("./types").EbayApi} EbayApi
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
const REFRESH_TOKEN_SECONDS = 47_304_000;

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
  /** The one state the API modules share. @type {FakeEbayState} */
  const state = { now, next, sellers, accessTokens, refreshTokens, applicationTokens, signer, heldKeyIds };
  /** The eBay APIs behind the token and contract checks, each with its routes (ebay-router.mjs). @type {EbayApi[]} */
  const apis = [inventoryApi(state), accountApi(state), taxonomyApi, metadataApi, media.api, notificationApi(state)];

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

  // --- Tokens and the seller they name -------------------------------------------------------
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
    if (method !== "GET") return notFound(method, "/commerce/identity/v1/user/");
    const grant = accessTokens.get(/^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1] ?? "");
    const seller = grant && grant.expiresAt >= now() ? sellers.get(grant.sellerId) : null;
    if (!seller) return INVALID_TOKEN;
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
    // getPublicKey answers for this key id only after a long wait (a slow eBay, ebay-notifications.mjs).
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
    if (!presented) return { status: 401, json: INVALID_TOKEN[1] };
    const refusal = contractRefusal(contract);
    if (refusal) return { status: refusal[0], json: refusal[1] };
    const answer = dispatch(apis, { method, url, headers, body, raw, seller, sandbox });
    // An answer later (an upload, a held getPublicKey) is never cut off.
    if (answer instanceof Promise)
      return answer.then(([status, json, location]) => ({ status, json, headers: location ? { Location: location } : {} }));
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
      const refused = refusedForeign(request.method ?? "GET", request.headers);
      if (refused) return respond(response, { status: refused.status, json: { message: refused.message } });
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
