// /api/docs/unlock, /api/logs, /api/logs/facets and /api/openapi.json.
import { z } from "zod";
import { logFacets, logQuerySchema, queryLogs } from "../activity/query";
import { getDb } from "../../db/client";
import { getConfig } from "../env";
import { clientAddress } from "../endpoint/client";
import { endpoint, json, JSON_BODY_LIMIT, messageSchema, type Endpoint } from "../endpoint/endpoint";
import { HttpError } from "../../http-error";
import { checkDocsPassword, DOCS_DISABLED_MESSAGE, DOCS_PASSWORD_THIS_MACHINE_ONLY, docsCookie, WRONG_PASSWORD } from "../docs/access";
import { remoteClientOfLocalInstance } from "../endpoint/local-peer";
import { openApiDocument } from "../endpoint/openapi";

const logEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  email: z.string().nullable(),
  country: z.string().nullable(),
  timestamp: z.number().int().describe("Epoch-Millisekunden"),
  details: z.unknown().describe("Details des Ereignisses (JSON)"),
});

/** The docs endpoints; `all` names every endpoint of the API for the reference it serves. */
export function docsEndpoints(all: () => readonly Endpoint[]) {
  return [
    endpoint({
      method: "post",
      path: "/api/docs/unlock",
      summary: "Interne Doku freischalten",
      auth: "none",
      body: { type: "json", schema: z.object({ password: z.string().max(200) }), maxBytes: JSON_BODY_LIMIT },
      responses: {
        200: json("Cookie gesetzt", messageSchema),
        401: WRONG_PASSWORD,
        403: `lokaler Server, Anfrage nicht von diesem Rechner („${DOCS_PASSWORD_THIS_MACHINE_ONLY}“)`,
        429: "zu viele Versuche",
        503: `Doku deaktiviert („${DOCS_DISABLED_MESSAGE}“)`,
      },
      rateLimit: {
        limiter: "DOCS_LIMITER",
        per: "Versuche je Adresse",
        key: (c) => `docs:${clientAddress(c.req.raw, getConfig(c.env))}`,
      },
      handler: async (c, { body }) => {
        const config = getConfig(c.env);
        if (!config.DOCS_PASSWORD) throw new HttpError(503, DOCS_DISABLED_MESSAGE);
        // The local docs password is documented (README): on a local instance open to the network
        // it would show every seller's address to anyone there, so only this machine may use it (ADR 067).
        if (remoteClientOfLocalInstance(c.req.raw, config)) throw new HttpError(403, DOCS_PASSWORD_THIS_MACHINE_ONLY);
        const { password } = await body();
        if (!(await checkDocsPassword(config, password))) throw new HttpError(401, WRONG_PASSWORD);
        c.header("Set-Cookie", await docsCookie(config));
        return c.json({ message: "Zugang gewährt" }, 200);
      },
    }),
    endpoint({
      method: "get",
      path: "/api/logs",
      summary: "Aktivitätsprotokoll, gefiltert und seitenweise (Gesamtzahl im Header X-Total-Count)",
      auth: "docs",
      query: logQuerySchema,
      responses: {
        200: {
          description: "Einträge, neueste zuerst",
          schema: z.array(logEntrySchema),
          headers: { "X-Total-Count": { description: "Anzahl aller Treffer", schema: { type: "integer" } } },
        },
      },
      handler: async (c, { query }) => {
        const { entries, total } = await queryLogs(getDb(c.env.DB), query);
        c.header("X-Total-Count", String(total));
        return c.json(entries, 200);
      },
    }),
    endpoint({
      method: "get",
      path: "/api/logs/facets",
      summary: "Filterwerte des Aktivitätsprotokolls (Aktionen, Länder)",
      auth: "docs",
      responses: { 200: json("Aktionen und Länder", z.object({ actions: z.array(z.string()), countries: z.array(z.string()) })) },
      handler: async (c) => c.json(await logFacets(getDb(c.env.DB)), 200),
    }),
    endpoint({
      method: "get",
      path: "/api/openapi.json",
      summary: "Diese API-Referenz (OpenAPI 3.1), aus den Routen erzeugt",
      auth: "docs",
      responses: { 200: json("OpenAPI-Dokument", z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }).loose()) },
      handler: (c) => c.json(openApiDocument(all(), getConfig(c.env).PUBLIC_BASE_URL), 200),
    }),
  ];
}
