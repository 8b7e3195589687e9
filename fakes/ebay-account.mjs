// The fake eBay's Account API (`accountApi`, routed by ebay-router.mjs) and the seller set-up
// (ADR 045): a new eBay account has no inventory location, is not opted in to business policies and
// has no policy. These are the documented calls that change that, each as strict as eBay documents it
// (the inventory locations are the Inventory API's, ebay-inventory.mjs):
// - Account API programs: https://developer.ebay.com/api-docs/sell/account/resources/program/methods/getOptedInPrograms,
//   https://developer.ebay.com/api-docs/sell/account/resources/program/methods/optInToProgram
//   (409 with 25803 when the seller is already in the programme)
// - Account API policies: getFulfillmentPolicies, getPaymentPolicies, getReturnPolicies for EBAY_DE;
//   https://developer.ebay.com/api-docs/sell/account/resources/fulfillment_policy/methods/createFulfillmentPolicy,
//   …/payment_policy/methods/createPaymentPolicy, …/return_policy/methods/createReturnPolicy: name (≤ 64, unique per
//   marketplace), marketplaceId and categoryTypes required; handlingTime when a shipping service is offered;
//   returnPeriod and returnShippingCostPayer when returns are accepted; only ALL_EXCLUDING_MOTORS_VEHICLES for returns.
//   Error ids from the x-response-codes of the Account API's OpenAPI document (20400–20406).
// https://developer.ebay.com/api-docs/sell/static/inventory/publishing-offers.html: "sellers need to opt
// in to business policies … All three policies are required to publish offers."
// Domestic services: EBAY_DE's, valid for the selling flow, with a cost type they support and their
// own carrier (ebay-shipping-services.mjs); any other is refused as eBay refuses an unknown service.
import { ebayError, INVALID_TOKEN, isRecord, needsJson } from "./ebay-answers.mjs";
import { domesticServiceProblem } from "./ebay-shipping-services.mjs";

export const SELLING_POLICY_MANAGEMENT = "SELLING_POLICY_MANAGEMENT";
/** ProgramTypeEnum (https://developer.ebay.com/api-docs/sell/account/types/api:ProgramTypeEnum). */
const PROGRAM_TYPES = new Set(["OUT_OF_STOCK_CONTROL", "PARTNER_MOTORS_DEALER", SELLING_POLICY_MANAGEMENT]);
const CATEGORY_TYPES = new Set(["ALL_EXCLUDING_MOTORS_VEHICLES", "MOTORS_VEHICLES"]);
const TIME_UNITS = new Set(["YEAR", "MONTH", "DAY", "HOUR", "CALENDAR_DAY", "BUSINESS_DAY", "MINUTE", "SECOND", "MILLISECOND"]);

/**
 * @typedef {import("./types").JsonObject} JsonObject
 * @typedef {import("./types").Answer} Answer
 * @typedef {import("./types").ScopedEbayError} ScopedEbayError
 * @typedef {import("./types").SellerApi} SellerApi
 * @typedef {import("./types").FakeEbayState} FakeEbayState
 * @typedef {import("./types").SellerAccount} SellerAccount
 * @typedef {"fulfillment" | "payment" | "returns"} PolicyKind
 */

/**
 * A seller as a new eBay account starts: no programme, no policy, no location.
 * @returns {SellerAccount}
 */
export function newSellerAccount() {
  return { programs: new Set(), fulfillment: [], payment: [], returns: [], locations: [], optInDelayed: false, optInRequested: false };
}

/** @type {ScopedEbayError} */
const accountError = (status, errorId, message, parameters = []) =>
  ebayError(status, errorId, message, parameters, "REQUEST", "API_ACCOUNT");

/**
 * The Account API of one fake eBay: a seller's business policies and programmes.
 * @param {FakeEbayState} state
 * @returns {SellerApi}
 */
