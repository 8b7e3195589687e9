// The API reference, generated from the same zod schemas that validate the requests, so the
// documentation cannot drift from the code (served at /api/openapi.json, shown on /docs).
import { z } from "zod";
import { adEditSchema, adTextFieldsSchema, promptSettingsSchema } from "../../lib/ad-input";
import { magicLinkRequestSchema } from "../../lib/auth";
import { listingUrlSchema } from "../../lib/listing-url";
import { profileSchema } from "../../lib/profile";
import { counterOfferSchema, floorSchema, scamCheckSchema } from "../../lib/sales-kit";
import { logQuerySchema } from "../activity/query";

type Endpoint = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  auth: "none" | "session" | "docs" | "stripe-signature";
  body?: { type: "json" | "multipart"; schema: z.ZodType; extra?: Record<string, unknown> };
  query?: z.ZodType;
  responses: Record<string, string>;
};

const photos = { photos: { type: "array", items: { type: "string", format: "binary" }, minItems: 1, maxItems: 5, description: "JPEG/PNG/WebP, je ≤ 10 MB" }, covers: { type: "array", items: { type: "string", format: "binary" }, description: "optional: 800×600-JPEG je Foto" }, models: { type: "array", items: { type: "string", format: "binary" }, description: "optional: Kopie für die KI je Foto (JPEG, längste Kante ≤ 1024 px); ohne sie liest die KI das gespeicherte Foto" } };

