// The fake eBay's Sell Inventory API (https://developer.ebay.com/api-docs/sell/inventory/overview.html),
// routed by ebay-router.mjs: inventory items, offers (create, read, update, publish, withdraw,
// bulk price update) and inventory locations, for the seller the token names. The flow is enforced
// (no offer without an inventory item; no publish without policies and a location; only a published
// offer can be withdrawn or repriced), and the listing's own content is checked as ADR 046 says
// (ebay-listing-rules.mjs, ebay-category-policies.mjs).
// Locations: https://developer.ebay.com/api-docs/sell/inventory/resources/location/methods/createInventoryLocation
// (merchantLocationKey ≤ 36 in the path, an address with a country and a postal code or city and
// state for a warehouse, 25800–25803; the key once only), getInventoryLocation, getInventoryLocations.
import { amountProblem, ebayError, INVALID_TOKEN, isRecord, needsContentLanguage, needsJson } from "./ebay-answers.mjs";
import { categoryById } from "./ebay-catalog.mjs";
import { bestOfferProblem, conditionDescriptorProblem, regulatoryProblem } from "./ebay-category-policies.mjs";
import { inventoryContentProblem, listingProblem, offerTermsProblem } from "./ebay-listing-rules.mjs";

/**
 * @typedef {import("./types").JsonObject} JsonObject
 * @typedef {import("./types").Answer} Answer
 * @typedef {import("./types").ErrorParameter} ErrorParameter
 * @typedef {import("./types").Headers} Headers
 * @typedef {import("./types").Seller} Seller
 * @typedef {import("./types").SellerAccount} SellerAccount
 * @typedef {import("./types").SellerApi} SellerApi
 * @typedef {import("./types").FakeEbayState} FakeEbayState
 */

