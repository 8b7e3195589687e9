// A local fake of Kleinanzeigen's Public API Gateway for dealers (ADR 038), in memory, for
// `npm start`, the workers tests and the e2e tests. It answers the calls of
// app/.server/kleinanzeigen/contract.ts and enforces the documented flow, never more lenient than
// the real gateway is documented to be:
// - the request shapes of contract.ts: the listing's fields and nothing else, a category path
//   under a known top-level category, the attributes `condition` and `versand` with their values,
//   a Festpreis above 0 and a giveaway at 0, `{ ticketUuid }` to add media, `{ imprintUuid,
//   location: { zipCode } }` to publish;
// - a client-credentials token (audience consumer-goods-api) for every API call;
// - an imprint before a publication;
// - a media ticket is uploaded to its presigned URL and used once, before it expires;
// - a publication is asynchronous: PENDING until the gateway is next asked for its status
//   (`pollsUntilDecided` polls), then PUBLISHED (the state the update guide names), or REJECTED
//   for a listing titled "ABGELEHNT …";
// - the state operation takes PAUSED or RESUMED only, answers a publication of another listing
//   with 400 BAD_REQUEST and an unknown one with 404 NOT_FOUND, in the documented words;
// - `GET /listings/{uuid}` answers as documented: the category by its name, the price as
//   `adPrice`, the photos as `urls`;
// - errors as RFC 9457 problem details with a German `localizedMessage`, `instance` as the
//   documented examples write it (`/api/v1/…`).
// Documented at https://developer.kleinanzeigen.de/docs (ADR 074); what is not is guessed as
// app/.server/kleinanzeigen/contract.ts's `GUESSES` says.
// Run on its own: `node fakes/kleinanzeigen.mjs [--port 8798]`; `GET /_fake/state` shows what it holds.
// `POST /_fake/cut-after?customReference=<ad id>&operation=createListing` has the next successful
// call of that operation for that ad applied and its connection dropped without an answer, as a
// request cut off on the way back (ADR 047); per ad, so tests beside each other never meet.
// `POST /_fake/publication-state?customReference=<ad id>&state=<STATE>` sets the state of that
// ad's publication, e.g. to one the app does not know (ADR 074).
import { createServer } from "node:http";
import { refusedForeign } from "./local-only.mjs";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";

/** @type {string} */
export const FAKE_CLIENT_ID = "fake-dealer";
/** @type {string} */
export const FAKE_CLIENT_SECRET = "fake-dealer-secret";
const API = "/api/goods/v1";
const MEDIA_TYPES = ["image/jpeg", "image/png"];
// The shapes of app/.server/kleinanzeigen/contract.ts (documented or assumed, as its GUESSES say);
// tests/unit/kleinanzeigen-contract.test.ts pins the two against each other.
const PRICE_TYPES = ["FIXED", "NEGOTIABLE", "GIVE_AWAY"];
/** The listing's fields: those of the documented update operation. */
const LISTING_FIELDS = [
  "title",
  "description",
  "category",
  "adType",
  "price",
  "attributes",
  "customReference",
  "contactPerson",
  "phoneNumber",
  "email",
  "buyNow",
];
/** Top-level categories (the website's), written as path segments. */
const CATEGORY_GROUPS = [
  "Auto_Rad_Boot",
  "Elektronik",
  "Familie_Kind_Baby",
  "Freizeit_Hobby_Nachbarschaft",
  "Haus_Garten",
  "Mode_Beauty",
  "Musik_Filme_Buecher",
];
/** "Gruppe/Unterkategorie": words of letters joined by "_", umlauts spelled out (one documented example). */
const CATEGORY_PATH = /^([A-Z][A-Za-z]*(?:_[A-Za-z]+)*)\/([A-Z][A-Za-z]*(?:_[A-Za-z]+)*)$/;
/** Attributes: key → allowed values (documented keys; values partly documented). */
/** @type {Record<string, string[]>} */
const ATTRIBUTES = { condition: ["new", "like_new", "ok", "alright", "defect"], versand: ["ja", "nein"] };

/**
 * @typedef {import("./types").JsonObject} JsonObject
 * @typedef {{ uuid: string, state: string, imprintUuid: string, zipCode: string, polls: number, requested: string,
 *   adId?: string, adUrl?: string, reason?: string }} Publication
 * @typedef {{ uuid: string, body: JsonObject, media: { ticketUuid: string, url: string, bytes: number | null }[],
 *   publications: Publication[], deleted: boolean, categoryId: number }} Listing
 * @typedef {[number, unknown] | [number, unknown, Record<string, string>]} GatewayAnswer
 */

