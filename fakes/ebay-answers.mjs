// The fake eBay's shared answers and request checks (fakes/ebay.mjs and its API modules): eBay's
// error shape { errors: [{ errorId, domain, category, message, parameters }] }, the JSON body, the
// Content-Language header and an Amount.

/**
 * @typedef {import("./types").JsonObject} JsonObject
 * @typedef {import("./types").Answer} Answer
 * @typedef {import("./types").ErrorParameter} ErrorParameter
 * @typedef {import("./types").Headers} Headers
 */

/**
 * An answer in eBay's error shape.
 * @param {number} status
 * @param {number} errorId
 * @param {string} message
 * @param {ErrorParameter[]} [parameters]
 * @returns {[number, { errors: { errorId: number, domain: string, category: string, message: string,
 *   parameters: { name: string, value: string }[] }[] }]}
 */
export function ebayError(status, errorId, message, parameters = [], category = "REQUEST", domain = "API_INVENTORY") {
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

/** @type {(value: unknown) => value is JsonObject} */
export const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** The answer to a token that names no (live) grant. */
export const INVALID_TOKEN = ebayError(401, 1001, "Invalid access token. Check the value of the Authorization HTTP request header.");

/**
 * eBay's answer to a path or method it has no operation for.
 * @param {string} method
 * @param {string} path
 */
export const notFound = (method, path) => ebayError(404, 2002, `Resource not found: ${method} ${path}`);

/** @param {Headers} headers */
export function needsContentLanguage(headers) {
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
export function needsJson(headers, body) {
  if (!String(headers["content-type"] ?? "").startsWith("application/json"))
    return [null, ebayError(415, 2004, "Content-Type must be application/json.")];
  try {
    const parsed = JSON.parse(body);
    return isRecord(parsed) ? [parsed, null] : [null, ebayError(400, 2004, "The request has errors. The body must be a JSON object.")];
  } catch {
    return [null, ebayError(400, 2004, "The request has errors. Could not parse the JSON body.")];
  }
}

const PRICE = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * Checks an Amount ({ value: "12.50", currency: "EUR" }); returns an error answer or null.
 * @param {unknown} amount
 * @param {string} field
 * @param {{ allowZero?: boolean }} [options]
 */
export function amountProblem(amount, field, { allowZero = false } = {}) {
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
