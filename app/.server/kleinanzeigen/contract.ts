// The Kleinanzeigen Public API Gateway as this app uses it: every path, request body, answer shape,
// status value, category path and attribute key in ONE module, so that a correction against the
// real contract is a change here (ADR 038, ADR 048). `GUESSES` marks each shape documented or
// assumed; tests/unit/kleinanzeigen-contract.test.ts pins each one with a test, and the local fake
// (fakes/kleinanzeigen.mjs) enforces the same shapes.
//
// Documented (developer.kleinanzeigen.de/docs): client-credentials token at `/v2/oidc/token` with
// audience `consumer-goods-api`; `POST /api/goods/v1/imprints {content}` → `{uuid}`;
// `POST /v1/media {mediaType}` → `{ticketUuid, signedPutUrl, expireAt}` (image/jpeg, image/png);
// `PUT /v1/listings/{uuid}` (its body's fields, price `{type, amount}` in euros, the example category
// "Familie_Kind_Baby/Spielzeug"); `GET /v1/listings/{uuid}` (its example's attributes
// `{ art, condition: "like_new", versand: "ja" }`); `PUT …/publications/{pub}/state?requestedState=
// PAUSED|RESUMED`; `DELETE /v1/listings/{uuid}`. Assumed: the rest, as `GUESSES` says.
import { z } from "zod";
import type { Category } from "../../lib/categories";

export const TOKEN_PATH = "/v2/oidc/token";
export const TOKEN_AUDIENCE = "consumer-goods-api";
const API = "/api/goods/v1";

export const paths = {
  imprints: `${API}/imprints`,
  listings: `${API}/listings`,
  listing: (listingUuid: string) => `${API}/listings/${encodeURIComponent(listingUuid)}`,
  media: `${API}/media`,
  listingMedia: (listingUuid: string) => `${API}/listings/${encodeURIComponent(listingUuid)}/media`,
  publications: (listingUuid: string) => `${API}/listings/${encodeURIComponent(listingUuid)}/publications`,
  publication: (listingUuid: string, publicationUuid: string) =>
    `${API}/listings/${encodeURIComponent(listingUuid)}/publications/${encodeURIComponent(publicationUuid)}`,
  publicationState: (listingUuid: string, publicationUuid: string, requestedState: "PAUSED" | "RESUMED") =>
    `${API}/listings/${encodeURIComponent(listingUuid)}/publications/${encodeURIComponent(publicationUuid)}/state?requestedState=${requestedState}`,
  /** Republish after an update (the guide's `requestedState=PUBLISHED` with an empty JSON body). */
  republish: (listingUuid: string, publicationUuid: string) =>
    `${API}/listings/${encodeURIComponent(listingUuid)}/publications/${encodeURIComponent(publicationUuid)}?requestedState=PUBLISHED`,
} as const;