export const ENDPOINTS: Endpoint[] = [
  { method: "post", path: "/api/send-magic-link", summary: "Magic Link anfordern (Demo-Modus: sofort angemeldet)", auth: "none", body: { type: "json", schema: magicLinkRequestSchema }, responses: { 200: "{ message } oder { demo: true, token }", 400: "ungültige E-Mail", 429: "zu viele Anfragen" } },
  { method: "get", path: "/api/magic-link-info", summary: "Für welche Adresse ein Magic Link gilt (für die Bestätigungsseite; verbraucht nichts)", auth: "none", query: z.object({ token: z.string() }), responses: { 200: "{ email }", 400: "ungültig", 410: "abgelaufen oder benutzt", 429: "zu viele Anfragen" } },
  { method: "post", path: "/api/verify-magic-link", summary: "Magic Link einlösen (nach Bestätigung auf /auth/verify; nur von dieser Seite)", auth: "none", body: { type: "json", schema: z.object({ token: z.string() }) }, responses: { 200: "{ isNewUser, token, message }", 400: "ungültig", 403: "von einer fremden Seite", 410: "abgelaufen oder benutzt", 429: "zu viele Anfragen" } },
  { method: "get", path: "/api/auth/user", summary: "Angemeldeter Nutzer (Cookie oder Bearer)", auth: "session", responses: { 200: "Nutzer", 401: "nicht angemeldet" } },
  { method: "get", path: "/api/login", summary: "Zur Startseite mit geöffnetem Anmeldedialog", auth: "none", responses: { 302: "Weiterleitung" } },
  { method: "get", path: "/api/logout", summary: "Abmelden (Sitzung beenden; nur von eigenen Seiten)", auth: "none", responses: { 302: "Weiterleitung zu /" } },
  { method: "post", path: "/api/logout", summary: "Abmelden; mit { everywhere: true } auf allen Geräten", auth: "session", body: { type: "json", schema: z.object({ everywhere: z.boolean().optional() }) }, responses: { 200: "{ message }", 400: "ungültige Eingabe", 403: "von einer fremden Seite" } },
  { method: "post", path: "/api/ads", summary: "Anzeige erstellen (bis zu 5 Fotos)", auth: "session", body: { type: "multipart", schema: adTextFieldsSchema, extra: photos }, responses: { 201: "Anzeige (processing)", 400: "ungültige Eingabe", 402: "Limit erreicht", 413: "Foto zu groß", 415: "kein Bild" } },
  { method: "get", path: "/api/ads", summary: "Eigene Anzeigen, neueste zuerst", auth: "session", responses: { 200: "Anzeigen" } },
  { method: "patch", path: "/api/ads/{id}", summary: "Titel/Beschreibung ändern, Foto ersetzen oder entfernen", auth: "session", body: { type: "multipart", schema: adEditSchema, extra: { image: { type: "string", format: "binary" }, cover: { type: "string", format: "binary" } } }, responses: { 200: "Anzeige", 404: "nicht gefunden", 409: "wird gerade erstellt" } },
  { method: "put", path: "/api/ads/{id}/listing", summary: "Wo ist die Anzeige online? Link zur Anzeige beim Marktplatz (nur bekannte Marktplätze; null entfernt ihn)", auth: "session", body: { type: "json", schema: listingUrlSchema }, responses: { 200: "Anzeige", 400: "kein Link zu einem bekannten Marktplatz", 404: "nicht gefunden", 415: "kein JSON" } },
  { method: "post", path: "/api/ads/{id}/retry", summary: "Fehlgeschlagene Anzeige erneut erstellen", auth: "session", responses: { 200: "Anzeige (processing)", 402: "Limit erreicht", 409: "nicht fehlgeschlagen" } },
  { method: "delete", path: "/api/ads/{id}", summary: "Anzeige und Fotos endgültig löschen", auth: "session", responses: { 200: "{ message }", 404: "nicht gefunden" } },
  { method: "get", path: "/api/ads/{id}/sales-kit", summary: "Verkaufshelfer: Preisstrategie (Anzeigenpreis, Mein Minimum, VB/Festpreis) und fertige Antworten", auth: "session", responses: { 200: "{ adId, strategy, replies }", 404: "nicht gefunden", 409: "Anzeige noch nicht fertig" } },
  { method: "put", path: "/api/ads/{id}/sales-kit", summary: "Verkaufshelfer: eigenes Minimum speichern (null = Vorschlag)", auth: "session", body: { type: "json", schema: floorSchema }, responses: { 200: "{ adId, strategy, replies }", 400: "ungültiger Betrag", 404: "nicht gefunden", 409: "Anzeige noch nicht fertig", 415: "kein JSON" } },
  { method: "post", path: "/api/ads/{id}/sales-kit/counter-offer", summary: "Verkaufshelfer: Antwort auf ein Preisangebot (nie unter dem Minimum)", auth: "session", body: { type: "json", schema: counterOfferSchema }, responses: { 200: "{ decision, price, offer, floor, anchor, message }", 400: "ungültiger Betrag", 404: "nicht gefunden", 409: "Anzeige noch nicht fertig", 415: "kein JSON" } },
  { method: "post", path: "/api/ads/{id}/scam-check", summary: "Verkaufshelfer: Käufernachricht auf Betrugsmuster prüfen (Nachricht wird nicht gespeichert)", auth: "session", body: { type: "json", schema: scamCheckSchema }, responses: { 200: "{ verdict, label, matches, advice }", 400: "leere oder zu lange Nachricht", 404: "nicht gefunden", 409: "Anzeige noch nicht fertig", 415: "kein JSON", 429: "zu viele Prüfungen" } },
  { method: "get", path: "/api/ads/public/{id}", summary: "Öffentliche Ansicht einer fertigen Anzeige", auth: "none", responses: { 200: "Anzeige ohne Eigentümerdaten", 404: "nicht gefunden" } },
  { method: "get", path: "/images/{key}", summary: "Foto aus R2 (gespeicherter Typ, nosniff, lange Cache-Dauer)", auth: "none", responses: { 200: "Bild", 304: "unverändert", 404: "nicht gefunden" } },
  { method: "get", path: "/api/profile", summary: "Profil lesen", auth: "session", responses: { 200: "Profil" } },
  { method: "put", path: "/api/profile", summary: "Profil speichern", auth: "session", body: { type: "json", schema: profileSchema }, responses: { 200: "Profil", 400: "{ message, fieldErrors }" } },
  { method: "get", path: "/api/prompts", summary: "Eigene KI-Prompts (im Konto gespeichert; Standard, wo nicht geändert)", auth: "session", responses: { 200: "{ image_analysis, title, description, legal_notes }" } },
  { method: "put", path: "/api/prompts", summary: "Eigene KI-Prompts speichern (leer oder Standard = Standard)", auth: "session", body: { type: "json", schema: promptSettingsSchema }, responses: { 200: "alle vier Prompts", 400: "zu lang oder ungültig" } },
  { method: "post", path: "/api/send-invite", summary: "Einladung per E-Mail", auth: "session", body: { type: "json", schema: magicLinkRequestSchema }, responses: { 200: "{ message }", 429: "zu viele Einladungen" } },
  { method: "delete", path: "/api/account", summary: "Konto mit allen Daten und Fotos löschen", auth: "session", responses: { 200: "{ message }" } },
  { method: "post", path: "/api/get-or-create-subscription", summary: "Wöchentliches Pro-Abo vorbereiten", auth: "session", responses: { 200: "{ clientSecret } oder { status: 'active' }", 503: "Zahlungen nicht eingerichtet" } },
  { method: "get", path: "/api/billing/checkout/{plan}", summary: "Zum Stripe-Checkout (pro_pack, power)", auth: "session", responses: { 303: "Weiterleitung", 503: "Zahlungen nicht eingerichtet" } },
  { method: "post", path: "/api/stripe/webhook", summary: "Stripe-Webhook (signiert, jedes Ereignis genau einmal)", auth: "stripe-signature", responses: { 200: "{ received, outcome }", 400: "ungültige Signatur" } },
  { method: "post", path: "/api/docs/unlock", summary: "Interne Doku freischalten", auth: "none", body: { type: "json", schema: z.object({ password: z.string() }) }, responses: { 200: "Cookie gesetzt", 401: "Falsches Passwort", 429: "zu viele Versuche" } },
  { method: "get", path: "/api/logs", summary: "Aktivitätsprotokoll, gefiltert und seitenweise (Gesamtzahl im Header X-Total-Count)", auth: "docs", query: logQuerySchema, responses: { 200: "Einträge", 401: "nicht freigeschaltet", 403: "kein Zugriff" } },
  { method: "get", path: "/api/health", summary: "Betriebsbereitschaft (D1)", auth: "none", responses: { 200: "{ status: 'ok' }" } },
];

