// The parts of eBay's published OpenAPI 3 documents the adapter uses, written down as types for
// what we send and zod schemas for what we read (ADR 036: fetch, no SDK). Sources:
// - Sell Inventory v1: https://developer.ebay.com/api-docs/master/sell/inventory/openapi/3/sell_inventory_v1_oas3.yaml
// - Sell Account v1: https://developer.ebay.com/api-docs/master/sell/account/openapi/3/sell_account_v1_oas3.yaml
// - Taxonomy v1: https://developer.ebay.com/api-docs/master/commerce/taxonomy/openapi/3/commerce_taxonomy_v1_oas3.yaml
// - Sell Metadata v1: https://developer.ebay.com/api-docs/master/sell/metadata/openapi/3/sell_metadata_v1_oas3.json
// - Media v1_beta: https://developer.ebay.com/api-docs/master/commerce/media/openapi/3/commerce_media_v1_beta_oas3.json
// - OAuth: https://developer.ebay.com/api-docs/static/oauth-auth-code-grant-request.html
// Answers are parsed leniently (eBay adds fields); only what we read is required.
import { z } from "zod";

export const MARKETPLACE_ID = "EBAY_DE";

/**
 * slr:ConditionEnum (https://developer.ebay.com/api-docs/sell/inventory/types/slr:ConditionEnum),
 * the values a private or commercial seller may list with (the refurbished ones are restricted).
 */
export const CONDITION_VALUES = [
  "NEW",
  "NEW_OTHER",
  "NEW_WITH_DEFECTS",
  "LIKE_NEW",
  "PRE_OWNED_EXCELLENT",
  "USED_EXCELLENT",
  "USED_VERY_GOOD",
  "USED_GOOD",
  "PRE_OWNED_FAIR",
  "USED_ACCEPTABLE",
  "FOR_PARTS_OR_NOT_WORKING",
] as const;
export type ConditionEnum = (typeof CONDITION_VALUES)[number];

/** slr:Amount: a decimal string and an ISO 4217 code. */
export type Amount = { value: string; currency: "EUR" };

/** slr:PackageWeightAndSize, in the metric units (slr:Dimension, slr:Weight). */
export type PackageWeightAndSize = {
  dimensions: { length: number; width: number; height: number; unit: "CENTIMETER" };
  weight: { value: number; unit: "KILOGRAM" };
};

/** slr:InventoryItem (createOrReplaceInventoryItem body). */
export type InventoryItem = {
  availability: { shipToLocationAvailability: { quantity: number } };
  condition: ConditionEnum;
  conditionDescription?: string;
  /** slr:ConditionDescriptor: the descriptors the condition requires (trading cards, ADR 073). */
  conditionDescriptors?: Array<{ name: string; values: string[] }>;
  /** Required where the fulfillment policy calculates shipping (ADR 046). */
  packageWeightAndSize?: PackageWeightAndSize;
  product: { title: string; description: string; aspects: Record<string, string[]>; imageUrls: string[] };
};

/**
 * slr:ShippingCostOverride: priority and shippingServiceType name the policy's service; each cost
 * field an offer holds must be sent again by updateOffer. No surcharge ("DO NOT USE THIS FIELD").
 */
export type ShippingCostOverride = {
  priority: number;
  shippingServiceType: "DOMESTIC";
  shippingCost: Amount;
  additionalShippingCost: Amount;
};

/** slr:EbayOfferDetailsWithKeys (createOffer body). */
export type OfferDetails = {
  sku: string;
  marketplaceId: typeof MARKETPLACE_ID;
  format: "FIXED_PRICE";
  availableQuantity: number;
  categoryId: string;
  listingDescription: string;
  /** slr:ListingDurationEnum: fixed-price listings must be GTC (ADR 046). */
  listingDuration: "GTC";
  listingPolicies: {
    fulfillmentPolicyId: string;
    paymentPolicyId: string;
    returnPolicyId: string;
    /** slr:BestOffer: "Preisvorschlag" for a VB price (ADR 041), declined below the seller's minimum (ADR 046). */
    bestOfferTerms?: { bestOfferEnabled: boolean; autoDeclinePrice?: Amount };
    /** The seller's shipping cost on the policy's service of the seller's parcel service (ADR 075). */
    shippingCostOverrides?: ShippingCostOverride[];
  };
  merchantLocationKey: string;
  pricingSummary: { price: Amount };
  /** slr:Regulatory: a dealer's GPSR manufacturer and EU responsible person (ADR 073). */
  regulatory?: Regulatory;
};

