// eBay's published OpenAPI 3 documents (contracts/ebay/, ADR 044) as a request checker for the local
// fake eBay (fakes/ebay.mjs) and the contract test (tests/workers/ebay-contract.test.ts): a request
// is matched to its documented operation (server base path + path template + method) and checked
// against what the document states for it — required path/query/header parameters, no query
// parameter the operation does not document, the JSON body against the requestBody schema with
// every object CLOSED (eBay silently ignores a field it does not know, so a misspelt field would
// lose our intent without an error), types, enums where stated, arrays and their items — and the
// token: each operation's `security` names the OAuth scopes it takes, and the document's security
// scheme says which grant issues each scope (`clientCredentials`: an application token,
// `authorizationCode`: a user token). A token is taken when its grant issues one of the operation's
// scopes and it carries that scope, as eBay's method pages say ("an access token created with the
// client credentials grant flow, using one or more scopes from the following list"); the Taxonomy
// API declares only the client-credentials flow, so a seller's user token is refused there (ADR 072).
// Generic by design: nothing here names an operation; a new call the product makes is checked as
// soon as its document is in contracts/ebay/.
//
// The documents: https://developer.ebay.com/api-docs/master/<api>/openapi/3/<name>.json (provenance
// in contracts/ebay/README.md). OpenAPI 3.0 schema objects are turned into JSON Schema (draft-07)
// for Ajv: `$ref` to `#/components/schemas/X` becomes a reference into the document's definitions
// (siblings of a `$ref` are ignored, as OpenAPI 3.0 says), `nullable: true` adds the type "null",
// descriptions and other annotations are dropped, `format: int32` is checked by ajv-formats.
// https://spec.openapis.org/oas/v3.0.3#schema-object
import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";

/** The documents in contracts/ebay/ the fake serves, each as eBay publishes it (byte for byte). */
export const EBAY_CONTRACT_DOCUMENTS = [
  "sell_inventory_v1_oas3.json",
  "sell_account_v1_oas3.json",
  "commerce_taxonomy_v1_oas3.json",
  "sell_metadata_v1_oas3.json",
  "commerce_media_v1_beta_oas3.json",
  "commerce_notification_v1_oas3.json",
];

/**
 * Where a document's machine-readable schema contradicts the same document's own prose, the prose
 * (with eBay's sample payloads) wins; each entry names the field and why. Kept to what eBay states.
 */
const ERRATA = [
  // Declared `type: string`; the field's description gives "the proper JSON syntax":
  // "aspects": { "Brand": ["GoPro"], "Storage Type": ["Removable"] } — names to arrays of strings.
  // https://developer.ebay.com/api-docs/sell/inventory/types/slr:Product
  { document: "sell_inventory_v1_oas3.json", schema: "Product", property: "aspects" },
  // The same field on a group of inventory items, the same prose.
  // https://developer.ebay.com/api-docs/sell/inventory/types/slr:InventoryItemGroup
  { document: "sell_inventory_v1_oas3.json", schema: "InventoryItemGroup", property: "aspects" },
].map((entry) => ({ ...entry, replacement: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } } }));

const HTTP_METHODS = ["get", "put", "post", "delete", "patch"];
/** Schema keywords that carry a rule; everything else (description, example, xml, x-…) is dropped. */
const RULES = new Set([
  "type",
  "enum",
  "required",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
]);
/**
 * @typedef {import("./types").JsonObject} JsonObject
 * @typedef {{ in: string, name: string, message: string }} Violation
 * @typedef {{ flow: string, scopes: string[] }} TokenTaken
 * @typedef {{ document: string, operationId: string, method: string, regex: RegExp, names: string[],
 *   specificity: number, parameters: JsonObject[], requestBody: JsonObject | null,
 *   validateBody: import("ajv").ValidateFunction | null, taken: TokenTaken[] }} Operation
 */