export function accountApi({ next }) {
  return {
    prefix: "/sell/account/",
    sellerRefusal: INVALID_TOKEN,
    routes: [
      // The seller's business policies for a marketplace.
      {
        method: "GET",
        pattern: /^\/sell\/account\/v1\/(fulfillment_policy|payment_policy|return_policy)$/,
        handler: ({ url, seller }, [, kind]) => {
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
          const [key, list] = lists[kind];
          return [200, { [key]: list, total: list.length }];
        },
      },
      {
        method: "GET",
        pattern: /^\/sell\/account\/v1\/program\/get_opted_in_programs$/,
        handler: ({ seller }) => [200, { programs: [...seller.programs].map((programType) => ({ programType })) }],
      },
      {
        method: "POST",
        pattern: /^\/sell\/account\/v1\/program\/opt_in$/,
        handler: ({ headers, body, seller }) => {
          const [parsed, problem] = needsJson(headers, body);
          if (problem) return problem;
          if (typeof parsed.programType !== "string")
            return accountError(400, 20401, "Missing field programType.", [["fieldName", "programType"]]);
          if (!PROGRAM_TYPES.has(parsed.programType)) return [404, null];
          if (seller.programs.has(parsed.programType) || (seller.optInRequested && parsed.programType === SELLING_POLICY_MANAGEMENT))
            return ebayError(409, 25803, "programType already exists.", [["fieldName", "programType"]], "BUSINESS", "API_ACCOUNT");
          // eBay may take up to 24 hours; a test holds it back with /__control/opt-in-delay.
          if (parsed.programType === SELLING_POLICY_MANAGEMENT && seller.optInDelayed) seller.optInRequested = true;
          else seller.programs.add(parsed.programType);
          return [200, {}];
        },
      },
      {
        method: "POST",
        pattern: /^\/sell\/account\/v1\/(fulfillment_policy\/|payment_policy|return_policy)$/,
        handler: ({ headers, body, seller }, [, path]) => {
          const [parsed, problem] = needsJson(headers, body);
          if (problem) return problem;
          /** @type {Record<string, PolicyKind>} */
          const kinds = { "fulfillment_policy/": "fulfillment", payment_policy: "payment", return_policy: "returns" };
          return createPolicy(kinds[path], parsed, seller, () => next(""), accountError);
        },
      },
    ],
  };
}

const ID_FIELD = { fulfillment: "fulfillmentPolicyId", payment: "paymentPolicyId", returns: "returnPolicyId" };

/**
 * @param {PolicyKind} kind
 * @param {JsonObject} policy
 * @param {SellerAccount} seller
 * @param {() => string} nextId
 * @param {ScopedEbayError} accountError
 * @returns {Answer}
 */
function createPolicy(kind, policy, seller, nextId, accountError) {
  if (!seller.programs.has(SELLING_POLICY_MANAGEMENT))
    return accountError(400, 20403, "Invalid . User is not eligible for Business Policy.", [["programType", SELLING_POLICY_MANAGEMENT]]);
  if (policy.name === undefined) return accountError(400, 20401, "Missing field name.", [["fieldName", "name"]]);
  if (typeof policy.name !== "string" || policy.name.trim() === "" || policy.name.length > 64)
    return accountError(400, 20403, "Invalid name. The name must be 1–64 characters.", [["fieldName", "name"]]);
  if (policy.marketplaceId === undefined) return accountError(400, 20401, "Missing field marketplaceId.", [["fieldName", "marketplaceId"]]);
  if (policy.marketplaceId !== "EBAY_DE")
    return accountError(400, 20403, "Invalid marketplaceId. This seller sells on EBAY_DE.", [["fieldName", "marketplaceId"]]);
  if (policy.categoryTypes === undefined) return accountError(400, 20401, "Missing field categoryTypes.", [["fieldName", "categoryTypes"]]);
  if (
    !Array.isArray(policy.categoryTypes) ||
    policy.categoryTypes.length !== 1 ||
    !CATEGORY_TYPES.has(policy.categoryTypes[0]?.name) ||
    (kind === "returns" && policy.categoryTypes[0].name !== "ALL_EXCLUDING_MOTORS_VEHICLES")
  )
    return accountError(400, 20403, "Invalid categoryTypes. Give exactly one category type.", [["fieldName", "categoryTypes"]]);
  if (policy.description !== undefined && (typeof policy.description !== "string" || policy.description.length > 250))
    return accountError(400, 20403, "Invalid description. At most 250 characters.", [["fieldName", "description"]]);
  const list = seller[kind];
  const duplicate = list.find((entry) => entry.name === policy.name && entry.marketplaceId === policy.marketplaceId);
  if (duplicate)
    return accountError(400, 20400, "Invalid request. Duplicate Policy. A policy of this name exists for this marketplace.", [
      ["DuplicateProfileId", duplicate[ID_FIELD[kind]]],
    ]);
  const problem =
    kind === "fulfillment" ? fulfillmentProblem(policy, accountError) : kind === "returns" ? returnProblem(policy, accountError) : null;
  if (problem) return problem;
  const created = { ...policy, [ID_FIELD[kind]]: `6${nextId()}` };
  list.push(created);
  return [201, { ...created, warnings: [] }];
}