const LOCATION_TYPES = new Set(["STORE", "WAREHOUSE", "FULFILLMENT_CENTER"]);

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
export function offerJson(offer) {
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
    listing: offer.listingId ? { listingId: offer.listingId, listingStatus: offer.status === "PUBLISHED" ? "ACTIVE" : "ENDED" } : undefined,
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
  const overrides = shippingOverridesProblem(body.listingPolicies?.shippingCostOverrides, previous?.listingPolicies?.shippingCostOverrides);
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
 * bulkUpdatePriceQuantity: new prices for published offers, one answer per offer.
 * @param {Seller} seller
 * @param {Headers} headers
 * @param {string} body
 * @returns {Answer}
 */
function bulkPrice(seller, headers, body) {
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

/**
 * @param {string} key
 * @param {JsonObject} location
 * @param {SellerAccount} seller
 * @returns {Answer}
 */
function createLocation(key, location, seller) {
  if (key.length < 1 || key.length > 36)
    return ebayError(400, 25800, "Invalid merchantLocationKey.", [["fieldName", "merchantLocationKey"]]);
  if (seller.locations.some((entry) => entry.merchantLocationKey === key))
    return ebayError(409, 25803, "merchantLocationKey already exists.", [["fieldName", "merchantLocationKey"]]);
  const types = location.locationTypes ?? ["WAREHOUSE"];
  if (!Array.isArray(types) || types.length === 0 || types.some((type) => !LOCATION_TYPES.has(type)))
    return ebayError(400, 25800, "Invalid locationTypes.", [["fieldName", "locationTypes"]]);
  const address = location.location?.address;
  if (!isRecord(address)) return ebayError(400, 25801, "Missing field location.address.", [["fieldName", "location.address"]]);
  if (typeof address.country !== "string") return ebayError(400, 25801, "Missing field country.", [["fieldName", "country"]]);
  if (!/^[A-Z]{2}$/.test(address.country)) return ebayError(400, 25800, "Invalid country.", [["fieldName", "country"]]);
  if (address.postalCode !== undefined && (typeof address.postalCode !== "string" || address.postalCode.length > 16))
    return ebayError(400, 25800, "Invalid postalCode.", [["fieldName", "postalCode"]]);
  if (address.country === "DE" && address.postalCode !== undefined && !/^\d{5}$/.test(address.postalCode))
    return ebayError(400, 25800, "Invalid postalCode.", [["fieldName", "postalCode"]]);
  // A warehouse needs a postal code, or a city and state; a store its full street address.
  if (!address.postalCode && !(address.city && address.stateOrProvince))
    return ebayError(400, 25801, "Missing field postalCode.", [["fieldName", "postalCode"]]);
  if (types.includes("STORE") && !(address.addressLine1 && address.city && address.stateOrProvince && address.postalCode))
    return ebayError(400, 25801, "Missing field addressLine1.", [["fieldName", "addressLine1"]]);
  if (location.name !== undefined && (typeof location.name !== "string" || location.name.length > 1000))
    return ebayError(400, 25800, "Invalid name.", [["fieldName", "name"]]);
  seller.locations.push({
    merchantLocationKey: key,
    name: location.name,
    location: { address },
    locationTypes: types,
    merchantLocationStatus: location.merchantLocationStatus ?? "ENABLED",
  });
  return [204, null];
}

const OFFER = /^\/sell\/inventory\/v1\/offer\/([^/]+)$/;
const OFFER_ACTION = /^\/sell\/inventory\/v1\/offer\/([^/]+)\/(publish|withdraw)$/;

/**
 * The offer the path names, or eBay's answer that it has none.
 * @param {Seller} seller
 * @param {string} offerId
 * @returns {[JsonObject, null] | [null, Answer]}
 */
function offerOf(seller, offerId) {
  const offer = seller.offers.get(offerId);
  return offer ? [offer, null] : [null, ebayError(404, 25713, "This offer is not available.", [["offerId", offerId]])];
}

/**
 * The Sell Inventory API of one fake eBay: inventory items, offers (create, read, update, publish,
 * withdraw, bulk price update) and inventory locations.
 * @param {FakeEbayState} state
 * @returns {SellerApi}
 */
export function inventoryApi({ next }) {
  return {
    prefix: "/sell/inventory/",
    sellerRefusal: INVALID_TOKEN,
    routes: [
      {
        method: "GET",
        pattern: /^\/sell\/inventory\/v1\/location$/,
        handler: ({ seller }) => [200, { locations: seller.locations, total: seller.locations.length, limit: 100, offset: 0 }],
      },
      {
        method: "GET",
        pattern: /^\/sell\/inventory\/v1\/location\/([^/]+)$/,
        handler: ({ seller }, [, key]) => {
          const found = seller.locations.find((entry) => entry.merchantLocationKey === decodeURIComponent(key));
          return found ? [200, found] : ebayError(404, 25805, "merchantLocationKey Not Found.", [["fieldName", "merchantLocationKey"]]);
        },
      },
      {
        method: "POST",
        pattern: /^\/sell\/inventory\/v1\/location\/([^/]+)$/,
        handler: ({ headers, body, seller }, [, key]) => {
          const [parsed, problem] = needsJson(headers, body);
          if (problem) return problem;
          return createLocation(decodeURIComponent(key), parsed, seller);
        },
      },
      // getInventoryItem: the item as stored, with the SKU and locale eBay adds (InventoryItemWithSkuLocaleGroupid).
      {
        method: "GET",
        pattern: /^\/sell\/inventory\/v1\/inventory_item\/([^/]+)$/,
        handler: ({ seller }, [, path]) => {
          const sku = decodeURIComponent(path);
          const stored = seller.items.get(sku);
          if (!stored) return ebayError(404, 25702, "The SKU could not be found.", [["sku", sku]]);
          return [200, { sku, locale: "de_DE", ...stored }];
        },
      },
      {
        method: "PUT",
        pattern: /^\/sell\/inventory\/v1\/inventory_item\/([^/]+)$/,
        handler: ({ headers, body, seller }, [, path]) => {
          const sku = decodeURIComponent(path);
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
        },
      },
      { method: "GET", pattern: /^\/sell\/inventory\/v1\/offer$/, handler: ({ url, seller }) => offersOfSku(seller, url.searchParams) },
      {
        method: "POST",
        pattern: /^\/sell\/inventory\/v1\/offer$/,
        handler: ({ headers, body, seller }) => {
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
        },
      },
      {
        method: "GET",
        pattern: OFFER,
        handler: ({ seller }, [, offerId]) => {
          const [offer, missing] = offerOf(seller, offerId);
          return offer ? [200, offerJson(offer)] : missing;
        },
      },
      {
        method: "PUT",
        pattern: OFFER,
        handler: ({ headers, body, seller }, [, offerId]) => {
          const [offer, missing] = offerOf(seller, offerId);
          if (!offer) return missing;
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
        },
      },
      {
        method: "POST",
        pattern: OFFER_ACTION,
        handler: ({ seller }, [, offerId, action]) => {
          const [offer, missing] = offerOf(seller, offerId);
          if (!offer) return missing;
          if (action === "withdraw") {
            if (offer.status !== "PUBLISHED")
              return ebayError(400, 25713, "Only a published offer can be withdrawn.", [["offerId", offer.offerId]]);
            offer.status = "UNPUBLISHED";
            return [200, { listingId: offer.listingId, warnings: [] }];
          }
          if (offer.status === "PUBLISHED") return ebayError(400, 25002, "The offer is already published.", [["offerId", offer.offerId]]);
          const publishError = publishProblem(seller, offer);
          if (publishError) return publishError;
          offer.status = "PUBLISHED";
          offer.listingId = offer.listingId ?? next("1100");
          return [200, { listingId: offer.listingId, warnings: [] }];
        },
      },
      // Any other method on an offer: eBay looks the offer up first (25713), then has no such operation.
      { method: "*", pattern: OFFER, handler: ({ seller }, [, offerId]) => offerOf(seller, offerId)[1] },
      { method: "*", pattern: OFFER_ACTION, handler: ({ seller }, [, offerId]) => offerOf(seller, offerId)[1] },
      {
        method: "POST",
        pattern: /^\/sell\/inventory\/v1\/bulk_update_price_quantity$/,
        handler: ({ headers, body, seller }) => bulkPrice(seller, headers, body),
      },
    ],
  };
}
