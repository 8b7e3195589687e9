// The API reference (served at /api/openapi.json, shown on /docs), generated from the endpoint
// declarations the router mounts: the same zod schemas validate requests and describe them, so
// the document cannot drift from the code.
import { z } from "zod";
import {
  AUTH_SCHEMES,
  cacheControlOf,
  endpointStatuses,
  errorSchema,
  statusesWithoutCacheControl,
  type Endpoint,
  type HeaderDocs,
  type ResponseDoc,
} from "./endpoint";
import type { BodySpec, FilePart } from "./read-body";
import { ERROR_CODES, statusErrorCode } from "../../../lib/error-codes";

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

function toJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return describeNullables(rest) as JsonSchema;
}

/**
 * A nullable value's description on the value itself (`anyOf: [X, null]`), not inside X, where
 * drizzle-zod puts a column's (`priceMin: "Cent"`) and where readers and the browser's generated
 * types (ADR 058) do not show it.
 */
function describeNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(describeNullables);
  if (!node || typeof node !== "object") return node;
  const entries = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, describeNullables(value)])) as JsonSchema;
  const branches = entries.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2 || entries.description !== undefined) return entries;
  const [value, other] = branches as JsonSchema[];
  if (other.type !== "null" || typeof value.description !== "string") return entries;
  const { description, ...inner } = value;
  return { ...entries, description, anyOf: [inner, other] };
}

function parameters(schema: z.ZodType, location: "path" | "query") {
  const json = toJsonSchema(schema, "input");
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === "path" || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function filePartSchema(part: FilePart): JsonSchema {
  const file = { type: "string", format: "binary", contentMediaType: "application/octet-stream" };
  if (part.max === 1) return { ...file, description: part.description };
  return { type: "array", items: file, minItems: part.min, maxItems: part.max, description: part.description };
}

function requestBody(spec: BodySpec) {
  if (spec.type === "json") {
    return { required: !spec.optional, content: { "application/json": { schema: toJsonSchema(spec.schema, "input") } } };
  }
  if (spec.type === "raw") {
    return { required: true, description: spec.description, content: { [spec.contentType]: { schema: { type: "object" } } } };
  }
  const fields = toJsonSchema(spec.fields, "input");
  const files = Object.entries<FilePart>(spec.files);
  return {
    required: true,
    description: `multipart/form-data, höchstens ${Math.floor(spec.maxBytes / 1024 / 1024)} MB und ${spec.maxParts} Teile`,
    content: {
      "multipart/form-data": {
        schema: {
          ...fields,
          properties: { ...fields.properties, ...Object.fromEntries(files.map(([name, part]) => [name, filePartSchema(part)])) },
          required: [...(fields.required ?? []), ...files.filter(([, part]) => part.min > 0).map(([name]) => name)],
          additionalProperties: false,
        },
      },
    },
  };
}

/** The endpoint's declared Cache-Control as a response header: its values and when each applies. */
function cacheControlHeader(endpoint: Endpoint): HeaderDocs {
  const { value, otherwise = {} } = cacheControlOf(endpoint);
  const cases = Object.entries(otherwise).map(([other, when]) => `„${other}“ ${when}`);
  const description = cases.length === 0 ? `immer „${value}“` : `„${value}“, sonst: ${cases.join("; ")}`;
  return { "Cache-Control": { description, schema: { type: "string", enum: [value, ...Object.keys(otherwise)] } } };
}

function response(status: number, doc: ResponseDoc, cacheControl: HeaderDocs | undefined) {
  const {
    description,
    headers: ownHeaders,
    ...content
  } = typeof doc === "string" ? { description: doc, headers: undefined } : { headers: undefined, ...doc };
  const headers = { ...cacheControl, ...ownHeaders };
  if (status === 302 || status === 303) {
    return { description, headers: { ...headers, Location: { description: "Ziel der Weiterleitung", schema: { type: "string" } } } };
  }
  const withHeaders = Object.keys(headers).length > 0 ? { headers } : {};
  if (status === 304) return { description, ...withHeaders };
  const body =
    "schema" in content
      ? content.schema
      : status >= 400
        ? errorSchema("codes" in content ? content.codes : [statusErrorCode(status)])
        : undefined;
  return {
    description,
    ...withHeaders,
    ...(body
      ? { content: { "application/json": { schema: toJsonSchema(body, "output") } } }
      : "contentType" in content
        ? { content: { [content.contentType]: {} } }
        : {}),
  };
}

export function openApiDocument(endpoints: readonly Endpoint[], baseUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const params = [
      ...(endpoint.params ? parameters(endpoint.params, "path") : []),
      ...(endpoint.query ? parameters(endpoint.query, "query") : []),
    ];
    const statuses = endpointStatuses(endpoint);
    const cacheControl = cacheControlHeader(endpoint);
    const without = new Set(statusesWithoutCacheControl(endpoint));
    paths[endpoint.path] = {
      ...paths[endpoint.path],
      [endpoint.method]: {
        operationId: `${endpoint.method}${endpoint.path.replace(/\{(\w+)\}/g, "By-$1").replace(/[^A-Za-z0-9]+(\w)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase())}`,
        summary: endpoint.summary,
        security: AUTH_SCHEMES[endpoint.auth].security,
        ...(params.length > 0 ? { parameters: params } : {}),
        ...(endpoint.body ? { requestBody: requestBody(endpoint.body) } : {}),
        responses: Object.fromEntries(
          Object.entries(statuses).map(([status, doc]) => [
            status,
            response(Number(status), doc, without.has(Number(status)) ? undefined : cacheControl),
          ]),
        ),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "AnzeigenPilot API",
      version: "1.0.0",
      description:
        "Alle Fehler antworten mit { message, code }: message auf Deutsch für Menschen, code für Programme (je Status die Codes, die er tragen kann); ungültige Eingaben zusätzlich mit fieldErrors (eine Meldung je Feld). Unbekannte Methoden antworten 405 mit Allow. Codes: " +
        Object.entries(ERROR_CODES)
          .map(([code, meaning]) => `${code} (${meaning})`)
          .join(", ") +
        ".",
    },
    servers: [{ url: baseUrl }],
    components: {
      securitySchemes: {
        cookie: { type: "apiKey", in: "cookie", name: "ap_session" },
        bearer: { type: "http", scheme: "bearer" },
        docsCookie: { type: "apiKey", in: "cookie", name: "ap_docs" },
        stripeSignature: { type: "apiKey", in: "header", name: "Stripe-Signature" },
        ebaySignature: { type: "apiKey", in: "header", name: "X-EBAY-SIGNATURE" },
      },
    },
    paths,
  };
}
