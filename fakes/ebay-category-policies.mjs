// The fake eBay's category policies beyond conditions and aspects (ADR 073), in the Metadata API's
// shapes (contracts/ebay/sell_metadata_v1_oas3.json), and what publishOffer refuses by them:
// - negotiated-price policies (getNegotiatedPricePolicies, sel:NegotiatedPricePolicy): "A seller
//   can enable the Best Offer feature for a listing as long as the category supports the Best
//   Offer feature" (slr:BestOffer.bestOfferEnabled). A category without any Best Offer feature
//   refuses bestOfferEnabled, one without auto-decline an autoDeclinePrice, with the Inventory API's
//   documented 25024 "Invalid Best Offer information. {additionalInfo}";
// - regulatory policies (getRegulatoryPolicies, sel:RegulatoryPolicy, sel:RegulatoryAttributeEnum):
//   the EU General Product Safety Regulation's manufacturer contact, required in the categories of
//   toys and baby gear, recommended elsewhere. A business seller's listing in a category that
//   requires it is refused without the manufacturer (25111); a regulatory container sent is
//   checked as slr:Regulatory documents it: company names (25111, 25114), a complete address
//   where one is given (25110, 25113), one form of contact (25118, 25119), a responsible person's
//   type (25116) and the manufacturer or a responsible person in the EU (25115). Private sellers
//   are not held to GPSR.
// - condition descriptors (getItemConditionPolicies' conditionDescriptors, slr:ConditionDescriptor):
//   a descriptor the condition requires, with one of its values → 25021 "Invalid condition
//   information. {additionalInfo}".
import { ebayError } from "./ebay-answers.mjs";
import { categoryById, CONDITION_IDS } from "./ebay-catalog.mjs";

const ALL_FEATURES = { bestOfferAutoAcceptEnabled: true, bestOfferAutoDeclineEnabled: true, bestOfferCounterEnabled: true };
const NO_BEST_OFFER = { bestOfferAutoAcceptEnabled: false, bestOfferAutoDeclineEnabled: false, bestOfferCounterEnabled: false };
/** Categories where eBay.de takes no price proposals (tickets). */
const WITHOUT_BEST_OFFER = new Set(["173634"]);

/** Toys and baby gear: the manufacturer contact is required (GPSR). */
const MANUFACTURER_REQUIRED = new Set(["19006", "238", "2550", "19192", "66700", "66692", "183454"]);

/** The EU's member states (ISO 3166-1 alpha-2), for "located in the EU" (25115). */
const EU = new Set("AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK".split(" "));

/**
 * @typedef {import("./types").JsonObject} JsonObject
 * @typedef {import("./types").Answer} Answer
 * @typedef {import("./ebay-catalog.mjs").Category} Category
 */

/** @type {(value: unknown) => value is JsonObject} */
const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
/** @type {(value: unknown) => boolean} */
const text = (value) => typeof value === "string" && value.trim() !== "";

/**
 * A 400 in eBay's error shape, naming what is wrong as `additionalInfo`.
 * @param {number} errorId
 * @param {string} message
 * @param {string} [additionalInfo]
 * @returns {Answer}
 */
const error = (errorId, message, additionalInfo) =>
  ebayError(400, errorId, message, additionalInfo === undefined ? [] : [["additionalInfo", additionalInfo]]);

/**
 * The category's negotiated-price policy as getNegotiatedPricePolicies answers it.
 * @param {Category} category
 */
export function negotiatedPricePolicyJson(category) {
  return { categoryId: category.id, categoryTreeId: "77", ...(WITHOUT_BEST_OFFER.has(category.id) ? NO_BEST_OFFER : ALL_FEATURES) };
}

/**
 * The category's regulatory policy as getRegulatoryPolicies answers it.
 * @param {Category} category
 */
export function regulatoryPolicyJson(category) {
  return {
    categoryId: category.id,
    categoryTreeId: "77",
    supportedAttributes: [
      { name: "MANUFACTURER_CONTACT", usage: MANUFACTURER_REQUIRED.has(category.id) ? "REQUIRED" : "RECOMMENDED" },
      { name: "PRODUCT_SAFETY", usage: "RECOMMENDED" },
    ],
  };
}

/**
 * publishOffer: Best Offer only where the category has the feature (and auto-decline only where that is).
 * @param {JsonObject} offer an offer whose category exists
 */
