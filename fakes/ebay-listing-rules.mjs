// The fake eBay's rules for a listing's own content (ADR 046), each as eBay documents it and
// refused with the errorId eBay documents for it (x-response-codes of
// https://developer.ebay.com/api-docs/master/sell/inventory/openapi/3/sell_inventory_v1_oas3.json):
// - pictures: "URLs must use the HTTPS protocol", 1–24 (slr:Product.imageUrls) → 25015 invalid picture URL;
// - aspects: name ≤ 40, value ≤ 50 characters (slr:Product.aspects) → 25016; at publish a required
//   aspect missing → 25029 "{field} is required for this category", a value outside a
//   SELECTION_ONLY list or several values for a SINGLE aspect → 25032 "{field} is not valid";
// - condition: one the category's policy allows (getItemConditionPolicies) → 25021;
// - listingDuration: "For fixed-price listings, this value must be set to GTC" and is required
//   to publish (slr:EbayOfferDetailsWithKeys) → 25709 when another value is sent, 25017 (missing
//   information) when absent at publish;
// - bestOfferTerms: autoAcceptPrice below the price, autoDeclinePrice below the price and the
//   accept price, both only with bestOfferEnabled (slr:BestOffer) → 25709;
// - packageWeightAndSize: weight and dimensions are required when calculated shipping is used
//   (slr:PackageWeightAndSize) → 25020 invalid shipping package details.
// Every error names only eBay's documented parameters ({additionalInfo}, {field}, {fieldName}).
import { ebayError } from "./ebay-answers.mjs";
import { categoryById, CONDITION_IDS } from "./ebay-catalog.mjs";

/**
 * @typedef {import("./types").JsonObject} JsonObject
 * @typedef {import("./types").Answer} Answer
 * @typedef {import("./ebay-catalog.mjs").Category} Category
 */

/** @type {(value: unknown) => value is JsonObject} */
const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A 400 in eBay's error shape with the named parameters.
 * @param {number} errorId
 * @param {string} message
 * @param {Record<string, string>} parameters
 * @returns {Answer}
 */
const error = (errorId, message, parameters) => ebayError(400, errorId, message, Object.entries(parameters));

const PICTURE_URL = /^https:\/\/[^\s;]+$/;
const WEIGHT_UNITS = new Set(["GRAM", "KILOGRAM", "OUNCE", "POUND"]);
const LENGTH_UNITS = new Set(["CENTIMETER", "METER", "INCH", "FEET"]);

/** @param {unknown} value */
function positiveNumber(value) {
  return typeof value === "number" && Number.isFinite(value) && value > 0;
}

/**
 * createOrReplaceInventoryItem: pictures, aspects and package details as sent.
 * @param {JsonObject} item
 */
export function inventoryContentProblem(item) {
  const product = item.product;
  const urls = product.imageUrls;
  if (!Array.isArray(urls) || urls.length < 1 || urls.length > 24)
    return error(25014, "The eBay listing associated with the inventory item has invalid pictures. 1–24 pictures are needed.", {
      additionalInfo: "product.imageUrls",
    });
  const insecure = urls.find((url) => typeof url !== "string" || !PICTURE_URL.test(url));
  if (insecure !== undefined)
    return error(
      25015,
      "The eBay listing associated with the inventory item, or the unpublished offer has an invalid picture URL. Picture URLs must use HTTPS.",
      { additionalInfo: String(insecure) },
    );
  if (product.aspects !== undefined) {
    if (!isRecord(product.aspects))
      return error(25016, "The product.aspects value is invalid.", { fieldName: "product.aspects", additionalInfo: "an object" });
    for (const [name, values] of Object.entries(product.aspects)) {
      if (name.length > 40)
        return error(25016, `The product.aspects value is invalid. Aspect names have at most 40 characters.`, {
          fieldName: "product.aspects",
          additionalInfo: name,
        });
      if (!Array.isArray(values) || values.some((value) => typeof value !== "string" || value.length > 50))
        return error(25016, `The product.aspects value is invalid. ${name}: values are strings of at most 50 characters.`, {
          fieldName: "product.aspects",
          additionalInfo: name,
        });
    }
  }
  const pack = item.packageWeightAndSize;
  if (pack !== undefined) {
    const weight = pack?.weight;
    const dimensions = pack?.dimensions;
    const weightOk = weight === undefined || (positiveNumber(weight.value) && WEIGHT_UNITS.has(weight.unit));
    const dimensionsOk =
      dimensions === undefined ||
      (positiveNumber(dimensions.length) &&
        positiveNumber(dimensions.width) &&
        positiveNumber(dimensions.height) &&
        LENGTH_UNITS.has(dimensions.unit));
    if (!isRecord(pack) || !weightOk || !dimensionsOk)
      return error(
        25020,
        "The eBay listing associated with the inventory item, or the unpublished offer has invalid shipping package details. Weight needs value and unit; dimensions need length, width, height and unit.",
        { additionalInfo: "packageWeightAndSize" },
      );
  }
  return null;
}

