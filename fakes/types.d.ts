// Shared JSDoc types of the local fakes (fakes/*.mjs), which are type-checked by tsconfig.fakes.json.
import type { IncomingHttpHeaders } from "node:http";

import type { createNotificationSigner } from "./ebay-notifications.mjs";

/** A parsed JSON request body (or a stored copy of one): the fakes check its fields one by one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonObject = Record<string, any>;

/** A fake's answer: the status, the JSON body (or null) and, for a created resource, its Location. */
export type Answer = [status: number, body: unknown, location?: string];

/** One of eBay's error parameters: its name and value. */
export type ErrorParameter = [name: string, value: unknown];

/** Builds an answer in eBay's error shape. */
export type EbayError = (
  status: number,
  errorId: number,
  message: string,
  parameters?: ErrorParameter[],
  category?: string,
  domain?: string,
) => Answer;

/** An eBay error builder with the category and domain already given. */
export type ScopedEbayError = (status: number, errorId: number, message: string, parameters?: ErrorParameter[]) => Answer;

/** The request headers as node:http gives them. */
export type Headers = IncomingHttpHeaders;

/** A seller's account as eBay holds it (fakes/ebay-account.mjs, ADR 045). */
export interface SellerAccount {
  programs: Set<string>;
  fulfillment: JsonObject[];
  payment: JsonObject[];
  returns: JsonObject[];
  locations: JsonObject[];
  optInDelayed: boolean;
  optInRequested: boolean;
}

/** One seller of the fake eBay: the account, the identity getUser answers, inventory items and offers. */
export interface Seller extends SellerAccount {
  id: string;
  userId: string;
  username: string;
  accountType: string;
  items: Map<string, JsonObject>;
  offers: Map<string, JsonObject>;
}

/** What a user token (authorization code grant) stands for. */
export interface UserGrant {
  sellerId: string;
  scopes: string[];
  expiresAt: number;
}

/** The one state of a fake eBay (fakes/ebay.mjs), passed to each API module. */
export interface FakeEbayState {
  now: () => number;
  /** A new id: the prefix and the fake's next counter value. */
  next: (prefix: string) => string;
  sellers: Map<string, Seller>;
  accessTokens: Map<string, UserGrant>;
  refreshTokens: Map<string, UserGrant>;
  applicationTokens: Map<string, { scopes: string[]; expiresAt: number }>;
  /** The Notification API's signer (fakes/ebay-notifications.mjs). */
  signer: ReturnType<typeof createNotificationSigner>;
  /** Key ids whose getPublicKey answer is held back (a slow eBay). */
  heldKeyIds: Set<string>;
}

/** One API request after the token and contract checks (fakes/ebay-router.mjs). */
export interface EbayRequest<S = Seller | null> {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  /** The body's bytes (the Media API's multipart uploads). */
  raw: Buffer;
  /** The seller the Bearer token names; null for an application token. */
  seller: S;
  /** The request came under /sandbox/: answer as eBay's sandbox does where the two differ. */
  sandbox: boolean;
}

/** An answer now or later (an upload, a held answer). */
export type RouteAnswer = Answer | Promise<Answer>;

/** One operation: its method ("*": any), its path and its handler (null: not found). */
export interface Route<S = Seller | null> {
  method: string;
  pattern: RegExp;
  handler: (request: EbayRequest<S>, match: RegExpExecArray) => RouteAnswer | null;
}

/** One eBay API: the paths under `prefix`, for any token the contract check let through. */
export interface OpenApi {
  prefix: string;
  sellerRefusal?: undefined;
  routes: Route[];
}

/** One eBay API for a seller's token only: `sellerRefusal` answers any other. */
export interface SellerApi {
  prefix: string;
  sellerRefusal: Answer;
  routes: Route<Seller>[];
}

export type EbayApi = OpenApi | SellerApi;
