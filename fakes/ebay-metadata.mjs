// The fake eBay's Sell Metadata API: the categories' item condition, negotiated-price and regulatory
// policies for EBAY_DE (ebay-catalog.mjs, ebay-category-policies.mjs), filtered by category ids as
// eBay filters them, with its warnings for an invalid filter (46002) or an unknown category (46003).
// It takes an application or a user token (the contract check in ebay.mjs, ADR 072).
// https://developer.ebay.com/api-docs/sell/metadata/resources/marketplace/methods/getItemConditionPolicies
// https://developer.ebay.com/api-docs/sell/metadata/resources/marketplace/methods/getNegotiatedPricePolicies
// https://developer.ebay.com/api-docs/sell/metadata/resources/marketplace/methods/getRegulatoryPolicies
import { ebayError } from "./ebay-answers.mjs";
import { categoryById, conditionPolicyJson } from "./ebay-catalog.mjs";
import { negotiatedPricePolicyJson, regulatoryPolicyJson } from "./ebay-category-policies.mjs";

/**
 * @typedef {import("./types").OpenApi} OpenApi
 * @typedef {import("./types").Answer} Answer
 * @typedef {import("./ebay-catalog.mjs").Category} Category
 */

/**
 * One policy call: the answer's list field and one category's entry.
 * @param {string} key
 * @param {(category: Category) => object} policyJson
 * @returns {(request: { url: URL }, match: RegExpExecArray) => Answer}
 */
const policies =
  (key, policyJson) =>
  ({ url }, [, marketplace]) => {
    if (marketplace !== "EBAY_DE") return ebayError(400, 46001, "The specified marketplace ID was not found.");
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
    const answered = ids === null ? [] : found.filter((category) => category !== null).map(policyJson);
    const warnings = found.some((category) => !category)
      ? ebayError(200, 46003, "The specified categoryId was not found for the marketplace.")[1].errors
      : undefined;
    return [200, { [key]: answered, ...(warnings ? { warnings } : {}) }];
  };

const MARKETPLACE = "^/sell/metadata/v1/marketplace/([^/]+)";

/** @type {OpenApi} */
export const metadataApi = {
  prefix: "/sell/metadata/",
  routes: [
    {
      method: "GET",
      pattern: new RegExp(`${MARKETPLACE}/get_item_condition_policies$`),
      handler: policies("itemConditionPolicies", conditionPolicyJson),
    },
    {
      method: "GET",
      pattern: new RegExp(`${MARKETPLACE}/get_negotiated_price_policies$`),
      handler: policies("negotiatedPricePolicies", negotiatedPricePolicyJson),
    },
    {
      method: "GET",
      pattern: new RegExp(`${MARKETPLACE}/get_regulatory_policies$`),
      handler: policies("regulatoryPolicies", regulatoryPolicyJson),
    },
  ],
};