/** @type {(value: unknown) => value is JsonObject} */
const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * An OpenAPI 3.0 schema object as JSON Schema; every object closed unless it states otherwise.
 * @param {unknown} schema a part of a parsed OpenAPI document
 * @param {string} documentId
 * @returns {any} the JSON Schema (a record for a record)
 */
function jsonSchemaOf(schema, documentId) {
  if (!isRecord(schema)) return schema;
  if (typeof schema.$ref === "string") return { $ref: schema.$ref.replace(/^#\/components\/schemas\//, `${documentId}#/definitions/`) };
  /** @type {JsonObject} */
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties")
      out.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, jsonSchemaOf(sub, documentId)]));
    else if (key === "items" || key === "not") out[key] = jsonSchemaOf(value, documentId);
    else if (key === "additionalProperties") out[key] = isRecord(value) ? jsonSchemaOf(value, documentId) : value;
    else if (key === "allOf" || key === "anyOf" || key === "oneOf")
      out[key] = value.map((/** @type {unknown} */ sub) => jsonSchemaOf(sub, documentId));
    else if (RULES.has(key)) out[key] = value;
  }
  if (schema.nullable === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  const isObject = out.type === "object" || (Array.isArray(out.type) && out.type.includes("object")) || out.properties;
  if (isObject && !("additionalProperties" in schema)) out.additionalProperties = false;
  return out;
}

/**
 * The path part of each server the operation is served from ("{basePath}" resolved).
 * @param {JsonObject[]} servers
 */
function basePaths(servers) {
  return servers.map((server) => {
    const url = server.url.replace(
      /\{(\w+)\}/g,
      (/** @type {string} */ _, /** @type {string} */ name) => server.variables?.[name]?.default ?? "",
    );
    return new URL(url, "https://api.ebay.com").pathname.replace(/\/$/, "");
  });
}

/** Parameter values arrive as text; a documented integer or boolean is checked as such. */
const ajvParameters = new Ajv({ coerceTypes: true, strict: true, strictTypes: false });
addFormats(ajvParameters);
/** @type {WeakMap<JsonObject, import("ajv").ValidateFunction>} */
const parameterValidators = new WeakMap();
/**
 * @param {JsonObject} parameter
 * @param {string} documentId
 */
function parameterValidator(parameter, documentId) {
  if (!parameter.schema || parameter.schema.$ref) return null;
  if (!parameterValidators.has(parameter))
    parameterValidators.set(parameter, ajvParameters.compile(jsonSchemaOf(parameter.schema, documentId)));
  return parameterValidators.get(parameter);
}

/** @type {(text: string) => string} */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** OpenAPI's names of the OAuth flows and the grants eBay's token endpoint takes for them. */
/** @type {Record<string, string>} */
const FLOW_OF_GRANT = {
  client_credentials: "clientCredentials",
  authorization_code: "authorizationCode",
  refresh_token: "authorizationCode",
};
/** @type {Record<string, string>} */
const TOKEN_KIND = {
  clientCredentials: "an application token (client credentials)",
  authorizationCode: "a user token (authorization code)",
};

/**
 * What an operation's `security` takes: per OAuth flow of the document's schemes, the operation's
 * scopes that flow issues. eBay lists the scopes "one or more" of which the token must carry.
 * @param {Record<string, string[]>[] | undefined} security
 * @param {JsonObject} schemes
 * @returns {TokenTaken[]}
 */
function tokensTaken(security, schemes) {
  /** @type {Map<string, string[]>} */
  const taken = new Map();
  for (const requirement of security ?? [])
    for (const [schemeName, scopes] of Object.entries(requirement))
      for (const [flow, declared] of Object.entries(schemes[schemeName]?.flows ?? {})) {
        const issued = scopes.filter((scope) => scope in (declared.scopes ?? {}));
        if (issued.length > 0) taken.set(flow, [...new Set([...(taken.get(flow) ?? []), ...issued])]);
      }
  return [...taken].map(([flow, scopes]) => ({ flow, scopes }));
}

