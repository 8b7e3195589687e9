// The endpoint declaration holds what it documents (ADR 017, 032): handler results are typed
// against the declared responses (checked by `tsc`, which type-checks this file: each
// `@ts-expect-error` below fails the type check if the mistake under it compiles), the declared
// Cache-Control is published in the OpenAPI document and sent on the answers, and every rate limit
// is a declaration the router enforces.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ALL_ENDPOINTS } from "~/.server/app-worker/api";
import { AUTH_SCHEMES, cacheControlValues, endpoint, json, mountEndpoints, refusal } from "~/.server/app-worker/endpoint/endpoint";
import { createRouter, errorJson, onError } from "~/.server/app-worker/endpoint/router";
import type { AuthedBindings } from "~/.server/app-worker/endpoint/require-user";
import { HttpError } from "~/.server/http-error";
import { expectConsoleError } from "../console-guard";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { openApiDocument } from "~/.server/app-worker/endpoint/openapi";
import { insertAd, insideOneRateLimitWindow, signedInUser } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));
const outboxEnv = { ...env, MAIL_MODE: "outbox" } as Env;

function call(path: string, init: RequestInit = {}, bindings: Env = env) {
  const headers = new Headers(init.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", `203.0.113.${Math.floor(Math.random() * 250)}`);
  return app.request(`http://localhost:8787${path}`, { ...init, headers }, bindings, workerContext());
}

describe("handler results typed against the declared responses", () => {
  const price = z.object({ cents: z.number().int() });
  const base = { method: "get", path: "/api/beispiel", summary: "Beispiel", auth: "none" } as const;

  it("compile only for a declared status with its declared body", () => {
    const declared = [
      endpoint({ ...base, responses: { 200: json("Preis", price), 404: "nicht gefunden" }, handler: (c) => c.json({ cents: 100 }, 200) }),
      endpoint({
        ...base,
        responses: { 200: json("Preis", price), 404: "nicht gefunden" },
        handler: (c) => c.json({ message: "Nicht gefunden.", code: "not_found" as const }, 404),
      }),
      endpoint({
        ...base,
        responses: { 200: json("Preis", price), 503: refusal("gerade nicht", ["unavailable", "upstream_failed"]) },
        handler: (c) => errorJson(c, 503, "Gerade nicht.", "upstream_failed"),
      }),
      endpoint({
        ...base,
        responses: { 200: json("Preis", price), 404: "nicht gefunden" },
        // @ts-expect-error -- an error answer without its code (ADR 077)
        handler: (c) => c.json({ message: "Nicht gefunden." }, 404),
      }),
      endpoint({
        ...base,
        responses: { 200: json("Preis", price), 404: "nicht gefunden" },
        // @ts-expect-error -- a code the status does not declare
        handler: (c) => errorJson(c, 404, "Nicht gefunden.", "photo_upload_failed"),
      }),
      endpoint({ ...base, responses: { 303: "Weiterleitung" }, handler: (c) => c.redirect("/", 303) }),
      endpoint({
        ...base,
        responses: { 200: json("Preis", price) },
        // @ts-expect-error -- a body the declared 200 does not describe
        handler: (c) => c.json({ cents: "teuer" }, 200),
      }),
      endpoint({
        ...base,
        responses: { 200: json("Preis", price) },
        // @ts-expect-error -- a field of the declared body is missing
        handler: (c) => c.json({}, 200),
      }),
      endpoint({
        ...base,
        responses: { 200: json("Preis", price) },
        // @ts-expect-error -- a status the endpoint does not declare
        handler: (c) => c.json({ cents: 100 }, 201),
      }),
      endpoint({
        ...base,
        responses: { 200: json("Preis", price), 409: "Konflikt" },
        // @ts-expect-error -- an error status answers { message }, not the success body
        handler: (c) => c.json({ cents: 100 }, 409),
      }),
      endpoint({
        ...base,
        responses: { 200: json("Preis", price) },
        // @ts-expect-error -- a bare Response escapes the declaration
        handler: () => new Response(JSON.stringify({ cents: 100 })),
      }),
    ];
    expect(declared).toHaveLength(11);
  });
});

describe("declared Cache-Control", () => {
  type Operation = { responses: Record<string, { headers?: Record<string, { schema: { enum: string[] } }> }> };
  const document = openApiDocument(ALL_ENDPOINTS, "http://localhost:8787") as { paths: Record<string, Record<string, Operation>> };

  it("is published as a header of every answer of every operation", () => {
    for (const declared of ALL_ENDPOINTS) {
      const operation = document.paths[declared.path]![declared.method]!;
      for (const [status, answer] of Object.entries(operation.responses)) {
        // The cross-site check answers before an endpoint is chosen (app-worker/api.ts): its 403 has none.
        if (
          status === "403" &&
          declared.method !== "get" &&
          declared.auth !== "docs" &&
          !AUTH_SCHEMES[declared.auth].crossSiteExempt &&
          !(403 in declared.responses)
        )
          continue;
        expect(answer.headers?.["Cache-Control"]?.schema.enum, `${declared.method} ${declared.path} ${status}`).toEqual(
          cacheControlValues(declared),
        );
      }
    }
    expect(document.paths["/api/ads/public/{id}"]!.get!.responses["200"]!.headers!["Cache-Control"]!.schema.enum).toEqual([
      "public, no-cache",
      "private, no-cache",
      "no-store",
    ]);
    expect(document.paths["/api/ads"]!.get!.responses["200"]!.headers!["Cache-Control"]!.schema.enum).toEqual(["private, no-store"]);
  });

  it("is what the answers carry, errors included", async () => {
    const session = await signedInUser();
    const expectations: Array<[string, RequestInit, number, string]> = [
      ["/api/ads", { headers: session.auth }, 200, "private, no-store"],
      ["/api/ads", {}, 401, "private, no-store"],
      ["/api/health", {}, 200, "private, no-store"],
      ["/api/magic-link-info?token=kurz", {}, 400, "private, no-store"],
      [`/api/ads/public/${crypto.randomUUID()}`, {}, 404, "public, no-cache"],
      // Past the edge cache (signed in, or a path it does not keep): private.
      [`/api/ads/public/${crypto.randomUUID()}`, { headers: session.auth }, 404, "private, no-cache"],
      ["/api/ads/public/kein-uuid", {}, 404, "private, no-cache"],
      ["/images/ads/kein-schluessel.png", {}, 404, "no-store"],
    ];
    for (const [path, init, status, cacheControl] of expectations) {
      const response = await call(path, init);
      // Read to the end: an open body holds its stream (R2, the cache) into the next test's reset().
      await response.arrayBuffer();
      expect([response.status, response.headers.get("Cache-Control")], path).toEqual([status, cacheControl]);
    }
    const ad = await insertAd(session.user.id, { status: "completed" });
    const key = `ads/${ad.id}/${"k".repeat(43)}.png`;
    await env.PHOTOS.put(key, new Uint8Array([1, 2, 3]), { httpMetadata: { contentType: "image/png" } });
    const photo = await call(`/images/${key}`, { headers: session.auth });
    expect([photo.status, photo.headers.get("Cache-Control")]).toEqual([200, "private, max-age=31536000, immutable"]);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });
});

describe("declared error codes (ADR 077)", () => {
  type ErrorDoc = { content: { "application/json": { schema: { properties: { code: { enum: string[] } } } } } };
  const document = openApiDocument(ALL_ENDPOINTS, "http://localhost:8787") as {
    paths: Record<string, Record<string, { responses: Record<string, ErrorDoc> }>>;
  };
  const codesOf = (path: string, method: string, status: number) =>
    document.paths[path]![method]!.responses[status]!.content["application/json"].schema.properties.code.enum;

  it("are published per status: the status's own, and photo_upload_failed where a body carries photos", () => {
    expect(codesOf("/api/ads", "post", 400)).toEqual(["invalid_input", "photo_upload_failed"]);
    expect(codesOf("/api/ads", "post", 413)).toEqual(["too_large", "photo_upload_failed"]);
    expect(codesOf("/api/ads", "post", 415)).toEqual(["unsupported_media_type", "photo_upload_failed"]);
    expect(codesOf("/api/ads", "post", 402)).toEqual(["limit_reached"]);
    expect(codesOf("/api/ads", "post", 401)).toEqual(["unauthorized"]);
    expect(codesOf("/api/profile", "put", 400)).toEqual(["invalid_input"]);
    for (const declared of ALL_ENDPOINTS)
      for (const [status, answer] of Object.entries(document.paths[declared.path]![declared.method]!.responses))
        if (Number(status) >= 400)
          expect(
            answer.content["application/json"].schema.properties.code.enum.length,
            `${declared.method} ${declared.path} ${status}`,
          ).toBeGreaterThan(0);
  });

  it("are what the answers carry; a refusal whose code its status does not declare is said in the log", async () => {
    const router = createRouter<AuthedBindings>();
    router.onError(onError);
    mountEndpoints(
      router,
      [
        endpoint({
          method: "post",
          path: "/api/beispiel",
          summary: "Beispiel",
          auth: "none",
          responses: { 409: "Konflikt" },
          handler: () => {
            throw new HttpError(409, "Gerade nicht.", { code: "photo_upload_failed" });
          },
        }),
      ],
      "/api",
    );
    expectConsoleError();
    const errors = vi.spyOn(console, "error");
    // The router is the one mounted at /api: its routes are the paths after it.
    const response = await router.request("/beispiel", { method: "POST" }, env);
    expect([response.status, await response.json()]).toEqual([409, { message: "Gerade nicht.", code: "photo_upload_failed" }]);
    expect(errors.mock.calls.map((call) => String(call[0]))).toContain(
      "POST /api/beispiel: code photo_upload_failed is not declared for 409",
    );
  });
});

describe("declared rate limits", () => {
  it("publish what they count in the 429's description", () => {
    const document = openApiDocument(ALL_ENDPOINTS, "http://localhost:8787") as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    expect(document.paths["/api/send-magic-link"]!.post!.responses["429"]!.description).toBe(
      "zu viele Anfragen (Grenzen: je Adresse; je Postfach)",
    );
    expect(document.paths["/api/docs/unlock"]!.post!.responses["429"]!.description).toBe(
      "zu viele Versuche (Grenzen: Versuche je Adresse)",
    );
  });

  it("count a sign-in link's address before its body is read, and its e-mail address after", async () => {
    await insideOneRateLimitWindow(60, 8000);
    const address = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const send = (body: string, ip = address) =>
      call(
        "/api/send-magic-link",
        { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip }, body },
        outboxEnv,
      );
    const run = crypto.randomUUID().slice(0, 8);
    // Five per e-mail address, each from another client address: the sixth is refused.
    const perMail: number[] = [];
    for (let i = 0; i < 6; i++)
      perMail.push(
        (await send(JSON.stringify({ email: `grenze-${run}@example.de` }), `198.18.${i}.${Math.floor(Math.random() * 250)}`)).status,
      );
    expect(perMail).toEqual([200, 200, 200, 200, 200, 429]);
    // Twenty per client address: the 21st is refused before its (broken) body is read — not 400.
    const perAddress: number[] = [];
    for (let i = 0; i < 20; i++) perAddress.push((await send(JSON.stringify({ email: `adresse-${run}-${i}@example.de` }))).status);
    expect(perAddress.every((status) => status === 200)).toBe(true);
    const broken = await send("{kaputt");
    expect(broken.status).toBe(429);
    expect(await broken.json()).toEqual({
      message: "Zu viele Anfragen. Bitte warte eine Minute und versuche es dann erneut.",
      code: "rate_limited",
    });
  }, 30_000);
});
