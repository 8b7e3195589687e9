// The request checker over eBay's OpenAPI documents (fakes/ebay-contract.mjs, ADR 044): it finds the
// documented operation of a request, closes every object, checks types, arrays, required and
// undocumented parameters, and reads OpenAPI 3.0's own schema rules (nullable, $ref).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { checkEbayRequest, contractRefusal, loadEbayContract } from "../../fakes/ebay-contract.mjs";

const JSON_HEADERS = { "content-type": "application/json", "content-language": "de-DE", authorization: "Bearer t" };

function check(method: string, path: string, body?: unknown, headers: Record<string, string> = JSON_HEADERS) {
  return checkEbayRequest({
    method,
    url: new URL(path, "http://127.0.0.1"),
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
}

const item = (product: Record<string, unknown> = {}) => ({
  availability: { shipToLocationAvailability: { quantity: 1 } },
  condition: "USED_GOOD",
  product: { title: "Rennrad", description: "<p>gut</p>", aspects: { Marke: ["Canyon"] }, imageUrls: ["https://a.de/1.jpg"], ...product },
});

describe("the documented operation of a request", () => {
  it.each([
    ["GET", "/sell/account/v1/fulfillment_policy?marketplace_id=EBAY_DE", "getFulfillmentPolicies"],
    // eBay documents this one with a trailing slash; the others without.
    ["POST", "/sell/account/v1/fulfillment_policy/", "createFulfillmentPolicy"],
    ["POST", "/sell/account/v1/fulfillment_policy", "createFulfillmentPolicy"],
    ["POST", "/sell/account/v1/payment_policy", "createPaymentPolicy"],
    ["POST", "/sell/account/v1/return_policy", "createReturnPolicy"],
    ["POST", "/sell/account/v1/program/opt_in", "optInToProgram"],
    ["GET", "/sell/account/v1/program/get_opted_in_programs", "getOptedInPrograms"],
    ["POST", "/sell/inventory/v1/location/zuhause-10115", "createInventoryLocation"],
    ["GET", "/sell/inventory/v1/offer?sku=ap-1&marketplace_id=EBAY_DE", "getOffers"],
    ["POST", "/sell/inventory/v1/offer/123/publish", "publishOffer"],
    ["PUT", "/sell/inventory/v1/offer/123", "updateOffer"],
    [
      "GET",
      "/sell/metadata/v1/marketplace/EBAY_DE/get_item_condition_policies?filter=categoryIds%3A%7B20667%7D",
      "getItemConditionPolicies",
    ],
    ["POST", "/commerce/media/v1_beta/image/create_image_from_file", "createImageFromFile"],
    ["POST", "/commerce/media/v1_beta/image/create_image_from_url", "createImageFromUrl"],
    ["GET", "/commerce/notification/v1/public_key/key-1", "getPublicKey"],
  ])("%s %s is %s", (method, path, operationId) => {
    expect(check(method, path).operationId).toBe(operationId);
  });

  it("names a path or a method no document has", () => {
    expect(check("GET", "/sell/inventory/v1/inventory_items")).toEqual({
      operationId: null,
      violations: [expect.objectContaining({ in: "path", message: expect.stringContaining("no documented operation") })],
    });
    expect(check("DELETE", "/sell/inventory/v1/location").violations[0].message).toContain("documented: GET");
  });
});

describe("parameters", () => {
  it("requires what the document requires, header names in any case", () => {
    expect(check("GET", "/commerce/taxonomy/v1/category_tree/77/get_item_aspects_for_category").violations).toEqual([
      expect.objectContaining({ in: "query", name: "category_id" }),
    ]);
    const noLanguage = check("PUT", "/sell/inventory/v1/inventory_item/ap-1", item(), { "content-type": "application/json" });
    expect(noLanguage.violations).toEqual([expect.objectContaining({ in: "header", name: "Content-Language" })]);
    expect(check("PUT", "/sell/inventory/v1/inventory_item/ap-1", item()).violations).toEqual([]);
  });

  it("refuses a query parameter the operation does not document", () => {
    expect(check("GET", "/sell/inventory/v1/location?limit=100&marketplace_id=EBAY_DE").violations).toEqual([
      expect.objectContaining({ in: "query", name: "marketplace_id" }),
    ]);
  });
});

describe("the body, every object closed", () => {
  const offer = (listingPolicies: Record<string, unknown>) => ({
    sku: "ap-1",
    marketplaceId: "EBAY_DE",
    format: "FIXED_PRICE",
    listingDuration: "GTC",
    pricingSummary: { price: { value: "120.00", currency: "EUR" } },
    listingPolicies: { fulfillmentPolicyId: "1", paymentPolicyId: "2", returnPolicyId: "3", ...listingPolicies },
  });

  it("refuses a field the document does not define, at any depth, naming the documented type", () => {
    expect(check("POST", "/sell/inventory/v1/offer", offer({ bestOfferTerms: { bestOfferEnabled: true } })).violations).toEqual([]);
    expect(check("POST", "/sell/inventory/v1/offer", offer({ bestOfferTerm: { bestOfferEnabled: true } })).violations).toEqual([
      {
        in: "body",
        name: "listingPolicies.bestOfferTerm",
        message: "listingPolicies.bestOfferTerm is not a documented field (ListingPolicies)",
      },
    ]);
    const overrides = [{ priority: 1, shippingServiceType: "DOMESTIC", shippingCost: { value: "4.99", currency: "EUR", amount: "4.99" } }];
    expect(check("POST", "/sell/inventory/v1/offer", offer({ shippingCostOverrides: overrides })).violations).toEqual([
      expect.objectContaining({
        name: "listingPolicies.shippingCostOverrides[0].shippingCost.amount",
        message: expect.stringContaining("(Amount)"),
      }),
    ]);
  });

  it("checks types, arrays and their items", () => {
    const wrong = check("PUT", "/sell/inventory/v1/inventory_item/ap-1", {
      ...item({ imageUrls: "https://a.de/1.jpg" }),
      availability: { shipToLocationAvailability: { quantity: "1" } },
    });
    expect(wrong.violations.map((violation) => violation.message)).toEqual([
      "availability.shipToLocationAvailability.quantity must be integer (ShipToLocationAvailability)",
      "product.imageUrls must be array (Product)",
    ]);
    expect(check("PUT", "/sell/inventory/v1/inventory_item/ap-1", item({ imageUrls: ["https://a.de/1.jpg", 2] })).violations).toEqual([
      expect.objectContaining({ name: "product.imageUrls[1]", message: expect.stringContaining("must be string") }),
    ]);
  });

  it("reads Product.aspects as its description shows it: names to arrays of strings (ERRATA)", () => {
    expect(
      check("PUT", "/sell/inventory/v1/inventory_item/ap-1", item({ aspects: { Marke: ["Canyon"], Farbe: ["Rot", "Schwarz"] } }))
        .violations,
    ).toEqual([]);
    expect(check("PUT", "/sell/inventory/v1/inventory_item/ap-1", item({ aspects: { Marke: "Canyon" } })).violations).toEqual([
      expect.objectContaining({ name: "product.aspects.Marke", message: expect.stringContaining("must be array") }),
    ]);
  });

  it("wants the documented body and media type", () => {
    expect(check("PUT", "/sell/inventory/v1/inventory_item/ap-1").violations).toEqual([expect.objectContaining({ in: "body" })]);
    expect(
      check("PUT", "/sell/inventory/v1/inventory_item/ap-1", item(), { "content-type": "text/plain", "content-language": "de-DE" })
        .violations,
    ).toEqual([expect.objectContaining({ in: "header", name: "Content-Type" })]);
    expect(check("POST", "/sell/inventory/v1/offer/123/publish", {}).violations).toEqual([
      expect.objectContaining({ message: "publishOffer documents no request body" }),
    ]);
  });
});

describe("OpenAPI 3.0 schema rules", () => {
  it("turns nullable, $ref (siblings ignored) and enum into JSON Schema", () => {
    const directory = mkdtempSync(join(tmpdir(), "oas-"));
    writeFileSync(
      join(directory, "sample_oas3.json"),
      JSON.stringify({
        openapi: "3.0.0",
        info: { title: "Sample", version: "1" },
        servers: [{ url: "https://api.ebay.com{basePath}", variables: { basePath: { default: "/sample/v1" } } }],
        paths: {
          "/thing/{id}": {
            put: {
              operationId: "putThing",
              parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
              requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
            },
          },
        },
        components: {
          schemas: {
            Thing: {
              type: "object",
              properties: {
                note: { type: "string", nullable: true, description: "may be null" },
                kind: { type: "string", enum: ["A", "B"] },
                part: { $ref: "#/components/schemas/Part", description: "a sibling OpenAPI 3.0 ignores", type: "string" },
              },
            },
            Part: { type: "object", properties: { size: { type: "integer", format: "int32" } } },
          },
        },
      }),
    );
    const contract = loadEbayContract({ directory: pathToFileURL(`${directory}/`), documents: ["sample_oas3.json"] });
    const put = (body: unknown) =>
      contract.check({ method: "PUT", url: new URL("http://x/sample/v1/thing/1"), headers: JSON_HEADERS, body: JSON.stringify(body) })
        .violations;
    expect(put({ note: null, kind: "A", part: { size: 3 } })).toEqual([]);
    expect(put({ kind: "C" })).toEqual([expect.objectContaining({ name: "kind", message: "kind must be one of A, B (Thing)" })]);
    expect(put({ part: { size: 2 ** 31 } })).toEqual([
      expect.objectContaining({ name: "part.size", message: expect.stringContaining("int32") }),
    ]);
    expect(put({ part: { size: 1, extra: true } })).toEqual([expect.objectContaining({ name: "part.extra" })]);
  });
});

describe("the token, against each operation's documented security (ADR 072)", () => {
  const API = "https://api.ebay.com/oauth/api_scope";
  const user = { grant: "authorization_code", scopes: [API, `${API}/sell.inventory`, `${API}/sell.account`] };
  const application = { grant: "client_credentials", scopes: [API] };
  const withToken = (path: string, token: { grant: string; scopes: string[] } | null) =>
    checkEbayRequest({ method: "GET", url: new URL(path, "http://127.0.0.1"), headers: JSON_HEADERS, token }).violations;
  const suggestions = "/commerce/taxonomy/v1/category_tree/77/get_category_suggestions?q=Jacke";
  const conditions = "/sell/metadata/v1/marketplace/EBAY_DE/get_item_condition_policies?filter=categoryIds%3A%7B1%7D";

  it("takes only an application token on the Taxonomy API, whose document declares only client credentials", () => {
    expect(withToken(suggestions, application)).toEqual([]);
    // The user token carries the application scope too; its grant is what the document does not take.
    expect(withToken(suggestions, user)).toEqual([
      {
        in: "token",
        name: "grant",
        message: `getCategorySuggestions takes an application token (client credentials) with one of ${API}; this is a user token (authorization code) with ${user.scopes.join(", ")}`,
      },
    ]);
  });

  it("takes a user token with one of the listed scopes on the seller's APIs, either kind where both flows are listed", () => {
    expect(withToken("/sell/inventory/v1/location?limit=100", user)).toEqual([]);
    expect(withToken("/sell/inventory/v1/location?limit=100", application)).toEqual([expect.objectContaining({ name: "grant" })]);
    expect(withToken("/sell/inventory/v1/location?limit=100", { ...user, scopes: [API, `${API}/sell.account`] })).toEqual([
      expect.objectContaining({ in: "token", name: "scope" }),
    ]);
    expect(withToken(conditions, user)).toEqual([]);
    expect(withToken(conditions, application)).toEqual([]);
  });

  it("is refused before anything else: none with 401 1001, a wrong one with 403 1100 Access denied", () => {
    expect(contractRefusal({ operationId: "getCategorySuggestions", violations: withToken(suggestions, null) })).toEqual([
      401,
      { errors: [expect.objectContaining({ errorId: 1001, message: "Invalid access token" })] },
    ]);
    const wrong = withToken("/sell/account/v1/fulfillment_policy", application);
    expect(wrong.map((violation) => violation.in)).toEqual(["token", "query"]);
    expect(contractRefusal({ operationId: "getFulfillmentPolicies", violations: wrong })).toEqual([
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
    ]);
  });
});

describe("eBay's answer to a violation", () => {
  it("is 2004 Invalid request per violation, or 404 2002 Resource not found for an undocumented path", () => {
    expect(contractRefusal({ operationId: "getOffer", violations: [] })).toBeNull();
    expect(contractRefusal(check("GET", "/sell/account/v1/fulfillment_policy"))).toEqual([
      400,
      {
        errors: [
          {
            errorId: 2004,
            domain: "ACCESS",
            category: "REQUEST",
            message: "Invalid request. marketplace_id is required",
            longMessage: "Request has errors. For help, see the documentation for this API.",
            parameters: [{ name: "query", value: "marketplace_id" }],
          },
        ],
      },
    ]);
    expect(contractRefusal(check("GET", "/sell/nothing/v1"))?.[1].errors[0]).toMatchObject({ errorId: 2002 });
    expect(contractRefusal(check("GET", "/sell/nothing/v1"))?.[0]).toBe(404);
  });
});
