// One way to declare an API route: its path, auth, parameters, body and answers in one object.
// The router mounts it (auth → path parameters → query → content type and declared size →
// handler), and the OpenAPI document is generated from the same objects (docs/openapi.ts), so
// the published contract is the code. Handlers read the body through `body()`, after their own
// existence, ownership and rate-limit checks: nothing of a refused request is read.
import type { Context, Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import { requireUser, type AuthedBindings } from "../auth/middleware";
import { enforceRateLimit } from "../auth/rate-limit";
import type { User } from "../db/schema";
import { requireDocsAccess } from "../docs/guard";
import { HttpError, MESSAGES } from "./errors";
import { parseWith, precheckBody, readBody, type BodyOutput, type BodySpec } from "./read-body";

export type Auth = "none" | "session" | "docs" | "stripe-signature";
export type Method = "get" | "post" | "put" | "patch" | "delete";

/** A documented answer: a description, and for JSON answers the schema of the body. */
export type ResponseDoc =
  | string
  | { description: string; schema?: z.ZodType; contentType?: string; headers?: Record<string, { description: string; schema: Record<string, unknown> }> };

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : Record<string, never>;

export type EndpointInput<Params, Query, Body, A extends Auth> = {
  params: Output<Params>;
  query: Output<Query>;
  /** Reads and validates the body (once); call it after the checks that need no body. */
  body: () => Promise<BodyOutput<Body>>;
  user: A extends "session" ? User : undefined;
};

/** Bindings of the Workers rate-limiting API (wrangler.toml `[[ratelimits]]`). */
type LimiterName = Exclude<{ [K in keyof Env]-?: Env[K] extends RateLimit ? K : never }[keyof Env], undefined>;

/** A rate limit the router enforces after auth and path parameters, before the handler and its body: 429. */
export type RateLimitDecl<Params, Query, Body, A extends Auth> = {
  limiter: LimiterName;
  /** The key counted, from what is known before the body (e.g. `user:<id>`). */
  key: (c: Context<AuthedBindings>, input: Omit<EndpointInput<Params, Query, Body, A>, "body">) => string;
};

export type EndpointDef<Params, Query, Body, A extends Auth> = {
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
  responses: Record<number, ResponseDoc>;
  /** `Cache-Control` of every answer, set before the handler runs (e.g. `private, no-store` for a user's data). */
  cacheControl?: string;
  rateLimit?: RateLimitDecl<Params, Query, Body, A>;
  handler: (c: Context<AuthedBindings>, input: EndpointInput<Params, Query, Body, A>) => Response | Promise<Response>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the list holds endpoints of every shape
export type Endpoint = EndpointDef<any, any, any, Auth>;

export function endpoint<
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends BodySpec | undefined = undefined,
  A extends Auth = Auth,
>(definition: EndpointDef<Params, Query, Body, A>): Endpoint {
  return definition as Endpoint;
}

const UNSAFE = new Set(["post", "put", "patch", "delete"]);

type AuthScheme = {
  /** What the router runs before the handler. */
  guard?: MiddlewareHandler<AuthedBindings>;
  /** The answers the guard gives. */
  implies: Record<number, string>;
  /** The OpenAPI security requirement (schemes in docs/openapi.ts). */
  security: Array<Record<string, string[]>>;
  /** Unsafe methods skip the cross-site check: the request is signed, not sent by a browser. */
  crossSiteExempt: boolean;
};

/** Everything an endpoint's `auth` means, in one table: guard, implied statuses, security scheme, cross-site exemption. */
export const AUTH_SCHEMES: Record<Auth, AuthScheme> = {
  none: { implies: {}, security: [], crossSiteExempt: false },
  "stripe-signature": { implies: {}, security: [{ stripeSignature: [] }], crossSiteExempt: true },
  session: { guard: requireUser, implies: { 401: "nicht angemeldet" }, security: [{ cookie: [] }, { bearer: [] }], crossSiteExempt: false },
  docs: { guard: requireDocsAccess, implies: { 401: "nicht angemeldet", 403: "kein Zugriff" }, security: [{ docsCookie: [] }, { cookie: [] }, { bearer: [] }], crossSiteExempt: false },
};

/** The paths whose unsafe methods the cross-site check lets through (signed requests). */
export function crossSiteExemptPaths(endpoints: readonly Endpoint[]): string[] {
  return endpoints.filter((endpoint) => AUTH_SCHEMES[endpoint.auth].crossSiteExempt).map((endpoint) => endpoint.path);
}

/** Every status an endpoint can answer: its own and those its declaration implies. */
export function endpointStatuses(endpoint: Endpoint): Record<number, ResponseDoc> {
  const scheme = AUTH_SCHEMES[endpoint.auth];
  const implied: Record<number, string> = { ...scheme.implies };
  if (UNSAFE.has(endpoint.method) && !scheme.crossSiteExempt) implied[403] = "Anfrage von einer fremden Website";
  if (endpoint.params) implied[404] = endpoint.notFound ?? MESSAGES.notFound;
  if (endpoint.rateLimit) implied[429] = "zu viele Anfragen";
  if (endpoint.query || endpoint.body) implied[400] = "ungültige Eingabe ({ message, fieldErrors })";
  if (endpoint.body) {
    implied[413] = "Anfrage zu groß";
    implied[415] = "falscher Inhaltstyp";
  }
  return { ...implied, ...endpoint.responses };
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
      if (definition.cacheControl) c.header("Cache-Control", definition.cacheControl);
      const user = c.get("user");
      if (definition.rateLimit) {
        const limit = definition.rateLimit as RateLimitDecl<unknown, unknown, unknown, Auth>;
        await enforceRateLimit(c.env[limit.limiter] as RateLimit, limit.key(c, { params, query, user } as Omit<EndpointInput<unknown, unknown, unknown, Auth>, "body">));
      }
      return definition.handler(c, { params, query, body, user } as EndpointInput<unknown, unknown, unknown, Auth>);
    };
    if (guard) router.on(definition.method.toUpperCase(), pattern, guard, handle);
    else router.on(definition.method.toUpperCase(), pattern, handle);
  }
}

/** `{ message }`: what most writes answer. */
export const messageSchema = z.object({ message: z.string() });

/** Every error: a German message, and for invalid input one message per field. */
export const errorSchema = z.object({ message: z.string(), fieldErrors: z.record(z.string(), z.string()).optional() });

/** A JSON answer with its schema, for an endpoint's `responses`. */
export function json(description: string, schema: z.ZodType): ResponseDoc {
  return { description, schema };
}

/** JSON body limits: every JSON body is small; only photo uploads and Stripe's events are larger. */
export const JSON_BODY_LIMIT = 64 * 1024;