/**
 * Starts the fake gateway on `port` (0: any free port).
 * @param {{ port?: number, host?: string, clientId?: string, clientSecret?: string, now?: () => number,
 *   ticketTtlMs?: number, pollsUntilDecided?: number, tokenTtlSeconds?: number }} [options]
 * @returns {Promise<{ server: import("node:http").Server, port: number, url: string, close: () => Promise<void> }>}
 */
export function startFakeKleinanzeigen(options = {}) {
  const clientId = options.clientId ?? FAKE_CLIENT_ID;
  const clientSecret = options.clientSecret ?? FAKE_CLIENT_SECRET;
  const now = options.now ?? Date.now;
  const ticketTtlMs = options.ticketTtlMs ?? 15 * 60 * 1000;
  const pollsUntilDecided = options.pollsUntilDecided ?? 1;
  const tokenTtlSeconds = options.tokenTtlSeconds ?? 3600;

  /** @type {Map<string, number>} token → expiry */
  const tokens = new Map();
  /** @type {Map<string, { uuid: string, content: string }>} */
  const imprints = new Map();
  /** @type {Map<string, Listing>} */
  const listings = new Map();
  /** @type {Map<string, { uuid: string, mediaType: string, expireAt: number, uploaded: number | null, used: boolean, signature: string }>} */
  const tickets = new Map();
  /** @type {Set<string>} "<customReference> <operation>" to cut off once */
  const cuts = new Set();
  let adCounter = 3_000_000_000;
  let baseUrl = "";

  /** The examples write the instance without the gateway's "/goods" segment: "/api/v1/listings/…". */
  const instanceOf = (/** @type {string} */ path) => path.replace(API, "/api/v1");
  /** @type {(status: number, title: string, localizedMessage: string, path: string) => GatewayAnswer} */
  const problem = (status, title, localizedMessage, path) => [
    status,
    {
      type: "about:blank",
      status,
      title,
      detail: localizedMessage,
      instance: instanceOf(path),
      localizedTitle: "",
      localizedDetail: "",
      localizedMessage,
    },
  ];
  /** The state operation's documented errors: status, title, detail and instance only. */
  /** @type {(status: number, title: string, detail: string, path: string) => GatewayAnswer} */
  const stateProblem = (status, title, detail, path) => [status, { status, title, detail, instance: instanceOf(path) }];

  /** @type {(value: unknown, max: number) => boolean} */
  const isText = (value, max) => typeof value === "string" && value.trim().length > 0 && value.length <= max;

  /**
   * A German reason the listing body breaks the contract, or null.
   * @param {JsonObject | undefined} body a parsed JSON body
   * @param {boolean} partial
   */
  function validListing(body, partial) {
    if (!body || typeof body !== "object" || Array.isArray(body)) return "Der Inhalt ist kein JSON-Objekt.";
    const unknown = Object.keys(body).find((key) => !LISTING_FIELDS.includes(key));
    if (unknown) return `Unbekanntes Feld: ${unknown}.`;
    const need = (/** @type {string} */ key) => !partial || key in body;
    if (need("title") && !isText(body.title, 65)) return "Der Titel fehlt oder ist länger als 65 Zeichen.";
    if (need("description") && !isText(body.description, 4000)) return "Die Beschreibung fehlt oder ist länger als 4000 Zeichen.";
    if (need("category")) {
      const path = typeof body.category === "string" ? body.category.match(CATEGORY_PATH) : null;
      if (!path || !CATEGORY_GROUPS.includes(path[1])) return `Die Kategorie „${String(body.category ?? "")}“ gibt es nicht.`;
    }
    if (need("adType") && body.adType !== "OFFER") return "adType muss OFFER sein.";
    if (need("price")) {
      const price = body.price;
      if (!price || !PRICE_TYPES.includes(price.type) || typeof price.amount !== "number" || !(price.amount >= 0))
        return "Der Preis ist ungültig (type FIXED, NEGOTIABLE oder GIVE_AWAY, amount in Euro ≥ 0).";
      if (Object.keys(price).some((key) => key !== "type" && key !== "amount")) return "Der Preis hat nur type und amount.";
      if (price.type === "GIVE_AWAY" && price.amount !== 0) return "Zu verschenken hat keinen Preis (amount 0).";
      if (price.type === "FIXED" && price.amount <= 0) return "Ein Festpreis braucht einen Betrag über 0.";
    }
    if ("attributes" in body) {
      const attributes = body.attributes;
      if (typeof attributes !== "object" || attributes === null || Array.isArray(attributes)) return "attributes muss ein Objekt sein.";
      for (const [key, value] of Object.entries(attributes)) {
        if (!(key in ATTRIBUTES)) return `Unbekanntes Attribut: ${key}.`;
        if (!ATTRIBUTES[key].includes(value)) return `Ungültiger Wert für ${key}: ${String(value)}.`;
      }
    }
    if (need("customReference") && !partial && !isText(body.customReference, 100)) return "customReference fehlt.";
    if ("buyNow" in body && body.buyNow !== false) return "Direkt kaufen gibt es für diese Anzeigen nicht (buyNow false).";
    if (typeof body.description === "string" && /https?:\/\/|www\./i.test(body.description))
      return "Links sind in der Beschreibung nicht erlaubt.";
    return null;
  }

  /**
   * @param {Listing} listing
   * @param {Publication} publication
   */
  function publicationJson(listing, publication) {
    return {
      uuid: publication.uuid,
      state: publication.state,
      imprintUuid: publication.imprintUuid,
      adId: publication.adId ?? null,
      adUrl: publication.adUrl ?? null,
      reason: publication.reason ?? null,
    };
  }

  /**
   * A status poll: the asynchronous decision falls after `pollsUntilDecided` polls.
   * @param {Listing} listing
   * @param {Publication} publication
   */
  function poll(listing, publication) {
    if (publication.state !== "PENDING") return;
    publication.polls += 1;
    if (publication.polls < pollsUntilDecided) return;
    if (/^ABGELEHNT/i.test(listing.body.title)) {
      publication.state = "REJECTED";
      publication.reason = "Die Anzeige verstößt gegen die Grundsätze von Kleinanzeigen (Testfall „ABGELEHNT“).";
      return;
    }
    publication.state = publication.requested === "PAUSED" ? "PAUSED" : "PUBLISHED";
    publication.adId ??= String(++adCounter);
    const slug =
      listing.body.title
        .toLowerCase()
        .normalize("NFKD")
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")
        .slice(0, 40) || "anzeige";
    publication.adUrl = `https://www.kleinanzeigen.de/s-anzeige/${slug}/${publication.adId}-${listing.categoryId}-1`;
  }

  /**
   * The gateway operation of a request and the ad it concerns (the listing's customReference).
   * @param {string} method
   * @param {string} path
   * @param {Buffer} raw
   */
  function operationOf(method, path, raw) {
    const rest = path.startsWith(`${API}/`) ? path.slice(API.length) : null;
    if (rest === null) return null;
    if (method === "POST" && rest === "/listings") {
      try {
        return { operation: "createListing", reference: JSON.parse(raw.toString("utf8"))?.customReference };
      } catch {
        return null;
      }
    }
    const match = rest.match(/^\/listings\/([\w-]+)(\/media|\/publications(?:\/[\w-]+)?)?$/);
    const reference = match ? listings.get(match[1])?.body.customReference : undefined;
    if (!match || reference === undefined) return null;
    /** @type {Record<string, string>} */
    const operations = {
      "PUT ": "updateListing",
      "DELETE ": "deleteListing",
      "PUT /media": "addMedia",
      "POST /publications": "createPublication",
      "GET /publications": "listPublications",
    };
    const operation = operations[`${method} ${match[2] ?? ""}`];
    return operation ? { operation, reference } : null;
  }

  /**
   * Whether this applied call is the one a test asked to cut off (once).
   * @param {string} method
   * @param {string} path
   * @param {Buffer} raw
   */
  function takeCut(method, path, raw) {
    const call = operationOf(method, path, raw);
    const key = call && `${call.reference} ${call.operation}`;
    return key !== null && cuts.delete(key);
  }

  /**
   * @param {string} method
   * @param {URL} url
   * @param {import("node:http").IncomingHttpHeaders} headers
   * @param {Buffer} raw
   * @returns {GatewayAnswer}
   */
  function handle(method, url, headers, raw) {
    const path = url.pathname;
    if (method === "POST" && path === "/_fake/cut-after") {
      const reference = url.searchParams.get("customReference");
      const operation = url.searchParams.get("operation");
      const known = ["createListing", "updateListing", "deleteListing", "addMedia", "createPublication", "listPublications"];
      if (!reference || !known.includes(operation ?? "")) return [400, { message: `customReference and one of ${known.join(", ")}` }];
      cuts.add(`${reference} ${operation}`);
      return [200, { ok: true }];
    }
    if (method === "POST" && path === "/_fake/publication-state") {
      const reference = url.searchParams.get("customReference");
      const state = url.searchParams.get("state");
      const listing = [...listings.values()].find((entry) => !entry.deleted && entry.body.customReference === reference);
      if (!listing?.publications.length || !state) return [404, { message: "no publication for this customReference" }];
      /** @type {Publication} */ (listing.publications.at(-1)).state = state;
      return [200, { ok: true }];
    }
    if (method === "GET" && path === "/_fake/state") {
      return [
        200,
        {
          imprints: [...imprints.values()],
          listings: [...listings.values()].map((l) => ({
            uuid: l.uuid,
            deleted: l.deleted,
            body: l.body,
            media: l.media,
            publications: l.publications.map((p) => publicationJson(l, p)),
          })),
        },
      ];
    }

    // The presigned upload: no gateway token, the signature in the URL is the permission.
    const upload = path.match(/^\/_upload\/([\w-]+)$/);
    if (upload && method === "PUT") {
      const ticket = tickets.get(upload[1]);
      if (!ticket || url.searchParams.get("signature") !== ticket.signature) return [403, "SignatureDoesNotMatch"];
      if (now() > ticket.expireAt) return [403, "Request has expired"];
      if (ticket.uploaded !== null) return [409, "Object already uploaded for this ticket"];
      if (headers["content-type"] !== ticket.mediaType) return [400, `Content-Type must be ${ticket.mediaType}`];
      if (raw.length === 0) return [400, "Empty body"];
      ticket.uploaded = raw.length;
      return [200, ""];
    }

    if (method === "POST" && path === "/v2/oidc/token") {
      const form = new URLSearchParams(raw.toString("utf8"));
      if (!String(headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded"))
        return [400, { error: "invalid_request", error_description: "Content-Type must be application/x-www-form-urlencoded" }];
      if (form.get("grant_type") !== "client_credentials")
        return [400, { error: "unsupported_grant_type", error_description: "grant_type must be client_credentials" }];
      if (form.get("audience") !== "consumer-goods-api")
        return [400, { error: "invalid_request", error_description: "audience must be consumer-goods-api" }];
      if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret)
        return [401, { error: "invalid_client", error_description: "Client authentication failed" }];
      const token = `fake-token-${randomUUID()}`;
      tokens.set(token, now() + tokenTtlSeconds * 1000);
      return [200, { access_token: token, token_type: "bearer", expires_in: tokenTtlSeconds }];
    }

    if (!path.startsWith(`${API}/`)) return problem(404, "Not Found", "Unbekannter Pfad.", path);
    const bearer = String(headers.authorization ?? "").match(/^Bearer (\S+)$/)?.[1];
    const expiry = bearer ? tokens.get(bearer) : undefined;
    if (!expiry || expiry < now()) return problem(401, "Unauthorized", "Anmeldung fehlt oder ist abgelaufen.", path);

    let body;
    if (method === "POST" || method === "PUT") {
      if (raw.length > 0) {
        if (!String(headers["content-type"] ?? "").startsWith("application/json"))
          return problem(415, "Unsupported Media Type", "Content-Type muss application/json sein.", path);
        try {
          body = JSON.parse(raw.toString("utf8"));
        } catch {
          return problem(400, "Bad Request", "Failed to read request", path);
        }
      }
    }
    const rest = path.slice(API.length);

    if (method === "POST" && rest === "/imprints") {
      if (!body || typeof body.content !== "string" || !body.content.trim())
        return problem(400, "Bad Request", "Failed to read request", path);
      const imprint = { uuid: randomUUID(), content: body.content };
      imprints.set(imprint.uuid, imprint);
      return [201, { uuid: imprint.uuid }];
    }

    if (method === "POST" && rest === "/media") {
      if (!body || typeof body.mediaType !== "string") return problem(400, "Bad Request", "mediaType fehlt.", path);
      if (!MEDIA_TYPES.includes(body.mediaType))
        return problem(
          415,
          "Unsupported Media Type",
          `Unsupported media type: '${body.mediaType}'. Supported types are: image/jpeg, image/png`,
          path,
        );
      const ticket = {
        uuid: randomUUID(),
        mediaType: body.mediaType,
        expireAt: now() + ticketTtlMs,
        uploaded: null,
        used: false,
        signature: randomUUID(),
      };
      tickets.set(ticket.uuid, ticket);
      return [
        201,
        {
          ticketUuid: ticket.uuid,
          signedPutUrl: `${baseUrl}/_upload/${ticket.uuid}?signature=${ticket.signature}`,
          expireAt: new Date(ticket.expireAt).toISOString(),
        },
      ];
    }

    if (method === "POST" && rest === "/listings") {
      const invalid = validListing(body, false);
      if (invalid) return problem(400, "Bad Request", invalid, path);
      const listing = { uuid: randomUUID(), body, media: [], publications: [], deleted: false, categoryId: 161 };
      listings.set(listing.uuid, listing);
      return [201, { uuid: listing.uuid }];
    }

    const match = rest.match(/^\/listings\/([\w-]+)(\/media|\/publications(?:\/([\w-]+)(\/state)?)?)?$/);
    if (!match) return problem(404, "Not Found", "Unbekannter Pfad.", path);
    const listing = listings.get(match[1]);
    if (!listing || listing.deleted) return problem(404, "Not Found", "Listing not found", path);
    const [, , sub, publicationUuid, state] = match;

    if (!sub) {
      if (method === "GET") {
        // As the getListing example: the category by its name, the price as adPrice, the photos as urls.
        const { price, category, ...fields } = listing.body;
        return [
          200,
          {
            uuid: listing.uuid,
            ...fields,
            category: category.slice(category.lastIndexOf("/") + 1),
            adPrice: price,
            userId: clientId,
            urls: listing.media.map((m) => m.url),
          },
        ];
      }
      if (method === "PUT") {
        const invalid = validListing(body, true);
        if (invalid) return problem(400, "Bad Request", invalid, path);
        listing.body = { ...listing.body, ...body };
        return [204, null];
      }
      if (method === "DELETE") {
        listing.deleted = true;
        for (const publication of listing.publications) publication.state = "DELETED";
        return [204, null];
      }
    }

    if (sub === "/media" && method === "PUT") {
      if (!body || Object.keys(body).some((key) => key !== "ticketUuid"))
        return problem(400, "Bad Request", "Der Inhalt ist { ticketUuid }.", path);
      const ticket = typeof body.ticketUuid === "string" ? tickets.get(body.ticketUuid) : undefined;
      if (!ticket) return problem(400, "Bad Request", "Unbekanntes Medien-Ticket.", path);
      if (ticket.used) return problem(409, "Conflict", "Dieses Medien-Ticket wurde schon verwendet.", path);
      if (now() > ticket.expireAt) return problem(410, "Gone", "Das Medien-Ticket ist abgelaufen.", path);
      if (ticket.uploaded === null) return problem(400, "Bad Request", "Zu diesem Ticket wurde noch kein Bild hochgeladen.", path);
      ticket.used = true;
      listing.media.push({ ticketUuid: ticket.uuid, url: `https://img.kleinanzeigen.de/fake/${ticket.uuid}`, bytes: ticket.uploaded });
      return [204, null];
    }

    if (sub && sub.startsWith("/publications") && !publicationUuid) {
      if (method === "GET") {
        for (const publication of listing.publications) poll(listing, publication);
        return [200, listing.publications.map((p) => publicationJson(listing, p))];
      }
      if (method === "POST") {
        if (!body || typeof body.imprintUuid !== "string" || !imprints.has(body.imprintUuid))
          return problem(400, "Bad Request", "Für die Veröffentlichung ist ein Impressum (imprintUuid) nötig.", path);
        if (!body.location || !/^\d{5}$/.test(String(body.location.zipCode ?? "")))
          return problem(400, "Bad Request", "Die Postleitzahl (location.zipCode, 5 Ziffern) fehlt.", path);
        if (Object.keys(body).some((key) => key !== "imprintUuid" && key !== "location") || Object.keys(body.location).length !== 1)
          return problem(400, "Bad Request", "Der Inhalt ist { imprintUuid, location: { zipCode } }.", path);
        if (listing.publications.some((p) => p.state !== "DELETED"))
          return problem(409, "Conflict", "Diese Anzeige ist schon veröffentlicht.", path);
        const publication = {
          uuid: randomUUID(),
          state: "PENDING",
          imprintUuid: body.imprintUuid,
          zipCode: body.location.zipCode,
          polls: 0,
          requested: "PUBLISHED",
        };
        listing.publications.push(publication);
        return [201, { uuid: publication.uuid }];
      }
    }

    if (publicationUuid) {
      const publication = listing.publications.find((p) => p.uuid === publicationUuid);
      if (!publication) {
        const elsewhere = [...listings.values()].some((other) => other.publications.some((p) => p.uuid === publicationUuid));
        if (state && elsewhere)
          return stateProblem(
            400,
            "BAD_REQUEST",
            `Publication ${publicationUuid} does not belong to the Listing ${listing.uuid}.`,
            path.replace(/\/state$/, ""),
          );
        return stateProblem(404, "NOT_FOUND", `Publication ${publicationUuid} not found`, path);
      }
      if (method === "GET" && !state) {
        poll(listing, publication);
        return [200, publicationJson(listing, publication)];
      }
      if (method === "PUT" && !state) {
        // Republish after an update (the update guide): asynchronous again.
        const requested = url.searchParams.get("requestedState");
        if (requested !== "PUBLISHED" && requested !== "PAUSED")
          return problem(400, "BAD_REQUEST", "requestedState muss PUBLISHED oder PAUSED sein.", path);
        if (!body || Object.keys(body).length > 0)
          return problem(400, "BAD_REQUEST", "Der Inhalt muss ein leeres JSON-Objekt {} sein.", path);
        if (publication.state === "DELETED" || publication.state === "REJECTED")
          return problem(409, "CONFLICT", "Diese Veröffentlichung ist beendet.", path);
        publication.state = "PENDING";
        publication.polls = 0;
        publication.requested = requested;
        return [204, null];
      }
      if (method === "PUT" && state) {
        // The state operation: requestedState PAUSED or RESUMED, no body.
        const requested = url.searchParams.get("requestedState");
        if (requested !== "PAUSED" && requested !== "RESUMED")
          return stateProblem(400, "BAD_REQUEST", `requestedState must be one of PAUSED, RESUMED.`, path);
        if (raw.length > 0) return stateProblem(400, "BAD_REQUEST", "The state operation takes no body.", path);
        if (requested === "PAUSED" && publication.state === "PUBLISHED") publication.state = "PAUSED";
        else if (requested === "RESUMED" && publication.state === "PAUSED") publication.state = "PUBLISHED";
        else
          return stateProblem(
            400,
            "BAD_REQUEST",
            `Publication ${publication.uuid} cannot go from ${publication.state} to ${requested}.`,
            path,
          );
        return [204, null];
      }
    }
    return problem(405, "Method Not Allowed", "Methode nicht erlaubt.", path);
  }

  const server = createServer((request, response) => {
    /** @type {Buffer[]} */
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const refused = refusedForeign(request.method ?? "GET", request.headers);
      if (refused) {
        return response.writeHead(refused.status, { "Content-Type": "application/json" }).end(JSON.stringify({ message: refused.message }));
      }
      /** @type {GatewayAnswer} */
      let answer;
      const url = new URL(request.url ?? "/", "http://fake");
      const raw = Buffer.concat(chunks);
      let cut = false;
      try {
        answer = handle(request.method ?? "GET", url, request.headers, raw);
        cut = answer[0] < 300 && takeCut(request.method ?? "GET", url.pathname, raw);
      } catch (error) {
        answer = [500, { status: 500, title: "Internal Server Error", detail: String(error) }];
      }
      // Applied, but the answer never arrives: the connection is dropped.
      if (cut) return request.socket.destroy();
      const [status, payload] = answer;
      if (payload === null) {
        response.writeHead(status).end();
      } else if (typeof payload === "string") {
        response.writeHead(status, { "Content-Type": "text/plain" }).end(payload);
      } else {
        // Errors too: the operation pages give application/json as their media type.
        response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(payload));
      }
    });
  });

  return new Promise((resolve) => {
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      baseUrl = `http://${options.host ?? "127.0.0.1"}:${port}`;
      resolve({ server, port, url: baseUrl, close: () => new Promise((done) => server.close(() => done(undefined))) });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const index = process.argv.indexOf("--port");
  const port = index > 0 ? Number(process.argv[index + 1]) : 8798;
  const fake = await startFakeKleinanzeigen({ port });
  console.log(`Fake Kleinanzeigen gateway on ${fake.url} (client ${FAKE_CLIENT_ID} / ${FAKE_CLIENT_SECRET})`);
}