export function openApiDocument(baseUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
    const operation: Record<string, unknown> = {
      summary: endpoint.summary,
      security: endpoint.auth === "session" ? [{ cookie: [] }, { bearer: [] }] : endpoint.auth === "docs" ? [{ docsCookie: [] }, { cookie: [] }] : [],
      responses: Object.fromEntries(Object.entries(endpoint.responses).map(([status, description]) => [status, { description }])),
    };
    if (endpoint.query) {
      const schema = jsonSchema(endpoint.query) as { properties?: Record<string, unknown> };
      operation.parameters = Object.entries(schema.properties ?? {}).map(([name, property]) => ({ name, in: "query", schema: property }));
    }
    if (endpoint.body) {
      const schema = jsonSchema(endpoint.body.schema) as { properties?: Record<string, unknown> };
      const merged = endpoint.body.extra ? { ...schema, properties: { ...schema.properties, ...endpoint.body.extra } } : schema;
      operation.requestBody = { content: { [endpoint.body.type === "json" ? "application/json" : "multipart/form-data"]: { schema: merged } } };
    }
    paths[endpoint.path] = { ...(paths[endpoint.path] ?? {}), [endpoint.method]: operation };
  }
  return {
    openapi: "3.1.0",
    info: { title: "AnzeigenPilot API", version: "1.0.0", description: "Alle Fehler antworten mit { message } auf Deutsch." },
    servers: [{ url: baseUrl }],
    components: {
      securitySchemes: {
        cookie: { type: "apiKey", in: "cookie", name: "ap_session" },
        bearer: { type: "http", scheme: "bearer" },
        docsCookie: { type: "apiKey", in: "cookie", name: "ap_docs" },
      },
    },
    paths,
  };
}