/** @type {(amount: unknown) => boolean} */
const amountOk = (amount) =>
  isRecord(amount) && typeof amount.value === "string" && /^\d{1,7}(\.\d{1,2})?$/.test(amount.value) && amount.currency === "EUR";

/**
 * @param {unknown} duration
 * @param {string} field
 * @param {ScopedEbayError} accountError
 */
function durationProblem(duration, field, accountError) {
  if (!isRecord(duration) || !TIME_UNITS.has(duration.unit) || !Number.isInteger(duration.value) || duration.value < 0)
    return accountError(400, 20403, `Invalid ${field}. A TimeDuration needs a unit and a whole value.`, [["fieldName", field]]);
  return null;
}

/**
 * @param {JsonObject} policy
 * @param {ScopedEbayError} accountError
 * @returns {Answer | null}
 */
function fulfillmentProblem(policy, accountError) {
  if (policy.localPickup !== undefined && typeof policy.localPickup !== "boolean")
    return accountError(400, 20403, "Invalid localPickup.", [["fieldName", "localPickup"]]);
  const options = policy.shippingOptions ?? [];
  if (!Array.isArray(options)) return accountError(400, 20403, "Invalid shippingOptions.", [["fieldName", "shippingOptions"]]);
  let services = 0;
  for (const option of options) {
    if (!["DOMESTIC", "INTERNATIONAL"].includes(option?.optionType))
      return accountError(400, 20401, "Missing field shippingOptions.optionType.", [["fieldName", "shippingOptions.optionType"]]);
    if (!["FLAT_RATE", "CALCULATED", "NOT_SPECIFIED"].includes(option.costType))
      return accountError(400, 20401, "Missing field shippingOptions.costType.", [["fieldName", "shippingOptions.costType"]]);
    const list = option.shippingServices ?? [];
    if (!Array.isArray(list) || list.length > (option.optionType === "DOMESTIC" ? 4 : 5))
      return accountError(400, 20403, "Invalid shippingServices. At most 4 domestic and 5 international services.", [
        ["fieldName", "shippingOptions.shippingServices"],
      ]);
    for (const service of list) {
      const serviceProblem = option.optionType === "DOMESTIC" ? domesticServiceProblem(service, option.costType) : null;
      if (serviceProblem)
        return accountError(400, 20403, `Invalid ${serviceProblem[0]}. ${serviceProblem[1]}`, [["fieldName", serviceProblem[0]]]);
      if (service.sortOrder !== undefined && (!Number.isInteger(service.sortOrder) || service.sortOrder < 1 || service.sortOrder > 4))
        return accountError(400, 20403, "Invalid sortOrder. Use 1–4 for domestic services.", [["fieldName", "sortOrder"]]);
      if (option.costType === "FLAT_RATE" && service.freeShipping !== true && !amountOk(service.shippingCost))
        return accountError(400, 20401, "Missing field shippingCost. A flat-rate service without free shipping needs its cost.", [
          ["fieldName", "shippingCost"],
        ]);
      services += 1;
    }
  }
  if (services === 0 && policy.localPickup !== true)
    return accountError(400, 20401, "Missing field shippingOptions. Offer a shipping service or local pickup.", [
      ["fieldName", "shippingOptions"],
    ]);
  if (services > 0) {
    if (policy.handlingTime === undefined)
      return accountError(400, 20401, "Missing field handlingTime. It is required when shipping is offered.", [
        ["fieldName", "handlingTime"],
      ]);
    return durationProblem(policy.handlingTime, "handlingTime", accountError);
  }
  return null;
}

/**
 * @param {JsonObject} policy
 * @param {ScopedEbayError} accountError
 */
function returnProblem(policy, accountError) {
  if (typeof policy.returnsAccepted !== "boolean") return accountError(400, 20401, "Missing field .", [["fieldName", "returnsAccepted"]]);
  if (!policy.returnsAccepted) return null;
  if (policy.returnPeriod === undefined) return accountError(400, 20401, "Missing field .", [["fieldName", "returnPeriod"]]);
  // EBAY_DE allows 14, 30 and 60 days (Metadata API getReturnPolicies, returnPeriods).
  if (policy.returnPeriod?.unit !== "DAY" || ![14, 30, 60].includes(policy.returnPeriod?.value))
    return accountError(400, 20406, "Invalid return option", [["fieldName", "returnPeriod"]]);
  if (!["BUYER", "SELLER"].includes(policy.returnShippingCostPayer))
    return accountError(400, 20401, "Missing field .", [["fieldName", "returnShippingCostPayer"]]);
  return null;
}