export function bestOfferProblem(offer) {
  const terms = offer.listingPolicies?.bestOfferTerms;
  if (!terms?.bestOfferEnabled) return null;
  const policy = negotiatedPricePolicyJson(/** @type {Category} */ (categoryById(offer.categoryId)));
  const supported = policy.bestOfferAutoAcceptEnabled || policy.bestOfferAutoDeclineEnabled || policy.bestOfferCounterEnabled;
  if (!supported)
    return error(
      25024,
      `Invalid Best Offer information. Best Offer is not available in category ${offer.categoryId}.`,
      "listingPolicies.bestOfferTerms.bestOfferEnabled",
    );
  if (terms.autoDeclinePrice !== undefined && !policy.bestOfferAutoDeclineEnabled)
    return error(
      25024,
      `Invalid Best Offer information. Category ${offer.categoryId} has no auto-decline price.`,
      "listingPolicies.bestOfferTerms.autoDeclinePrice",
    );
  return null;
}

/**
 * A party of slr:Regulatory (manufacturer or responsible person): company, address, contact.
 * @param {unknown} party
 * @param {{ name: number, address: number, contact: number }} ids
 * @param {string} label
 */
function partyProblem(party, ids, label) {
  if (!isRecord(party) || !text(party.companyName))
    return error(ids.name, `${label} information is incomplete. Please provide the company name.`, label);
  const address = ["addressLine1", "city", "postalCode", "country"];
  if (address.some((field) => party[field] !== undefined) && !address.every((field) => text(party[field])))
    return error(
      ids.address,
      `${label} address information is incomplete. When providing the address, please provide the street, city, postal code and country`,
      label,
    );
  if (!text(party.addressLine1) && !text(party.email) && !text(party.contactUrl) && !text(party.phone))
    return error(
      ids.contact,
      `Seller must provide at least one form of contact info for ${label} - either address, email, contact URL or phone.`,
      label,
    );
  return null;
}

/**
 * publishOffer: the regulatory container as sent, and the manufacturer where a business seller's category requires it.
 * @param {JsonObject} offer
 * @param {string} accountType
 */
export function regulatoryProblem(offer, accountType) {
  const regulatory = offer.regulatory;
  const required = MANUFACTURER_REQUIRED.has(offer.categoryId) && accountType === "BUSINESS";
  if (regulatory === undefined || regulatory === null) {
    return required
      ? error(25111, "Manufacturer information is incomplete. Please provide the company name.", "regulatory.manufacturer")
      : null;
  }
  if (regulatory.manufacturer !== undefined || required) {
    const problem = partyProblem(regulatory.manufacturer, { name: 25111, address: 25110, contact: 25118 }, "Manufacturer");
    if (problem) return problem;
  }
  const persons = regulatory.responsiblePersons ?? [];
  if (!Array.isArray(persons) || persons.length > 5)
    return error(25112, "Responsible Person structure incorrect for responsiblePersons. Max allowed number of entries is 5.");
  for (const person of persons) {
    const problem = partyProblem(person, { name: 25114, address: 25113, contact: 25119 }, "Responsible Person");
    if (problem) return problem;
    if (!Array.isArray(person.types) || person.types.length !== 1)
      return error(25116, "Please provide a minimum of 1 and a maximum of 1 types for a Responsible Person.");
  }
  const inEu = [regulatory.manufacturer, ...persons].some((party) => isRecord(party) && EU.has(party.country));
  if (regulatory.manufacturer !== undefined && !inEu)
    return error(25115, "Either the Manufacturer or at least one of the Responsible Persons must be located in the EU.");
  return null;
}

/**
 * publishOffer: the descriptors the item's condition requires in its category, each with one of its values.
 * @param {JsonObject} offer an offer whose category exists
 * @param {JsonObject} item
 */
export function conditionDescriptorProblem(offer, item) {
  const category = /** @type {Category} */ (categoryById(offer.categoryId));
  const entry = category.conditions.find(([id]) => id === CONDITION_IDS[item.condition]);
  const given = Array.isArray(item.conditionDescriptors) ? item.conditionDescriptors : [];
  for (const descriptor of entry?.[3] ?? []) {
    if (descriptor.conditionDescriptorConstraint.usage !== "REQUIRED") continue;
    const sent = given.find((/** @type {JsonObject | undefined} */ candidate) => candidate?.name === descriptor.conditionDescriptorId);
    const allowed = (descriptor.conditionDescriptorValues ?? []).map((value) => value.conditionDescriptorValueId);
    if (!sent || !Array.isArray(sent.values) || sent.values.length !== 1 || !allowed.includes(sent.values[0]))
      return error(
        25021,
        `Invalid condition information. Condition descriptor ${descriptor.conditionDescriptorId} (${descriptor.conditionDescriptorName}) is required for condition ${item.condition} in category ${category.id}.`,
        `conditionDescriptors ${descriptor.conditionDescriptorId}`,
      );
  }
  return null;
}
