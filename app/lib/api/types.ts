// The API's types by path and method, read from the generated schema (schema.d.ts, written by
// `npm run typegen` from the OpenAPI document the server builds from its endpoint declarations,
// ADR 058). Types only: nothing here reaches the browser bundle. A component that needs an answer's
// shape names its operation (`ApiAnswer<"GET", "/api/ads/{id}/sales-kit">`), never a copy of it.
import type { paths } from "./schema";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][Lowercase<M>]>;

/** The API's paths (OpenAPI form, `/api/ads/{id}`) that answer `M`. */
export type ApiPath<M extends HttpMethod> = {
  [P in keyof paths]: [NonNullable<paths[P][Lowercase<M>]>] extends [never] ? never : P;
}[keyof paths];

type JsonOf<Response> = Response extends { content: { "application/json": infer Body } } ? Body : never;
type SuccessStatus = 200 | 201 | 202 | 203;

/** The JSON body of a successful answer to `M P`. */
export type ApiAnswer<M extends HttpMethod, P extends ApiPath<M>> =
  Operation<P, M> extends { responses: infer Responses }
    ? { [Status in keyof Responses]: Status extends SuccessStatus ? JsonOf<Responses[Status]> : never }[keyof Responses]
    : never;

/** The JSON body `M P` takes. */
export type ApiBody<M extends HttpMethod, P extends ApiPath<M>> = JsonOf<NonNullable<Operation<P, M>["requestBody"]>>;

type PathPart<O> = O extends { parameters: { path: infer Params extends object } } ? { params: Params } : { params?: never };
type QueryPart<O> = O extends { parameters: { query: infer Query extends object } }
  ? { query: Query }
  : O extends { parameters: { query?: infer Query } }
    ? [NonNullable<Query>] extends [never]
      ? { query?: never }
      : { query?: NonNullable<Query> }
    : { query?: never };
type BodyPart<O> = O extends { requestBody: { content: { "application/json": infer Body } } }
  ? { body: Body }
  : O extends { requestBody?: { content: { "application/json": infer Body } } }
    ? [NonNullable<O["requestBody"]>] extends [never]
      ? { body?: never }
      : { body?: Body }
    : { body?: never };

/**
 * What a call names beside method and path: path parameters, query and JSON body, as the operation
 * declares them, and the signal that cancels it.
 */
export type ApiInit<M extends HttpMethod, P extends ApiPath<M>> = PathPart<Operation<P, M>> &
  QueryPart<Operation<P, M>> &
  BodyPart<Operation<P, M>> & { signal?: AbortSignal };

/** The init argument, required when the operation has path parameters, a required query or a required body. */
export type ApiInitArgs<M extends HttpMethod, P extends ApiPath<M>> =
  object extends ApiInit<M, P> ? [init?: ApiInit<M, P>] : [init: ApiInit<M, P>];

/** An ad as its owner sees it: GET /api/ads (and the dashboard's loader, which uses the same serializer). */
export type AdJson = ApiAnswer<"GET", "/api/ads">[number];
/** The signed-in seller: GET /api/auth/user (and the pages' loaders). */
export type PublicUser = ApiAnswer<"GET", "/api/auth/user">;
/** The Verkaufszähler: GET /api/sales-counter (and the profile's loader). */
export type SalesCounter = ApiAnswer<"GET", "/api/sales-counter">;
