import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { toHex } from "~/.server/crypto/hex";
import { docsCookie as signedDocsCookie } from "~/.server/app-worker/docs/access";
import { getConfig } from "~/.server/app-worker/env";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { insideOneRateLimitWindow, signedInUser } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));
const docsEnv = { ...env, DOCS_PASSWORD: "richtig-geheim-42", SESSION_SECRET: "s".repeat(40) } as Env;

function call(path: string, init: RequestInit = {}, bindings: Env = docsEnv) {
  const headers = new Headers(init.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", `192.0.2.${Math.floor(Math.random() * 250)}`);
  return app.request(`http://localhost:8787${path}`, { ...init, headers }, bindings, workerContext());
}

function unlock(password: string, headers: Record<string, string> = {}, bindings: Env = docsEnv) {
  return call(
    "/api/docs/unlock",
    { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify({ password }) },
    bindings,
  );
}

async function docsCookie() {
  const response = await unlock("richtig-geheim-42");
  return response.headers.get("Set-Cookie")!.split(";")[0];
}

describe("docs gate", () => {
  it("opens with the right password: a signed, short-lived HttpOnly cookie", async () => {
    const response = await unlock("richtig-geheim-42");
    expect(response.status).toBe(200);
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^ap_docs=\d+\.[0-9a-f]{64};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=3600/);
    expect((await call("/api/logs", { headers: { Cookie: cookie.split(";")[0] } })).status).toBe(200);
  });

  it("stays shut with a wrong password or a forged cookie", async () => {
    const wrong = await unlock("falsch");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Falsches Passwort", code: "unauthorized" });
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
    const forged = `ap_docs=${Math.floor(Date.now() / 1000) + 3600}.${"a".repeat(64)}`;
    expect((await call("/api/logs", { headers: { Cookie: forged } })).status).toBe(401);
    const other = await docsCookie();
    const differentSecret = { ...docsEnv, SESSION_SECRET: "t".repeat(40) } as Env;
    expect((await call("/api/logs", { headers: { Cookie: other } }, differentSecret)).status).toBe(401);
  });

  it("is rate limited per address", async () => {
    const statuses = [];
    await insideOneRateLimitWindow();
    for (let i = 0; i < 6; i++) statuses.push((await unlock("falsch", { "CF-Connecting-IP": "198.51.100.77" })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  }, 15_000);

  it("open locally with the documented password from wrangler.toml", async () => {
    expect(env.DOCS_PASSWORD).toBe("lokal-doku");
    expect((await unlock("lokal-doku", {}, env)).status).toBe(200);
  });

  it("explains that docs are disabled without a configured password", async () => {
    const response = await unlock("irgendwas", {}, { ...env, DOCS_PASSWORD: "" } as Env);
    expect(response.status).toBe(503);
    expect((await response.json<{ message: string }>()).message).toContain("DOCS_PASSWORD");
  });
});

describe("logs API", () => {
  it("answers only the unlocked docs session or an admin", async () => {
    expect((await call("/api/logs")).status).toBe(401);
    const user = await signedInUser();
    expect((await call("/api/logs", { headers: user.auth })).status).toBe(403);
    const admin = await signedInUser({ role: "admin", email: "chefin@example.de" });
    expect((await call("/api/logs", { headers: admin.auth })).status).toBe(200);
  });

  it("filters, searches and pages on the server with the total in a header, fast over 10,000 rows", async () => {
    const now = Date.now();
    const actions = ["login", "ad_created", "ad_completed", "logout", "payment_failed"];
    const countries = ["DE", "AT", "CH"];
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      action: actions[i % actions.length],
      email: i % 7 === 0 ? null : `nutzer${i}@example.de`,
      country: countries[i % countries.length],
      details: { index: i },
      createdAt: now - i * 1000,
    }));
    // One statement, one parameter (D1 allows 100 bound values per query).
    await env.DB.prepare(
      "insert into activity_logs (action, email, country, details, created_at) select json_extract(value, '$.action'), json_extract(value, '$.email'), json_extract(value, '$.country'), json_extract(value, '$.details'), json_extract(value, '$.createdAt') from json_each(?)",
    )
      .bind(JSON.stringify(rows.map((row) => ({ ...row, details: JSON.stringify(row.details) }))))
      .run();
    const cookie = await docsCookie();
    const get = (query: string) => call(`/api/logs?${query}`, { headers: { Cookie: cookie } });

    const started = Date.now();
    const firstPage = await get("page=1");
    const elapsed = Date.now() - started;
    expect(firstPage.headers.get("X-Total-Count")).toBe("10000");
    const entries =
      await firstPage.json<Array<{ action: string; timestamp: number; email: string | null; country: string; details: unknown }>>();
    expect(entries).toHaveLength(20);
    expect(entries[0].timestamp).toBeGreaterThanOrEqual(entries[1].timestamp);
    expect(Object.keys(entries[0]).sort()).toEqual(["action", "country", "details", "email", "id", "timestamp"]);
    expect(elapsed).toBeLessThan(1000);

    const filtered = await get("action=ad_created&country=AT");
    const expected = rows.filter((row) => row.action === "ad_created" && row.country === "AT").length;
    expect(filtered.headers.get("X-Total-Count")).toBe(String(expected));
    expect(
      (await filtered.json<Array<{ action: string; country: string }>>()).every(
        (row) => row.action === "ad_created" && row.country === "AT",
      ),
    ).toBe(true);

    const search = await get("search=nutzer4243%40");
    expect(search.headers.get("X-Total-Count")).toBe("1");
    const literal = await get("search=%25");
    expect(literal.headers.get("X-Total-Count")).toBe("0");

    const lastPage = await get("page=501");
    expect((await lastPage.json<unknown[]>()).length).toBe(0);
    expect((await get("page=0")).status).toBe(400);
    expect((await get("country=Deutschland")).status).toBe(400);
  });
});

