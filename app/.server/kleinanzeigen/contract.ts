// The Kleinanzeigen Public API Gateway as this app uses it: every path, request body and answer
// shape in ONE module, so that they can be corrected against the real contract in one place
// (ADR 038 lists what is documented and what is assumed). The local fake (fakes/kleinanzeigen.mjs)
// enforces the same shapes.
//
// Documented (developer.kleinanzeigen.de/docs): client-credentials token at `/v2/oidc/token` with
// audience `consumer-goods-api`; `POST /api/goods/v1/imprints {content}` → `{uuid}`;
// `POST /v1/media {mediaType}` → `{ticketUuid, signedPutUrl, expireAt}` (image/jpeg, image/png);
// `PUT /v1/listings/{uuid}` (price `{type, amount}` in euros); `GET /v1/listings/{uuid}`;
// `PUT /v1/listings/{uuid}/publications/{pub}/state?requestedState=PAUSED|RESUMED`;
// `DELETE /v1/listings/{uuid}`. Assumed (ADR 038): the bodies of create listing, add media and
// create publication, and the publication's status values and fields.
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

export type ListingBody = {
  title: string;
  description: string;
  /** Kleinanzeigen's category path (assumed: a path like "Elektronik/Haushaltsgeraete"). */
  category: string;
  adType: "OFFER";
  price: { type: "FIXED" | "NEGOTIABLE" | "GIVE_AWAY"; amount: number };
  attributes: Record<string, string>;
  customReference: string;
  contactPerson?: string;
  phoneNumber?: string;
  email?: string;
  buyNow: false;
};

export type PublicationBody = { imprintUuid: string; location: { zipCode: string } };

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

/** The app's ad categories → Kleinanzeigen category paths (assumed names; ADR 038). */
export const CATEGORY_PATHS: Record<Category, string> = {
  elektronik: "Elektronik",
  moebel: "Haus_Garten/Wohnzimmer",
  kleidung: "Mode_Beauty/Damenbekleidung",
  freizeit: "Freizeit_Hobby_Nachbarschaft/Sport_Camping",
  spielzeug: "Familie_Kind_Baby/Spielzeug",
  garten: "Haus_Garten/Garten_Pflanzen",
  familie: "Familie_Kind_Baby/Weiteres_Familie_Kind_Baby",
  auto: "Auto_Rad_Boot/Autoteile_Reifen",
  sonstiges: "Freizeit_Hobby_Nachbarschaft/Sonstiges",
};