/** slr:Manufacturer and slr:ResponsiblePerson: a company, its address and e-mail. */
export type RegulatoryParty = {
  companyName: string;
  addressLine1: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  email: string;
};
/** slr:Regulatory, the parts the product sends. */
export type Regulatory = {
  manufacturer: RegulatoryParty;
  /** slr:ResponsiblePersonTypeEnum: EU_RESPONSIBLE_PERSON. */
  responsiblePersons?: Array<RegulatoryParty & { types: ["EU_RESPONSIBLE_PERSON"] }>;
};

/** slr:BulkPriceQuantity (bulkUpdatePriceQuantity body): the price of published offers. */
export type BulkPriceQuantity = { requests: Array<{ offers: Array<{ offerId: string; availableQuantity?: number; price: Amount }> }> };

/** slr:Error / the error container every Sell API answers with. */
export const ebayErrorsSchema = z.object({
  errors: z
    .array(
      z.object({
        errorId: z.number().int(),
        message: z.string().optional(),
        longMessage: z.string().optional(),
        category: z.string().optional(),
        parameters: z.array(z.object({ name: z.string().optional(), value: z.string().optional() })).optional(),
      }),
    )
    .default([]),
});
export type EbayErrorDetail = z.infer<typeof ebayErrorsSchema>["errors"][number];

/** The OAuth token endpoint's answer (authorization_code and refresh_token grants). */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().int().positive().optional(),
});

export const offerCreatedSchema = z.object({ offerId: z.string().min(1) });
export const publishResponseSchema = z.object({ listingId: z.string().min(1) });
export const bulkPriceResponseSchema = z.object({
  responses: z.array(
    z.object({ offerId: z.string().optional(), statusCode: z.number().int(), errors: ebayErrorsSchema.shape.errors.optional() }),
  ),
});

const named = { name: z.string().default("") };
/** api:FulfillmentPolicy, the fields publishing reads: pickup only, and the domestic services' order. */
export const fulfillmentPolicySchema = z.object({
  fulfillmentPolicyId: z.string(),
  ...named,
  localPickup: z.boolean().default(false),
  shippingOptions: z
    .array(
      z.object({
        optionType: z.string(),
        /** FLAT_RATE, CALCULATED or NOT_SPECIFIED (api:ShippingOption.costType). */
        costType: z.string().optional(),
        // api:ShippingService calls it sortOrder; without one, the order of the list counts.
        shippingServices: z
          .array(z.object({ sortOrder: z.number().int().optional(), shippingServiceCode: z.string().optional() }))
          .default([]),
      }),
    )
    .default([]),
});
export type FulfillmentPolicy = z.output<typeof fulfillmentPolicySchema>;
export const fulfillmentPoliciesSchema = z.object({ fulfillmentPolicies: z.array(fulfillmentPolicySchema).default([]) });
export const paymentPoliciesSchema = z.object({
  paymentPolicies: z.array(z.object({ paymentPolicyId: z.string(), ...named })).default([]),
});
export const returnPoliciesSchema = z.object({ returnPolicies: z.array(z.object({ returnPolicyId: z.string(), ...named })).default([]) });
export const locationsSchema = z.object({
  locations: z
    .array(
      z.object({
        merchantLocationKey: z.string(),
        name: z.string().optional(),
        merchantLocationStatus: z.string().optional(),
        location: z.object({ address: z.object({ postalCode: z.string().optional() }).optional() }).optional(),
      }),
    )
    .default([]),
});
export type InventoryLocation = z.output<typeof locationsSchema>["locations"][number];

// --- Setting a new seller up (ADR 045) ---------------------------------------------------------

/** api:Programs (getOptedInPrograms). */
export const programsSchema = z.object({ programs: z.array(z.object({ programType: z.string() })).default([]) });