describe("API reference", () => {
  it("is generated from the validation schemas", async () => {
    const cookie = await docsCookie();
    const document = await (
      await call("/api/openapi.json", { headers: { Cookie: cookie } })
    ).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, { maxLength?: number }> } }> } }>
      >;
    }>();
    const create = document.paths["/api/ads"].post.requestBody!.content["multipart/form-data"].schema;
    expect(create.properties.itemName.maxLength).toBe(100);
    expect(create.properties).toHaveProperty("photos");
    expect(document.paths["/api/profile"].put.requestBody!.content["application/json"].schema.properties).toHaveProperty("postalCode");
    expect((await call("/api/openapi.json")).status).toBe(401);
  });
});

describe("the monitor's search within D1's LIKE limit", () => {
  it("the monitor's search never reaches D1's LIKE limit: long or multi-byte searches get a German 400, not a 500", async () => {
    const cookie = await docsCookie();
    const search = (value: string) => call(`/api/logs?search=${encodeURIComponent(value)}`, { headers: { Cookie: cookie } }, docsEnv);
    expect((await search("a".repeat(40))).status).toBe(200);
    expect((await search("ä".repeat(24))).status).toBe(200);
    for (const value of ["a".repeat(49), "ä".repeat(25), "_".repeat(25), "a".repeat(100)]) {
      const response = await search(value);
      expect(response.status, value).toBe(400);
      expect((await response.json<{ message: string }>()).message).toMatch(/Suche/);
    }
  });
});

describe("the docs cookie's key", () => {
  it("does not key the docs cookie with the docs password", async () => {
    const config = getConfig({ APP_ENV: "local", PUBLIC_BASE_URL: "http://localhost:8787", DOCS_PASSWORD: "geheim-und-kurz" });
    const [, value] = (await signedDocsCookie(config, 1_700_000_000_000)).split(";")[0].split("=");
    const [expires, signature] = value.split(".");
    const passwordKey = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode("docs:geheim-und-kurz"),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const forged = toHex(await crypto.subtle.sign("HMAC", passwordKey, new TextEncoder().encode(`docs.${expires}`)));
    expect(signature).not.toBe(forged);
  });
});