/**
 * Loads the documents and answers a checker. `directory`: where the documents are (a file URL).
 * @param {{ directory?: URL, documents?: string[] }} [options]
 */
export function loadEbayContract({ directory = new URL("../contracts/ebay/", import.meta.url), documents = EBAY_CONTRACT_DOCUMENTS } = {}) {
  // `verbose`: an error carries the schema it broke, which names the documented type (typeOf).
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, verbose: true });
  addFormats(ajv);
  /** @type {Operation[]} */
  const operations = [];
  /** Every part of a converted definition → the definition's name, for the messages. */
  const typeOf = new WeakMap();
  /** @type {(schema: unknown, typeName: string) => void} */
  const nameParts = (schema, typeName) => {
    if (!isRecord(schema) || schema.$ref) return;
    typeOf.set(schema, typeName);
    for (const sub of [...Object.values(schema.properties ?? {}), schema.items, schema.additionalProperties]) nameParts(sub, typeName);
  };
  for (const name of documents) {
    const document = JSON.parse(readFileSync(new URL(name, directory), "utf8"));
    const definitions = Object.fromEntries(
      Object.entries(document.components?.schemas ?? {}).map(([schemaName, schema]) => [schemaName, jsonSchemaOf(schema, name)]),
    );
    for (const erratum of ERRATA.filter((entry) => entry.document === name))
      definitions[erratum.schema].properties[erratum.property] = erratum.replacement;
    for (const [schemaName, schema] of Object.entries(definitions)) nameParts(schema, schemaName);
    ajv.addSchema({ $id: name, definitions });
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        /** @type {string[]} */
        const names = [];
        // A path parameter is one segment; a trailing slash is not significant (eBay documents
        // createFulfillmentPolicy as POST /fulfillment_policy/ and the other policies without).
        const pattern = template
          .replace(/\/$/, "")
          .split(/(\{[^}]+\})/)
          .map((part) => (/^\{.+\}$/.test(part) ? (names.push(part.slice(1, -1)), "([^/]+)") : escapeRegExp(part)))
          .join("");
        const bases = basePaths(operation.servers ?? item.servers ?? document.servers ?? [{ url: "/" }]);
        const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
        operations.push({
          document: name,
          operationId: operation.operationId,
          method: method.toUpperCase(),
          regex: new RegExp(`^(?:${bases.map(escapeRegExp).join("|")})${pattern}/?$`),
          names,
          specificity: names.length,
          parameters,
          requestBody: operation.requestBody ?? null,
          validateBody: null,
          taken: tokensTaken(operation.security ?? document.security, document.components?.securitySchemes ?? {}),
        });
      }
    }
  }
  // Literal segments win over templates (GET /offer/get_listing_fees is not getOffer).
  operations.sort((a, b) => a.specificity - b.specificity);

  /**
   * @param {Operation} operation
   * @param {string} mediaType
   */
  function bodyValidator(operation, mediaType) {
    const schema = /** @type {JsonObject} */ (operation.requestBody).content[mediaType]?.schema;
    if (!schema) return null;
    operation.validateBody ??= ajv.compile(jsonSchemaOf(schema, operation.document));
    return operation.validateBody;
  }

  /**
   * The token's problem for the operation, or null: none (`token` null) or one whose grant or
   * scopes the operation's `security` does not take. `token` undefined: not checked.
   * @param {Operation} operation
   * @param {{ grant: string, scopes: string[] } | null | undefined} token
   * @returns {Violation | null}
   */
  function tokenViolation(operation, token) {
    if (token === undefined || operation.taken.length === 0) return null;
    if (token === null) return { in: "token", name: "missing", message: "no valid access token" };
    const flow = FLOW_OF_GRANT[token.grant];
    const taken = operation.taken.find((entry) => entry.flow === flow);
    if (taken && taken.scopes.some((scope) => token.scopes.includes(scope))) return null;
    const wanted = operation.taken.map((entry) => `${TOKEN_KIND[entry.flow]} with one of ${entry.scopes.join(", ")}`).join(" or ");
    return {
      in: "token",
      name: taken ? "scope" : "grant",
      message: `${operation.operationId} takes ${wanted}; this is ${TOKEN_KIND[flow] ?? "an unknown token"} with ${token.scopes.join(", ") || "no scope"}`,
    };
  }

  /**
   * Finds the documented operation of a request and what in it the document does not allow.
   * `token`: the grant that issued the request's Bearer token and its scopes, null when it has no
   * valid one; left out, the token is not checked.
   * @param {{ method: string, url: URL, headers: Record<string, string | string[] | undefined>, body?: string | null, token?: { grant: string, scopes: string[] } | null }} request
   * @returns {{ operationId: string | null, violations: Array<{ in: string, name: string, message: string }> }}
   */
  function check({ method, url, headers, body = null, token = undefined }) {
    const candidates = operations.filter((operation) => operation.regex.test(url.pathname));
    const operation = candidates.find((entry) => entry.method === method.toUpperCase());
    if (!operation) {
      const message =
        candidates.length > 0
          ? `${method.toUpperCase()} is not documented for ${url.pathname} (documented: ${[...new Set(candidates.map((entry) => entry.method))].join(", ")})`
          : `no documented operation has the path ${url.pathname}`;
      return { operationId: null, violations: [{ in: "path", name: url.pathname, message }] };
    }
    /** @type {Violation[]} */
    const violations = [];
    const wrongToken = tokenViolation(operation, token);
    if (wrongToken) violations.push(wrongToken);
    const values = /** @type {RegExpExecArray} */ (operation.regex.exec(url.pathname)).slice(1);
    const pathValues = Object.fromEntries(operation.names.map((name, index) => [name, decodeURIComponent(values[index])]));
    /** @type {(name: string) => string | undefined} */
    const header = (name) => {
      const value = headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : value;
    };
    for (const parameter of operation.parameters) {
      const value =
        parameter.in === "path"
          ? pathValues[parameter.name]
          : parameter.in === "query"
            ? (url.searchParams.get(parameter.name) ?? undefined)
            : parameter.in === "header"
              ? header(parameter.name)
              : undefined;
      if (value === undefined || value === "") {
        if (parameter.required) violations.push({ in: parameter.in, name: parameter.name, message: `${parameter.name} is required` });
        continue;
      }
      const valid = parameterValidator(parameter, operation.document);
      if (valid && !valid(value))
        violations.push({ in: parameter.in, name: parameter.name, message: `${parameter.name} ${valid.errors?.[0]?.message}` });
    }
    const documentedQuery = new Set(
      operation.parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name),
    );
    for (const name of new Set(url.searchParams.keys()))
      if (!documentedQuery.has(name))
        violations.push({ in: "query", name, message: `the query parameter ${name} is not documented for ${operation.operationId}` });
    violations.push(...bodyViolations(operation, header("content-type"), body));
    return { operationId: operation.operationId, violations };
  }

  /**
   * @param {Operation} operation
   * @param {string | undefined} contentType
   * @param {string | null} body
   * @returns {Violation[]}
   */
  function bodyViolations(operation, contentType, body) {
    const present = typeof body === "string" && body.length > 0;
    const { requestBody } = operation;
    if (!requestBody)
      return present && /json/i.test(contentType ?? "")
        ? [{ in: "body", name: "", message: `${operation.operationId} documents no request body` }]
        : [];
    if (!present)
      return requestBody.required ? [{ in: "body", name: "", message: `${operation.operationId} requires a request body` }] : [];
    const mediaType = Object.keys(requestBody.content).find((type) => (contentType ?? "").toLowerCase().startsWith(type));
    if (!mediaType)
      return [{ in: "header", name: "Content-Type", message: `Content-Type must be ${Object.keys(requestBody.content).join(" or ")}` }];
    const validate = bodyValidator(operation, mediaType);
    if (!validate || !mediaType.endsWith("json")) return [];
    let parsed;
    try {
      parsed = JSON.parse(/** @type {string} */ (body));
    } catch {
      return [{ in: "body", name: "", message: "the body is not valid JSON" }];
    }
    if (validate(parsed)) return [];
    return (validate.errors ?? []).map((error) => {
      const at = error.instancePath
        .split("/")
        .slice(1)
        .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"))
        .reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), "");
      const type = error.parentSchema ? typeOf.get(error.parentSchema) : undefined;
      const where = type ? ` (${type})` : "";
      if (error.keyword === "additionalProperties") {
        const name = at ? `${at}.${error.params.additionalProperty}` : error.params.additionalProperty;
        return { in: "body", name, message: `${name} is not a documented field${where}` };
      }
      if (error.keyword === "enum")
        return { in: "body", name: at, message: `${at} must be one of ${error.params.allowedValues.join(", ")}${where}` };
      return { in: "body", name: at, message: `${at || "the body"} ${error.message}${where}` };
    });
  }

  return {
    check,
    operations: operations.map(({ document, operationId, method, taken }) => ({ document, operationId, method, taken })),
  };
}