/** api:CategoryType: every policy we create is for everything but motor vehicles. */
type CategoryTypes = [{ name: "ALL_EXCLUDING_MOTORS_VEHICLES" }];
export type PolicyBase = { name: string; marketplaceId: typeof MARKETPLACE_ID; categoryTypes: CategoryTypes; description?: string };
/** api:TimeDuration. */
export type TimeDuration = { unit: "DAY" | "BUSINESS_DAY"; value: number };

/** api:FulfillmentPolicyRequest (createFulfillmentPolicy body): pickup only, or one flat-rate domestic service. */
export type FulfillmentPolicyRequest = PolicyBase & {
  localPickup?: boolean;
  handlingTime?: TimeDuration;
  shippingOptions?: Array<{
    optionType: "DOMESTIC";
    costType: "FLAT_RATE";
    /** shippingCarrierCode is optional: "the shipping carrier is also tied into the shippingServiceCode" (api:ShippingService). */
    shippingServices: Array<{ sortOrder: number; shippingCarrierCode?: string; shippingServiceCode: string; shippingCost: Amount }>;
  }>;
};
/** api:PaymentPolicyRequest (createPaymentPolicy body): eBay manages the electronic payments. */
export type PaymentPolicyRequest = PolicyBase & { immediatePay: boolean };
/** api:ReturnPolicyRequest (createReturnPolicy body). */
export type ReturnPolicyRequest = PolicyBase &
  ({ returnsAccepted: false } | { returnsAccepted: true; returnPeriod: TimeDuration; returnShippingCostPayer: "BUYER" | "SELLER" });

export const fulfillmentPolicyCreatedSchema = z.object({ fulfillmentPolicyId: z.string().min(1) });
export const paymentPolicyCreatedSchema = z.object({ paymentPolicyId: z.string().min(1) });
export const returnPolicyCreatedSchema = z.object({ returnPolicyId: z.string().min(1) });

/** api:InventoryLocationFull (createInventoryLocation body): a warehouse known by its postal code. */
export type InventoryLocationFull = {
  name: string;
  locationTypes: ["WAREHOUSE"];
  location: { address: { postalCode: string; city?: string; country: "DE" } };
};

export const categoryTreeIdSchema = z.object({ categoryTreeId: z.string(), categoryTreeVersion: z.string().default("") });
/** txn:CategoryTreeNode, the fields the category search reads. */
export type CategoryTreeNode = {
  category: { categoryId: string; categoryName: string };
  childCategoryTreeNodes?: CategoryTreeNode[];
  leafCategoryTreeNode?: boolean;
};
const categoryTreeNodeSchema: z.ZodType<CategoryTreeNode> = z.lazy(() =>
  z.object({
    category: z.object({ categoryId: z.string(), categoryName: z.string() }),
    childCategoryTreeNodes: z.array(categoryTreeNodeSchema).optional(),
    leafCategoryTreeNode: z.boolean().optional(),
  }),
);
/** txn:CategoryTree (getCategoryTree). */
export const categoryTreeSchema = z.object({ rootCategoryNode: categoryTreeNodeSchema });
export const categorySuggestionsSchema = z.object({
  categorySuggestions: z
    .array(
      z.object({
        category: z.object({ categoryId: z.string(), categoryName: z.string() }),
        /** From the leaf's parent up to the root's child (txn:AncestorReference). */
        categoryTreeNodeAncestors: z.array(z.object({ categoryName: z.string() })).default([]),
      }),
    )
    .default([]),
});
/** txn:Aspect, the fields the draft and the publish check read. */
export const itemAspectsSchema = z.object({
  aspects: z
    .array(
      z.object({
        localizedAspectName: z.string(),
        aspectConstraint: z
          .object({
            aspectRequired: z.boolean().default(false),
            aspectMode: z.enum(["FREE_TEXT", "SELECTION_ONLY"]).catch("FREE_TEXT").default("FREE_TEXT"),
            itemToAspectCardinality: z.enum(["SINGLE", "MULTI"]).catch("SINGLE").default("SINGLE"),
            aspectMaxLength: z.number().int().positive().optional(),
          })
          .default({ aspectRequired: false, aspectMode: "FREE_TEXT", itemToAspectCardinality: "SINGLE" }),
        aspectValues: z.array(z.object({ localizedValue: z.string() })).optional(),
      }),
    )
    .default([]),
});

