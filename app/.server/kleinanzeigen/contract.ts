// The Kleinanzeigen Public API Gateway as this app uses it: every path, request body, answer shape,
// status value, category path and attribute key in ONE module, so that a correction against the
// real contract is a change here (ADR 038, ADR 048, ADR 074). `CONTRACT` marks each shape as
// documented (with the page of developer.kleinanzeigen.de that says so) or still guessed (with the
// reason); `GUESSES`, the guessed ones, is what README shows the operator.
// tests/unit/kleinanzeigen-contract.test.ts pins each entry with a test, and the local fake
// (fakes/kleinanzeigen.mjs) enforces the same shapes.
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

export const imprintBodySchema = z.strictObject({ content: z.string().trim().min(1) });
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

/**
 * A publication's state. Documented: PUBLISHED and PAUSED, the states the update guide asks for
 * (`requestedState`). Assumed: PENDING while Kleinanzeigen checks, REJECTED, DELETED (no page shows
 * a publication's answer). Any other value is read as it is and shown as unknown (ADR 074), never
 * taken for an unreachable gateway.
 */
export const PUBLICATION_STATES = ["PENDING", "PUBLISHED", "PAUSED", "REJECTED", "DELETED"] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/** The state as one of contract.ts's, or null for one the documentation and this app do not know. */
export function knownPublicationState(state: string): PublicationState | null {
  return (PUBLICATION_STATES as readonly string[]).includes(state) ? (state as PublicationState) : null;
}

export const publicationAnswer = z.object({
  uuid: z.string().min(1),
  state: z.string().min(1),
  imprintUuid: z.string().optional(),
  /** Kleinanzeigen's ad id and public address once PUBLISHED (assumed fields). */
  adId: z.string().nullish(),
  adUrl: z.url().nullish(),
  /** Why a publication was rejected (assumed field). */
  reason: z.string().nullish(),
});
export type PublicationAnswer = z.infer<typeof publicationAnswer>;

/**
 * A listing as `GET /v1/listings/{uuid}` returns it (documented by its example): the price as
 * `adPrice`, the photos as `urls` (the first is the cover), and the category by its own name
 * ("Spielzeug"), not as the path the listing was sent with ("Familie_Kind_Baby/Spielzeug").
 */
export const listingAnswer = z.object({
  uuid: z.string().min(1),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  attributes: z.record(z.string(), z.string()).nullish(),
  adType: z.string(),
  adPrice: z.object({ type: z.string(), amount: z.number() }),
  userId: z.string().nullish(),
  email: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  customReference: z.string().nullish(),
  contactPerson: z.string().nullish(),
  buyNow: z.boolean().nullish(),
  urls: z.array(z.string()),
});
export type ListingAnswer = z.infer<typeof listingAnswer>;

/** The category name Kleinanzeigen returns for a path sent (assumed: the path's last segment). */
export function returnedCategoryName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** RFC 9457 problem details, as every documented error answer shows them. */
export const problemAnswer = z.object({
  status: z.number().optional(),
  title: z.string().nullish(),
  detail: z.string().nullish(),
  localizedMessage: z.string().nullish(),
  localizedDetail: z.string().nullish(),
});

// --- What is documented, what is still guessed ----------------------------------------------

const DOCS = "https://developer.kleinanzeigen.de/docs";
const OPERATIONS = `${DOCS}/listing/api/operations`;

/** A shape the documentation settles, with the page that says so. */
type Documented = { status: "documented"; shape: string; source: string };
/** A shape the documentation leaves open, with why this app assumes it. */
type Guessed = { status: "guessed"; shape: string; reason: string };

/**
 * Every shape above this app relies on: documented (with its page) or still guessed (with the
 * reason). A correction against the real gateway changes the shape above, its entry here, its pin
 * in tests/unit/kleinanzeigen-contract.test.ts and the fake; README's "Kleinanzeigen: what is
 * still guessed" lists the guessed ones (the same test keeps both in step).
 */