/** @type {ReturnType<typeof loadEbayContract> | null} */
let shared = null;
/**
 * The checker over every document in contracts/ebay/, loaded once.
 * @param {Parameters<ReturnType<typeof loadEbayContract>["check"]>[0]} request
 */
export function checkEbayRequest(request) {
  shared ??= loadEbayContract();
  return shared.check(request);
}

/**
 * eBay's answer to a request the documents do not allow, or null. The token comes first: none (or
 * an ended one) is "Invalid access token" (401, errorId 1001); one of a grant or without a scope the
 * operation's `security` does not take is "Access denied", "Insufficient permissions to fulfill the
 * request." (403, errorId 1100) — eBay's answer to an application token on the Inventory API
 * (https://developer.ebay.com/support/kb-article?KBid=5208). A path or method no operation
 * documents is "Resource not found" (404, errorId 2002); any other violation is "Invalid request"
 * (400, errorId 2004), one error per violation, naming it in `message` and `parameters`.
 * All are eBay's common errors, answered by every API: https://developer.ebay.com/develop/api/sell/error_codes
 * @param {{ operationId: string | null, violations: Array<{ in: string, name: string, message: string }> }} result
 * @returns {[number, { errors: object[] }] | null}
 */
export function contractRefusal({ operationId, violations }) {
  if (violations.length === 0) return null;
  const token = violations.find((violation) => violation.in === "token");
  if (token?.name === "missing")
    return [
      401,
      {
        errors: [
          {
            errorId: 1001,
            domain: "OAuth",
            category: "REQUEST",
            message: "Invalid access token",
            longMessage: "Invalid access token. Check the value of the Authorization HTTP request header.",
          },
        ],
      },
    ];
  if (token)
    return [
      403,
      {
        errors: [
          {
            errorId: 1100,
            domain: "ACCESS",
            category: "REQUEST",
            message: "Access denied",
            longMessage: "Insufficient permissions to fulfill the request.",
          },
        ],
      },
    ];
  /** @type {(errorId: number, message: string, longMessage: string, violation: Violation) => object} */
  const error = (errorId, message, longMessage, violation) => ({
    errorId,
    domain: "ACCESS",
    category: "REQUEST",
    message: `${message}. ${violation.message}`,
    longMessage,
    parameters: [{ name: violation.in, value: violation.name }],
  });
  if (!operationId)
    return [
      404,
      { errors: [error(2002, "Resource not found", "A resource (URI) associated with the request could not be resolved.", violations[0])] },
    ];
  return [
    400,
    {
      errors: violations.map((violation) =>
        error(2004, "Invalid request", "Request has errors. For help, see the documentation for this API.", violation),
      ),
    },
  ];
}