export const MEDIA_TYPES = ["image/jpeg", "image/png"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

// --- Categories -----------------------------------------------------------------------------

/**
 * Kleinanzeigen's category tree in the website's own names — the branches the app's categories
 * reach. The gateway takes a category as a path; its one documented example is
 * "Familie_Kind_Baby/Spielzeug" for "Familie, Kind & Baby › Spielzeug", so the path is assumed to
 * be built from the names by `categoryPath`.
 */
const TREE = {
  "Auto, Rad & Boot": [
    "Autoteile & Reifen",
    "Fahrräder & Zubehör",
    "Motorradteile & Zubehör",
    "Boote & Bootszubehör",
    "Weiteres Auto, Rad & Boot",
  ],
  Elektronik: [
    "Audio & Hifi",
    "Foto",
    "Handy & Telefon",
    "Haushaltsgeräte",
    "Konsolen",
    "Notebooks",
    "PCs",
    "PC-Zubehör & Software",
    "Tablets & Reader",
    "TV & Video",
    "Videospiele",
    "Weitere Elektronik",
  ],
  "Familie, Kind & Baby": [
    "Baby- & Kinderkleidung",
    "Baby- & Kinderschuhe",
    "Baby-Ausstattung",
    "Babyschalen & Kindersitze",
    "Kinderwagen & Buggys",
    "Kinderzimmermöbel",
    "Spielzeug",
    "Weiteres Familie, Kind & Baby",
  ],
  "Freizeit, Hobby & Nachbarschaft": [
    "Handarbeit, Basteln & Kunsthandwerk",
    "Kunst & Antiquitäten",
    "Modellbau",
    "Sammeln",
    "Sport & Camping",
    "Trödel",
    "Weiteres Freizeit, Hobby & Nachbarschaft",
  ],
  "Haus & Garten": [
    "Badezimmer",
    "Büro",
    "Dekoration",
    "Gartenzubehör & Pflanzen",
    "Heimtextilien",
    "Heimwerken",
    "Küche & Esszimmer",
    "Lampen & Licht",
    "Schlafzimmer",
    "Wohnzimmer",
    "Weiteres Haus & Garten",
  ],
  "Mode & Beauty": [
    "Beauty & Gesundheit",
    "Damenbekleidung",
    "Damenschuhe",
    "Herrenbekleidung",
    "Herrenschuhe",
    "Taschen & Accessoires",
    "Uhren & Schmuck",
    "Weiteres Mode & Beauty",
  ],
  "Musik, Filme & Bücher": ["Bücher & Zeitschriften", "Film & DVD", "Musik & CDs", "Musikinstrumente", "Weitere Musik, Filme & Bücher"],
} as const;

type Tree = typeof TREE;
export type CategoryGroup = keyof Tree;
export type CategoryName = Tree[CategoryGroup][number];

const UMLAUTS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss" };

/** A name as a path segment (assumed rule): umlauts spelled out, "&" and "," dropped, words joined by "_". */
function segment(name: string): string {
  return name
    .replace(/[äöüÄÖÜß]/g, (letter) => UMLAUTS[letter])
    .split(/[\s,&-]+/)
    .filter(Boolean)
    .join("_");
}

/** "Familie, Kind & Baby" + "Kinderwagen & Buggys" → "Familie_Kind_Baby/Kinderwagen_Buggys". */
export function categoryPath(group: string, name: string): string {
  return `${segment(group)}/${segment(name)}`;
}

export type KleinanzeigenCategory = { path: string; group: CategoryGroup; name: CategoryName };

export const KLEINANZEIGEN_CATEGORIES: readonly KleinanzeigenCategory[] = (Object.keys(TREE) as CategoryGroup[]).flatMap((group) =>
  TREE[group].map((name: CategoryName) => ({ path: categoryPath(group, name), group, name })),
);

export const CATEGORY_PATH_VALUES = KLEINANZEIGEN_CATEGORIES.map((category) => category.path) as [string, ...string[]];

/** The category a path names, or undefined for a path outside the tree. */
export function categoryOf(path: string): KleinanzeigenCategory | undefined {
  return KLEINANZEIGEN_CATEGORIES.find((category) => category.path === path);
}

/** The app's categories → the Kleinanzeigen category an item of it is listed under when nothing closer is known. */
export const CATEGORY_DEFAULTS: Record<Category, readonly [CategoryGroup, CategoryName]> = {
  elektronik: ["Elektronik", "Weitere Elektronik"],
  moebel: ["Haus & Garten", "Wohnzimmer"],
  kleidung: ["Mode & Beauty", "Damenbekleidung"],
  freizeit: ["Freizeit, Hobby & Nachbarschaft", "Sport & Camping"],
  spielzeug: ["Familie, Kind & Baby", "Spielzeug"],
  garten: ["Haus & Garten", "Gartenzubehör & Pflanzen"],
  familie: ["Familie, Kind & Baby", "Weiteres Familie, Kind & Baby"],
  auto: ["Auto, Rad & Boot", "Autoteile & Reifen"],
  sonstiges: ["Freizeit, Hobby & Nachbarschaft", "Weiteres Freizeit, Hobby & Nachbarschaft"],
};

// --- Attributes -------------------------------------------------------------------------------

/** The attribute keys this app sends (documented by the getListing example: `condition`, `versand`). */
export const ATTRIBUTE_KEYS = { condition: "condition", shipping: "versand" } as const;

/**
 * Kleinanzeigen's conditions, in the website's words. Only `like_new` appears in the documentation
 * (the getListing example); the other values are assumed to be the website's.
 */
export const CONDITIONS = [
  { value: "new", label: "Neu" },
  { value: "like_new", label: "Sehr gut" },
  { value: "ok", label: "Gut" },
  { value: "alright", label: "In Ordnung" },
  { value: "defect", label: "Defekt" },
] as const;
export type KleinanzeigenCondition = (typeof CONDITIONS)[number]["value"];
export const CONDITION_VALUES = CONDITIONS.map((condition) => condition.value) as [KleinanzeigenCondition, ...KleinanzeigenCondition[]];

/** `versand`: "ja" = shipping possible (documented example), "nein" = pickup only (assumed). */
export const SHIPPING_VALUES = { possible: "ja", pickupOnly: "nein" } as const;

// --- Request bodies ---------------------------------------------------------------------------

/** Festpreis, VB, Zu verschenken (only FIXED is documented). */
export const PRICE_TYPES = ["FIXED", "NEGOTIABLE", "GIVE_AWAY"] as const;
export type KleinanzeigenPriceType = (typeof PRICE_TYPES)[number];

/** The title's and description's limits (Kleinanzeigen's website; the gateway's are not documented). */
export const TITLE_MAX = 65;
export const DESCRIPTION_MAX = 4000;

/**
 * The create-listing body: the fields of the documented update operation (assumed to be the same
 * for create), every one strict, so that the app sends nothing the contract does not name.
 */
export const listingBodySchema = z.strictObject({
  title: z.string().trim().min(1).max(TITLE_MAX),
  description: z.string().trim().min(1).max(DESCRIPTION_MAX),
  category: z.enum(CATEGORY_PATH_VALUES),
  adType: z.literal("OFFER"),
  price: z
    .strictObject({ type: z.enum(PRICE_TYPES), amount: z.number().min(0) })
    // Assumed: a Festpreis names an amount, a giveaway none.
    .refine((price) => (price.type === "GIVE_AWAY" ? price.amount === 0 : price.type === "NEGOTIABLE" || price.amount > 0), {
      message: "Festpreis über 0 €, Zu verschenken mit 0 €",
    }),
  attributes: z.strictObject({
    [ATTRIBUTE_KEYS.condition]: z.enum(CONDITION_VALUES).optional(),
    [ATTRIBUTE_KEYS.shipping]: z.enum([SHIPPING_VALUES.possible, SHIPPING_VALUES.pickupOnly]).optional(),
  }),
  customReference: z.string().min(1),
  contactPerson: z.string().min(1).optional(),
  phoneNumber: z.string().min(1).optional(),
  email: z.string().min(1).optional(),
  buyNow: z.literal(false),
});
export type ListingBody = z.infer<typeof listingBodySchema>;
export type ListingAttributes = ListingBody["attributes"];

/** The update body (documented): any of the listing's fields but the reference. */
export const listingUpdateSchema = listingBodySchema.omit({ customReference: true }).partial();
export type ListingUpdate = z.infer<typeof listingUpdateSchema>;

export const imprintBodySchema = z.strictObject({ content: z.string().trim().min(1).max(2000) });
export const mediaTicketBodySchema = z.strictObject({ mediaType: z.enum(MEDIA_TYPES) });
/** Add media (assumed): the guide says "include the Ticket UUID in the request payload". */
export const addMediaBodySchema = z.strictObject({ ticketUuid: z.string().min(1) });
/** Create publication (assumed): the guide says "the Imprint UUID and any necessary location details". */
export const publicationBodySchema = z.strictObject({
  imprintUuid: z.string().min(1),
  location: z.strictObject({ zipCode: z.string().regex(/^\d{5}$/) }),
});
export type PublicationBody = z.infer<typeof publicationBodySchema>;
/** Republish (documented by the update guide): an empty JSON object. */
export const republishBodySchema = z.strictObject({});

// --- Answers ----------------------------------------------------------------------------------

export const tokenAnswer = z.object({ access_token: z.string().min(1), token_type: z.string(), expires_in: z.number().int().positive() });
export const uuidAnswer = z.object({ uuid: z.string().min(1) });
export const ticketAnswer = z.object({ ticketUuid: z.string().min(1), signedPutUrl: z.url(), expireAt: z.string() });

/** The publication's state (assumed values; the documentation names PAUSED and RESUMED as requests). */
export const PUBLICATION_STATES = ["PENDING", "ACTIVE", "PAUSED", "REJECTED", "DELETED"] as const;
export const publicationAnswer = z.object({
  uuid: z.string().min(1),
  state: z.enum(PUBLICATION_STATES),
  imprintUuid: z.string().optional(),
  /** Kleinanzeigen's ad id and public address once ACTIVE. */
  adId: z.string().nullish(),
  adUrl: z.url().nullish(),
  /** Why a publication was rejected (assumed field). */
  reason: z.string().nullish(),
});
export type PublicationAnswer = z.infer<typeof publicationAnswer>;

/** RFC 9457 problem details, as every documented error answer shows them. */
export const problemAnswer = z.object({
  status: z.number().optional(),
  title: z.string().nullish(),
  detail: z.string().nullish(),
  localizedMessage: z.string().nullish(),
  localizedDetail: z.string().nullish(),
});

// --- What is documented, what is guessed ------------------------------------------------------

export type Guess = { status: "documented" | "assumed" | "partly documented"; shape: string; source: string };

const OPERATIONS = "https://developer.kleinanzeigen.de/docs/listing/api/operations";

/**
 * Every shape above this app relies on, marked. A correction against the real gateway changes the
 * shape above, its line here, its pin in tests/unit/kleinanzeigen-contract.test.ts and the fake.
 */
export const GUESSES = {
  basePath: { status: "documented", shape: `${API}/…`, source: `${OPERATIONS}/updatelisting/ (curl example)` },
  authHeader: {
    status: "assumed",
    shape: "Authorization: Bearer <token>",
    source: "the operations show a placeholder header HttpHeaders.AUTHORIZATION",
  },
  createListingBody: {
    status: "assumed",
    shape:
      "title, description, category, adType OFFER, price {type, amount €}, attributes, customReference, contactPerson, phoneNumber, email, buyNow",
    source: `the fields of ${OPERATIONS}/updatelisting/; the create guide names no body`,
  },
  priceTypes: { status: "partly documented", shape: PRICE_TYPES.join(", "), source: `FIXED in ${OPERATIONS}/updatelisting/` },
  categoryPaths: {
    status: "assumed",
    shape: "Gruppe_Name/Unterkategorie_Name from the website's names (umlauts spelled out)",
    source: `one example, "Familie_Kind_Baby/Spielzeug", in ${OPERATIONS}/updatelisting/`,
  },
  attributeKeys: {
    status: "documented",
    shape: `${ATTRIBUTE_KEYS.condition}, ${ATTRIBUTE_KEYS.shipping}`,
    source: `${OPERATIONS}/getlisting/ (answer example)`,
  },
  conditionValues: {
    status: "partly documented",
    shape: CONDITION_VALUES.join(", "),
    source: `like_new in ${OPERATIONS}/getlisting/; the others are the website's`,
  },
  shippingValues: {
    status: "partly documented",
    shape: `${SHIPPING_VALUES.possible} / ${SHIPPING_VALUES.pickupOnly}`,
    source: `"ja" in ${OPERATIONS}/getlisting/`,
  },
  addMediaBody: {
    status: "assumed",
    shape: "PUT …/listings/{uuid}/media { ticketUuid }",
    source: "https://developer.kleinanzeigen.de/docs/listing/create-listing/ (“include the Ticket UUID”)",
  },
  createPublicationBody: {
    status: "assumed",
    shape: "POST …/listings/{uuid}/publications { imprintUuid, location: { zipCode } } → { uuid }",
    source: "https://developer.kleinanzeigen.de/docs/listing/create-listing/ (“Imprint UUID and location details”)",
  },
  publicationStates: {
    status: "assumed",
    shape: `${PUBLICATION_STATES.join(", ")}; adId, adUrl, reason`,
    source: "not shown; the state operation names PAUSED and RESUMED as requests",
  },
  republish: {
    status: "documented",
    shape: "PUT …/publications/{pub}?requestedState=PUBLISHED with {}",
    source: "https://developer.kleinanzeigen.de/docs/listing/update-listing/",
  },
} as const satisfies Record<string, Guess>;
export type GuessName = keyof typeof GUESSES;