export const CONTRACT = {
  basePath: { status: "documented", shape: `${API}/…`, source: `${OPERATIONS}/updatelisting/ (curl example)` },
  token: {
    status: "documented",
    shape: `POST ${TOKEN_PATH}, form grant_type=client_credentials, client_id, client_secret, audience=${TOKEN_AUDIENCE} → { access_token, token_type "bearer", expires_in }`,
    source: `${DOCS}/general/authentication/`,
  },
  authHeader: {
    status: "guessed",
    shape: "Authorization: Bearer <token>",
    reason:
      'the operation pages name the header HttpHeaders.AUTHORIZATION (the Authorization header) and show the bare token as its example; the scheme Bearer follows from the token\'s type "bearer"',
  },
  updateListingBody: {
    status: "documented",
    shape:
      "PUT …/listings/{uuid} with any of title, category, description, attributes, adType, price { type, amount in €}, email, phoneNumber, customReference, contactPerson, buyNow → 204",
    source: `${OPERATIONS}/updatelisting/ and ${DOCS}/listing/update-listing/`,
  },
  createListingBody: {
    status: "guessed",
    shape:
      "POST …/listings with title, description, category, adType OFFER, price, attributes, customReference, contactPerson, phoneNumber, email, buyNow → { uuid }",
    reason:
      "the create guide says only \"POST /listing\" returns the Listing UUID; no page shows its body, so it takes the update operation's fields and the imprint's { uuid } answer",
  },
  listingAnswer: {
    status: "documented",
    shape: 'GET …/listings/{uuid} → category by its name ("Spielzeug"), adPrice { type, amount }, urls, userId and the sent fields',
    source: `${OPERATIONS}/getlisting/`,
  },
  returnedCategory: {
    status: "guessed",
    shape: "the category name returned is the last segment of the path sent",
    reason:
      'the one example sends "Familie_Kind_Baby/Spielzeug" and returns "Spielzeug", which cannot tell a path segment from the website\'s name',
  },
  priceTypes: {
    status: "guessed",
    shape: `${PRICE_TYPES.join(", ")} (FIXED documented)`,
    reason: "the examples show only FIXED; VB and Zu verschenken take the names the website's listings use",
  },
  categoryPaths: {
    status: "guessed",
    shape: 'Gruppe_Name/Unterkategorie_Name from the website\'s names (umlauts spelled out, "&" and "," dropped)',
    reason: 'one example, "Familie_Kind_Baby/Spielzeug", and no category list in the documentation',
  },
  attributeKeys: {
    status: "documented",
    shape: `${ATTRIBUTE_KEYS.condition}, ${ATTRIBUTE_KEYS.shipping}`,
    source: `${OPERATIONS}/getlisting/ (answer example)`,
  },
  conditionValues: {
    status: "guessed",
    shape: `${CONDITION_VALUES.join(", ")} (like_new documented)`,
    reason: "the example shows only like_new; the others are the website's condition values",
  },
  shippingValues: {
    status: "guessed",
    shape: `${SHIPPING_VALUES.possible} / ${SHIPPING_VALUES.pickupOnly} ("ja" documented)`,
    reason: 'the example shows only versand "ja"; "nein" for pickup only is its opposite',
  },
  textLimits: {
    status: "guessed",
    shape: `title up to ${TITLE_MAX}, description up to ${DESCRIPTION_MAX} characters`,
    reason: "the gateway documents no limits; these are the website's",
  },
  imprintBody: {
    status: "documented",
    shape: "POST …/imprints { content } → { uuid }",
    source: `${OPERATIONS}/createimprint/`,
  },
  mediaTicket: {
    status: "documented",
    shape: `POST …/media { mediaType: ${MEDIA_TYPES.join(" | ")} } → { ticketUuid, signedPutUrl, expireAt }; another type 415`,
    source: `${OPERATIONS}/requestticket/`,
  },
  upload: {
    status: "guessed",
    shape: "PUT <signedPutUrl> with the bytes and Content-Type = the ticket's media type",
    reason: 'the guides say only "a direct upload" to the presigned URL; presigned storage URLs commonly sign the content type',
  },
  addMediaBody: {
    status: "guessed",
    shape: "PUT …/listings/{uuid}/media { ticketUuid }",
    reason: 'the guides say "include the Ticket UUID in the request payload" without naming the field',
  },
  createPublication: {
    status: "guessed",
    shape: "POST …/listings/{uuid}/publications { imprintUuid, location: { zipCode } } → { uuid }",
    reason:
      'the create guide says POST /listing/{uuid}/publication with "the Imprint UUID and any necessary location details" and returns a Publication UUID; the plural path is the form of the operation pages (…/listings/{uuid}/publications/{publicationUuid}/state), whose examples the guides abbreviate',
  },
  publishedState: {
    status: "documented",
    shape: "PUBLISHED (online) and PAUSED",
    source: `${DOCS}/listing/update-listing/ (requestedState)`,
  },
  publicationStates: {
    status: "guessed",
    shape:
      'PENDING (being checked), REJECTED with reason, DELETED; adId and adUrl once PUBLISHED; any other state is shown as "Status unbekannt"',
    reason: "no page shows a publication's answer; the create guide says only that publishing is asynchronous",
  },
  republish: {
    status: "documented",
    shape: "PUT …/publications/{pub}?requestedState=PUBLISHED with {} → 204",
    source: `${DOCS}/listing/update-listing/ and ${DOCS}/listing/manage-images/`,
  },
  stateOperation: {
    status: "documented",
    shape: "PUT …/publications/{pub}/state?requestedState=PAUSED|RESUMED without a body → 204; 400 BAD_REQUEST, 404 NOT_FOUND",
    source: `${OPERATIONS}/updatepublicationstate/`,
  },
  deleteListing: {
    status: "documented",
    shape: "DELETE …/listings/{uuid} → the listing and its publications deleted; 404 once gone",
    source: `${OPERATIONS}/deletelisting/`,
  },
} as const satisfies Record<string, Documented | Guessed>;
export type ContractEntry = keyof typeof CONTRACT;

/** What is still guessed, each with its reason: README shows this list to the operator. */
export const GUESSES = Object.entries(CONTRACT).flatMap(([name, entry]) =>
  entry.status === "guessed" ? [{ name, shape: entry.shape, reason: entry.reason }] : [],
);
