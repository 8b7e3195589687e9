// One way to declare an API route: its path, auth, parameters, body, answers, Cache-Control and
// rate limits in one object (ADR 017, 032). The router mounts it (Cache-Control → auth → path
// parameters → query → content type and declared size → rate limits → handler), and the OpenAPI
// document is generated from the same objects (endpoint/openapi.ts), so the published contract is the
// code; handler results are typed against the declared answers. Handlers read the body through
// `body()`, after their own existence and ownership checks: nothing of a refused request is read.
import type { Context, Hono, MiddlewareHandler, TypedResponse } from "hono";
import type { ClientErrorStatusCode, ServerErrorStatusCode, StatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";
import { z } from "zod";
import { requireUser, type AuthedBindings } from "./require-user";
import { enforceRateLimit } from "../auth/rate-limit";
import type { User } from "../../db/schema";
import { requireDocsAccess } from "../docs/guard";
import { HttpError, MESSAGES } from "../../http-error";
import { ERROR_CODE_VALUES, statusErrorCode, type ErrorCode, type StatusErrorCode } from "../../../lib/error-codes";
import { parseWith, precheckBody, readBody, type BodyOutput, type BodySpec } from "./read-body";

export type Auth = "none" | "session" | "docs" | "stripe-signature" | "ebay-signature";
export type Method = "get" | "post" | "put" | "patch" | "delete";

/** Headers a response documents beside Cache-Control (which comes from the endpoint's `cacheControl`). */
export type HeaderDocs = Record<string, { description: string; schema: Record<string, unknown> }>;

/** A JSON answer and the schema of its body: the handler can only return that body for that status. */
export type JsonResponseDoc<Schema extends z.ZodType = z.ZodType> = { description: string; schema: Schema; headers?: HeaderDocs };
/** An answer that is not JSON (a photo): its media type. */
export type ContentResponseDoc = { description: string; contentType: string; headers?: HeaderDocs };
/** An error answer `{ message, code }` and the codes it can carry (app/lib/error-codes.ts, ADR 077). */
export type ErrorResponseDoc<Code extends ErrorCode = ErrorCode> = { description: string; codes: readonly Code[] };
/**
 * A documented answer: a description (an error: `{ message, code }` with the status's own code), an
 * error with its codes (`refusal`), a JSON body with its schema, or other content.
 */
export type ResponseDoc = string | ErrorResponseDoc | JsonResponseDoc | ContentResponseDoc;

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : Record<string, never>;

type ErrorStatus = ClientErrorStatusCode | ServerErrorStatusCode;

/** Every error's body: a German message, its code, and for invalid input one message per field. */
type ErrorBody<Code extends ErrorCode> = { message: string; code: Code; fieldErrors?: Record<string, string> };

/**
 * What a handler may return for one declared status, as Hono types its answers (`c.json(body,
 * status)`, `c.redirect(url, status)`, `c.body(data, status)`): the declared schema's body for a
 * JSON answer, `{ message, code }` with a declared code for an error, anything for a redirect, a
 * 304 or content. The status must be written out (`c.json(body, 200)`), as in @hono/zod-openapi.
 */
type DeclaredAnswer<Status extends StatusCode, Doc> = Doc extends { schema: infer Schema extends z.ZodType }
  ? TypedResponse<JSONParsed<z.input<Schema>>, Status, "json">
  : Doc extends { contentType: string }
    ? TypedResponse<unknown, Status>
    : Doc extends { codes: ReadonlyArray<infer Code extends ErrorCode> }
      ? TypedResponse<JSONParsed<ErrorBody<Code>>, Status, "json">
      : Status extends ErrorStatus
        ? TypedResponse<JSONParsed<ErrorBody<StatusErrorCode<Status>>>, Status, "json">
        : TypedResponse<unknown, Status>;

/** The union of every answer an endpoint declares: a handler returning anything else fails `tsc`. */
export type DeclaredResponse<Responses> = {
  [Status in keyof Responses & StatusCode]: DeclaredAnswer<Status, Responses[Status]>;
}[keyof Responses & StatusCode];

export type EndpointInput<Params, Query, Body, A extends Auth> = {
  params: Output<Params>;
  query: Output<Query>;
  /** Reads and validates the body (once); call it after the checks that need no body. */
  body: () => Promise<BodyOutput<Body>>;
  user: A extends "session" ? User : undefined;
};

/** What is known of a request before its body is read. */
export type RequestFacts<Params, Query, A extends Auth> = Omit<EndpointInput<Params, Query, unknown, A>, "body">;

/** Bindings of the Workers rate-limiting API (wrangler.toml `[[ratelimits]]`). */
type LimiterName = Exclude<{ [K in keyof Env]-?: Env[K] extends RateLimit ? K : never }[keyof Env], undefined>;

/**
 * A rate limit the router enforces (429) after auth and path parameters, before the handler: with
 * `key` before the body is read, with `keyFromBody` right after it (e.g. the e-mail address a
 * sign-in link is asked for). `per` says in German what is counted; the 429's description in the
 * OpenAPI document lists it.
 */
export type RateLimitDecl<Params, Query, Body, A extends Auth> = { limiter: LimiterName; per: string } & (
  | { key: (c: Context<AuthedBindings>, input: RequestFacts<Params, Query, A>) => string; keyFromBody?: never }
  | { keyFromBody: (c: Context<AuthedBindings>, input: RequestFacts<Params, Query, A> & { body: BodyOutput<Body> }) => string; key?: never }
);

/**
 * The `Cache-Control` of an endpoint's answers. The router sets `value` on every answer before auth
 * runs (errors included); `otherwise` lists values that some answers carry instead, and when (set by
 * the handler, or by the edge cache in front of the route, ADR 020). The OpenAPI document publishes
 * them as the answers' `Cache-Control` header, and the contract test holds every answer to them.
 */
export type CacheControlDecl = { value: string; otherwise?: Record<string, string> };

/** An API answer says nothing about caching only by mistake: by default nobody keeps it. */
export const DEFAULT_CACHE_CONTROL = "private, no-store";

export type EndpointDef<Params, Query, Body, A extends Auth, Responses extends Record<number, ResponseDoc>> = {
  method: Method;
  /** The public path in OpenAPI form, e.g. `/api/ads/{id}`. */
  path: string;
  /** The router's pattern where it differs from the path (e.g. a key spanning several segments). */
  routePattern?: string;
  summary: string;
  auth: A;
  /** Path parameters; a value outside the schema names nothing: 404 with `notFound`. */
  params?: Params;
  notFound?: string;
  /** Query parameters; invalid ones answer 400 with German field errors. */
  query?: Query;
  body?: Body;
  /** The answers the handler itself gives; those of auth, parameters and body are added. */
  responses: Responses;
  /** `Cache-Control` of the answers (a string: the one value); `private, no-store` when not declared. */
  cacheControl?: string | CacheControlDecl;
  rateLimit?: RateLimitDecl<Params, Query, Body, A> | ReadonlyArray<RateLimitDecl<Params, Query, Body, A>>;
  /** Returns one of the declared answers (`c.json(body, status)` with the declared schema's body). */
  handler: (
    c: Context<AuthedBindings>,
    input: EndpointInput<Params, Query, Body, A>,
  ) => DeclaredResponse<NoInfer<Responses>> | Promise<DeclaredResponse<NoInfer<Responses>>>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the list holds endpoints of every shape
export type Endpoint = EndpointDef<any, any, any, Auth, Record<number, ResponseDoc>> & { handler: (...args: any[]) => unknown };

export function endpoint<
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends BodySpec | undefined = undefined,
  A extends Auth = Auth,
  Responses extends Record<number, ResponseDoc> = Record<number, ResponseDoc>,
>(definition: EndpointDef<Params, Query, Body, A, Responses>): Endpoint {
  return definition as unknown as Endpoint;
}

/** An endpoint's Cache-Control declaration in full. */
export function cacheControlOf(endpoint: Pick<Endpoint, "cacheControl">): CacheControlDecl {
  const declared = endpoint.cacheControl ?? DEFAULT_CACHE_CONTROL;
  return typeof declared === "string" ? { value: declared } : declared;
}

/** Every value an endpoint's answers may carry in Cache-Control. */
export function cacheControlValues(endpoint: Pick<Endpoint, "cacheControl">): string[] {
  const { value, otherwise = {} } = cacheControlOf(endpoint);
  return [value, ...Object.keys(otherwise)];
}

function rateLimitsOf(endpoint: Endpoint): ReadonlyArray<RateLimitDecl<unknown, unknown, unknown, Auth>> {
  if (!endpoint.rateLimit) return [];
  return (Array.isArray(endpoint.rateLimit) ? endpoint.rateLimit : [endpoint.rateLimit]) as ReadonlyArray<
    RateLimitDecl<unknown, unknown, unknown, Auth>
  >;
}

const UNSAFE = new Set(["post", "put", "patch", "delete"]);

type AuthScheme = {
  /** What the router runs before the handler. */
  guard?: MiddlewareHandler<AuthedBindings>;
  /** The answers the guard gives. */
  implies: Record<number, string>;
  /** The OpenAPI security requirement (schemes in endpoint/openapi.ts). */
  security: Array<Record<string, string[]>>;
  /** Unsafe methods skip the cross-site check: the request is signed, not sent by a browser. */
  crossSiteExempt: boolean;
};

/** Everything an endpoint's `auth` means, in one table: guard, implied statuses, security scheme, cross-site exemption. */
export const AUTH_SCHEMES: Record<Auth, AuthScheme> = {
  none: { implies: {}, security: [], crossSiteExempt: false },
  "stripe-signature": { implies: {}, security: [{ stripeSignature: [] }], crossSiteExempt: true },
  "ebay-signature": { implies: {}, security: [{ ebaySignature: [] }], crossSiteExempt: true },
  session: { guard: requireUser, implies: { 401: "nicht angemeldet" }, security: [{ cookie: [] }, { bearer: [] }], crossSiteExempt: false },
  docs: {
    guard: requireDocsAccess,
    implies: { 401: "nicht angemeldet", 403: "kein Zugriff" },
    security: [{ docsCookie: [] }, { cookie: [] }, { bearer: [] }],
    crossSiteExempt: false,
  },
};

/** The paths whose unsafe methods the cross-site check lets through (signed requests). */
export function crossSiteExemptPaths(endpoints: readonly Endpoint[]): string[] {
  return endpoints.filter((endpoint) => AUTH_SCHEMES[endpoint.auth].crossSiteExempt).map((endpoint) => endpoint.path);
}

/** A documented error answer with the codes it can carry (beside the status's own, which a plain description has). */
export function refusal<Code extends ErrorCode>(description: string, codes: readonly [Code, ...Code[]]): ErrorResponseDoc<Code> {
  return { description, codes };
}

/** An error status's documentation with its codes: a plain description carries the status's own code. */
function asRefusal(status: number, doc: string | ErrorResponseDoc): ErrorResponseDoc {
  return typeof doc === "string" ? { description: doc, codes: [statusErrorCode(status)] } : doc;
}

function isRefusal(status: number, doc: ResponseDoc | undefined): doc is string | ErrorResponseDoc {
  return status >= 400 && doc !== undefined && (typeof doc === "string" || "codes" in doc);
}

/**
 * Every status an endpoint can answer: its own and those its declaration implies. An error status
 * lists every code it can carry: those of the guard, parameters, body and rate limits, and the
 * endpoint's own. A multipart body carries the ad's photos: its refusals can be `photo_upload_failed`.
 */
export function endpointStatuses(endpoint: Endpoint): Record<number, ResponseDoc> {
  const scheme = AUTH_SCHEMES[endpoint.auth];
  const implied: Record<number, ErrorResponseDoc> = {};
  const imply = (status: number, description: string, ...codes: ErrorCode[]) =>
    (implied[status] = { description, codes: [statusErrorCode(status), ...codes] });
  for (const [status, description] of Object.entries(scheme.implies)) imply(Number(status), description);
  if (UNSAFE.has(endpoint.method) && !scheme.crossSiteExempt) imply(403, "Anfrage von einer fremden Website");
  if (endpoint.params) imply(404, endpoint.notFound ?? MESSAGES.notFound);
  const limits = rateLimitsOf(endpoint);
  if (limits.length > 0) imply(429, "zu viele Anfragen");
  const photos: ErrorCode[] = (endpoint.body as BodySpec | undefined)?.type === "multipart" ? ["photo_upload_failed"] : [];
  if (endpoint.query || endpoint.body) imply(400, "ungültige Eingabe ({ message, code, fieldErrors })", ...photos);
  if (endpoint.body) {
    imply(413, "Anfrage zu groß", ...photos);
    imply(415, "falscher Inhaltstyp", ...photos);
  }
  const statuses: Record<number, ResponseDoc> = { ...implied };
  for (const [key, doc] of Object.entries(endpoint.responses)) {
    const status = Number(key);
    const before = implied[status];
    if (!before || !isRefusal(status, doc)) {
      statuses[status] = doc;
      continue;
    }
    const own = asRefusal(status, doc);
    statuses[status] = { description: own.description, codes: [...new Set([...before.codes, ...own.codes])] };
  }
  const own429 = statuses[429];
  if (limits.length > 0 && own429 !== undefined && isRefusal(429, own429)) {
    const refused = asRefusal(429, own429);
    statuses[429] = { ...refused, description: `${refused.description} (Grenzen: ${limits.map((limit) => limit.per).join("; ")})` };
  }
  return statuses;
}

/** The codes each error status of an endpoint can carry, as its declaration says (and the document publishes). */
export function declaredErrorCodes(endpoint: Endpoint): Map<number, readonly ErrorCode[]> {
  const codes = new Map<number, readonly ErrorCode[]>();
  for (const [key, doc] of Object.entries(endpointStatuses(endpoint))) {
    const status = Number(key);
    if (isRefusal(status, doc)) codes.set(status, asRefusal(status, doc).codes);
  }
  return codes;
}

/**
 * Statuses whose answers do not carry the endpoint's Cache-Control: the cross-site check's 403,
 * which the API answers before any endpoint is chosen (app-worker/api.ts), where it is the only 403.
 */
export function statusesWithoutCacheControl(endpoint: Endpoint): number[] {
  const scheme = AUTH_SCHEMES[endpoint.auth];
  const crossSiteOnly = UNSAFE.has(endpoint.method) && !scheme.crossSiteExempt && !(403 in scheme.implies) && !(403 in endpoint.responses);
  return crossSiteOnly ? [403] : [];
}

/** Query values as the schema expects them: one string per name, an array where repeated. */
function queryObject(url: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of new URL(url).searchParams) {
    const existing = result[name];
    result[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}

/** Registers endpoints on a router mounted at `prefix` (e.g. "/api"). */
export function mountEndpoints(router: Hono<AuthedBindings>, endpoints: readonly Endpoint[], prefix: string) {
  for (const definition of endpoints) {
    const pattern = definition.routePattern ?? definition.path.slice(prefix.length).replace(/\{(\w+)\}/g, ":$1");
    const guard = AUTH_SCHEMES[definition.auth].guard;
    const cacheControl = cacheControlOf(definition).value;
    const limits = rateLimitsOf(definition);
    const declaredCodes = declaredErrorCodes(definition);
    // First of all, so that the guard's and the validation's answers carry it too.
    const setCacheControl: MiddlewareHandler<AuthedBindings> = async (c, next) => {
      c.header("Cache-Control", cacheControl);
      await next();
    };
    const handle = async (c: Context<AuthedBindings>) => {
      let params: unknown = {};
      if (definition.params) {
        const result = (definition.params as z.ZodType).safeParse(c.req.param());
        if (!result.success) throw new HttpError(404, definition.notFound ?? MESSAGES.notFound);
        params = result.data;
      }
      const query = definition.query ? parseWith(definition.query as z.ZodType, queryObject(c.req.url)) : {};
      const spec = definition.body as BodySpec | undefined;
      if (spec) precheckBody(c.req.raw, spec);
      let read: Promise<unknown> | undefined;
      const body = () => {
        if (!spec) throw new Error(`${definition.method.toUpperCase()} ${definition.path} declares no body`);
        return (read ??= readBody(c.req.raw, spec));
      };
      const facts = { params, query, user: c.get("user") } as RequestFacts<unknown, unknown, Auth>;
      for (const limit of limits) if (limit.key) await enforceRateLimit(c.env[limit.limiter], limit.key(c, facts));
      for (const limit of limits)
        if (limit.keyFromBody)
          await enforceRateLimit(c.env[limit.limiter], limit.keyFromBody(c, { ...facts, body: (await body()) as never }));
      return (await definition.handler(c, { ...facts, body })) as unknown as Response;
    };
    const handleDeclared = async (c: Context<AuthedBindings>) => {
      try {
        return await handle(c);
      } catch (error) {
        // A refusal whose code its status does not declare breaks the published contract: said in
        // the log (and so failing any test that meets it, tests/console-guard.ts); still answered.
        if (error instanceof HttpError && declaredCodes.get(error.status)?.includes(error.code) === false)
          console.error(`${definition.method.toUpperCase()} ${definition.path}: code ${error.code} is not declared for ${error.status}`);
        throw error;
      }
    };
    if (guard) router.on(definition.method.toUpperCase(), pattern, setCacheControl, guard, handleDeclared);
    else router.on(definition.method.toUpperCase(), pattern, setCacheControl, handleDeclared);
  }
}

/** `{ message }`: what most writes answer. */
export const messageSchema = z.object({ message: z.string() });

/** An error answer with the codes its status declares: a German message, the code, and for invalid input one message per field. */
export function errorSchema(codes: readonly ErrorCode[] = ERROR_CODE_VALUES) {
  return z.object({
    message: z.string(),
    code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  });
}

/** A JSON answer with its schema, for an endpoint's `responses`: the handler's `c.json` is typed against it. */
export function json<Schema extends z.ZodType>(description: string, schema: Schema, headers?: HeaderDocs): JsonResponseDoc<Schema> {
  return headers ? { description, schema, headers } : { description, schema };
}

/** JSON body limits: every JSON body is small; only photo uploads and Stripe's events are larger. */
export const JSON_BODY_LIMIT = 64 * 1024;