/** @param {unknown} amount */
function cents(amount) {
  return isRecord(amount) && typeof amount.value === "string" && /^\d{1,7}(\.\d{1,2})?$/.test(amount.value)
    ? Math.round(Number(amount.value) * 100)
    : null;
}

/**
 * createOffer / updateOffer: listingDuration and the Best Offer limits.
 * @param {JsonObject} offer
 */
export function offerTermsProblem(offer) {
  if (offer.listingDuration !== undefined && offer.listingDuration !== "GTC")
    return error(25709, "Invalid value for listingDuration. For fixed-price listings, this value must be set to GTC.", {
      fieldName: "listingDuration",
    });
  const terms = offer.listingPolicies?.bestOfferTerms;
  if (terms === undefined) return null;
  const price = cents(offer.pricingSummary?.price);
  const field = (/** @type {string} */ name) => `listingPolicies.bestOfferTerms.${name}`;
  for (const name of ["autoAcceptPrice", "autoDeclinePrice"]) {
    if (terms[name] === undefined) continue;
    const value = cents(terms[name]);
    if (terms.bestOfferEnabled !== true)
      return error(25709, `Invalid value for ${field(name)}. It applies only when bestOfferEnabled is true.`, { fieldName: field(name) });
    if (value === null || terms[name].currency !== "EUR" || price === null || value >= price)
      return error(25709, `Invalid value for ${field(name)}. It must be lower than the Buy It Now price.`, { fieldName: field(name) });
  }
  if (terms.autoAcceptPrice !== undefined && terms.autoDeclinePrice !== undefined) {
    if (Number(cents(terms.autoDeclinePrice)) >= Number(cents(terms.autoAcceptPrice)))
      return error(25709, `Invalid value for ${field("autoDeclinePrice")}. It must be lower than the autoAcceptPrice.`, {
        fieldName: field("autoDeclinePrice"),
      });
  }
  return null;
}

/**
 * Whether a fulfillment policy uses calculated shipping on any of its options.
 * @param {JsonObject | undefined} policy
 */
function calculated(policy) {
  return (policy?.shippingOptions ?? []).some((/** @type {JsonObject} */ option) => option.costType === "CALCULATED");
}

/**
 * publishOffer: what the listing needs in its category, given its item and fulfillment policy.
 * @param {JsonObject} offer an offer whose category exists
 * @param {JsonObject} item
 * @param {JsonObject | undefined} fulfillment
 */
export function listingProblem(offer, item, fulfillment) {
  if (offer.listingDuration === undefined)
    return error(25017, "Missing information in fields. listingDuration is required to publish a fixed-price offer (GTC).", {
      additionalInfo: "listingDuration",
    });
  const category = /** @type {Category} */ (categoryById(offer.categoryId));
  const allowed = category.conditions.filter(([, , usage]) => usage !== "RESTRICTED").map(([id]) => id);
  if (!allowed.includes(CONDITION_IDS[item.condition]))
    return error(
      25021,
      `The eBay listing associated with the inventory item, or the unpublished offer has invalid item condition information. The condition ${item.condition} is not allowed in category ${category.id}.`,
      { additionalInfo: `condition ${item.condition}` },
    );
  const aspects = item.product.aspects ?? {};
  for (const [name, spec] of category.aspects) {
    const given = (aspects[name] ?? []).filter((/** @type {string} */ value) => value.trim() !== "");
    if (spec.required && given.length === 0) return error(25029, `${name} is required for this category.`, { field: name });
    if (!spec.multi && given.length > 1) return error(25032, `${name} is not valid`, { field: name });
    if (spec.mode === "SELECTION_ONLY" && given.some((/** @type {string} */ value) => !spec.values.includes(value)))
      return error(25032, `${name} is not valid`, { field: name });
  }
  if (calculated(fulfillment)) {
    const pack = item.packageWeightAndSize;
    if (!pack?.weight || !pack?.dimensions)
      return error(
        25020,
        "The eBay listing associated with the inventory item, or the unpublished offer has invalid shipping package details. The package weight is not valid or is missing.",
        { additionalInfo: "packageWeightAndSize" },
      );
  }
  return null;
}