/** sel:ItemConditionPolicyResponse (getItemConditionPolicies). */
export const itemConditionPoliciesSchema = z.object({
  itemConditionPolicies: z
    .array(
      z.object({
        categoryId: z.string(),
        itemConditions: z
          .array(
            z.object({
              conditionId: z.string(),
              conditionDescription: z.string().optional(),
              usage: z.string().optional(),
              /** sel:ItemConditionDescriptor: what a listing says about its condition (trading cards, ADR 073). */
              conditionDescriptors: z
                .array(
                  z.object({
                    conditionDescriptorId: z.string(),
                    conditionDescriptorName: z.string().default(""),
                    conditionDescriptorConstraint: z.object({ usage: z.string().optional(), mode: z.string().optional() }).default({}),
                    conditionDescriptorValues: z
                      .array(z.object({ conditionDescriptorValueId: z.string(), conditionDescriptorValueName: z.string().default("") }))
                      .default([]),
                  }),
                )
                .default([]),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/** sel:NegotiatedPricePolicyResponse (getNegotiatedPricePolicies): the Best Offer features per category. */
export const negotiatedPricePoliciesSchema = z.object({
  negotiatedPricePolicies: z
    .array(
      z.object({
        categoryId: z.string(),
        bestOfferAutoAcceptEnabled: z.boolean().default(false),
        bestOfferAutoDeclineEnabled: z.boolean().default(false),
        bestOfferCounterEnabled: z.boolean().default(false),
      }),
    )
    .default([]),
});

/** sel:RegulatoryPolicyResponse (getRegulatoryPolicies): per category, which regulatory attributes are required. */
export const regulatoryPoliciesSchema = z.object({
  regulatoryPolicies: z
    .array(
      z.object({
        categoryId: z.string(),
        supportedAttributes: z.array(z.object({ name: z.string(), usage: z.string().optional() })).default([]),
      }),
    )
    .default([]),
});

/** The Media API's image resource (getImage): the EPS URL for product.imageUrls. */
export const mediaImageSchema = z.object({ imageUrl: z.url() });

/**
 * slr:Offers, the answer of getOffers (GET /sell/inventory/v1/offer?sku=…): the seller's offers
 * for one SKU, each an slr:EbayOfferDetailsWithAll; `listing` (slr:ListingDetails) for a published
 * one. https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/getOffers
 */
export const offersSchema = z.object({
  offers: z
    .array(
      z.object({
        offerId: z.string().min(1),
        sku: z.string(),
        marketplaceId: z.string().optional(),
        format: z.string().optional(),
        /** slr:OfferStatusEnum: PUBLISHED or UNPUBLISHED. */
        status: z.string(),
        pricingSummary: z.object({ price: z.object({ value: z.string() }).optional() }).optional(),
        listing: z.object({ listingId: z.string().optional(), listingStatus: z.string().optional() }).optional(),
      }),
    )
    .default([]),
});
export type OfferOfSku = z.infer<typeof offersSchema>["offers"][number];

/**
 * slr:EbayOfferDetailsWithAll, the answer of getOffer, kept whole (z.looseObject): an edit reads the
 * offer, changes its text and price and sends it back with updateOffer, which replaces the offer in
 * full — a field we do not read must go back as eBay holds it (ADR 076).
 * https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/getOffer
 */
export const offerSchema = z.looseObject({
  listingPolicies: z.looseObject({ bestOfferTerms: z.looseObject({ bestOfferEnabled: z.boolean().optional() }).optional() }).optional(),
  offerId: z.string().min(1),
  pricingSummary: z.looseObject({ price: z.object({ value: z.string(), currency: z.string() }).optional() }).optional(),
});
export type OfferRead = z.infer<typeof offerSchema>;

/**
 * slr:InventoryItemWithSkuLocaleGroupid, the answer of getInventoryItem, kept whole for the same
 * reason: createOrReplaceInventoryItem replaces the item in full (ADR 076).
 * https://developer.ebay.com/api-docs/sell/inventory/resources/inventory_item/methods/getInventoryItem
 */
export const inventoryItemReadSchema = z.looseObject({
  product: z.looseObject({ imageUrls: z.array(z.string()).default([]) }),
});
export type InventoryItemRead = z.infer<typeof inventoryItemReadSchema>;
