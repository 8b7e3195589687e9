// The fake eBay's Taxonomy API (errors: x-response-codes of commerce_taxonomy_v1_oas3): the default
// category tree of EBAY_DE, the whole tree, category suggestions (under /sandbox/ as eBay's sandbox
// answers them, ADR 072) and a category's aspects, from ebay-catalog.mjs. It takes an application
// token only (the contract check in ebay.mjs, ADR 072).
import { ebayError } from "./ebay-answers.mjs";
import { aspectsJson, categoryById, categoryTreeJson, sandboxSuggestions, suggestionsFor } from "./ebay-catalog.mjs";

/** @typedef {import("./types").OpenApi} OpenApi */

const TREE = "^/commerce/taxonomy/v1/category_tree/([^/]+)";

/** @type {OpenApi} */
export const taxonomyApi = {
  prefix: "/commerce/taxonomy/",
  routes: [
    {
      method: "GET",
      pattern: /^\/commerce\/taxonomy\/v1\/get_default_category_tree_id$/,
      handler: ({ url }) => {
        if (url.searchParams.get("marketplace_id") !== "EBAY_DE") return ebayError(400, 62004, "The marketplace_id is missing or invalid.");
        return [200, { categoryTreeId: "77", categoryTreeVersion: "129" }];
      },
    },
    {
      method: "GET",
      pattern: new RegExp(`${TREE}$`),
      handler: (_request, [, treeId]) => {
        if (treeId !== "77") return ebayError(404, 62004, "The specified category tree ID was not found.");
        return [200, categoryTreeJson("77", "129")];
      },
    },
    {
      method: "GET",
      pattern: new RegExp(`${TREE}/get_category_suggestions$`),
      handler: ({ url, sandbox }, [, treeId]) => {
        if (treeId !== "77") return ebayError(400, 62004, "The specified category tree ID was not found.");
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
      },
    },
    {
      method: "GET",
      pattern: new RegExp(`${TREE}/get_item_aspects_for_category$`),
      handler: ({ url }, [, treeId]) => {
        if (treeId !== "77") return ebayError(400, 62004, "The specified category tree ID was not found.");
        const id = url.searchParams.get("category_id");
        if (!id) return ebayError(400, 62006, "Missing category ID.");
        const category = categoryById(id);
        if (!category) return ebayError(400, 62005, "The specified category ID does not belong to specified category tree.");
        return [200, { categoryId: category.id, categoryTreeId: "77", aspects: aspectsJson(category) }];
      },
    },
  ],
};
