import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { expectConsoleError } from "../console-guard";
import { signedInUser, userById } from "./helpers";
import { workerContext } from "./worker-context";

// The page renderer is Remix in production (covered end to end in Chromium); here it answers
// with a marker so that routing and headers of the Worker itself can be observed.
const app = createWorkerApp(
  async (request, _env, _ctx, nonce) =>
    new Response(`<!doctype html><p>page ${new URL(request.url).pathname}</p><script nonce="${nonce}"></script>`, {
      headers: { "Content-Type": "text/html" },
    }),
);

function call(path: string, init?: RequestInit, bindings: Env = env) {
  return app.request(`http://localhost:8787${path}`, init, bindings, workerContext());
}

describe("app Worker routing", () => {
  it("answers the health check from D1", async () => {
    const response = await call("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers unknown API paths with a German JSON 404", async () => {
    for (const path of ["/api/does-not-exist", "/api/ads/x/y/z"]) {
      const response = await call(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("application/json");
      expect(await response.json()).toEqual({ message: "Nicht gefunden.", code: "not_found" });
    }
  });

  it("hands every other path to the page renderer", async () => {
    const response = await call("/irgendwas");
    expect(await response.text()).toContain("page /irgendwas");
  });
});

describe("security headers", () => {
  it("set an enforced CSP with a fresh nonce that the page's scripts carry", async () => {
    const first = await call("/");
    const second = await call("/");
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    expect(second.headers.get("Content-Security-Policy")).not.toContain(nonce);
    expect(first.headers.get("Content-Security-Policy-Report-Only")).toBeNull();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("are on API answers too", async () => {
    const response = await call("/api/health");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  });
});

describe("API boundary", () => {
  it("refuses state-changing requests from another site", async () => {
    const crossSite = await call("/api/health", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site", Cookie: "sid=x" },
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ message: "Anfrage von einer fremden Website abgelehnt.", code: "forbidden" });

    const foreignOrigin = await call("/api/health", { method: "DELETE", headers: { Origin: "https://evil.example" } });
    expect(foreignOrigin.status).toBe(403);
  });

  it("lets same-origin browser requests and non-browser clients through", async () => {
    const sameOrigin = await call("/api/nothing-here", {
      method: "POST",
      headers: { Origin: "http://localhost:8787", "Sec-Fetch-Site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(404);
    const client = await call("/api/nothing-here", { method: "POST" });
    expect(client.status).toBe(404);
  });

  it("refuses oversized JSON bodies with 413", async () => {
    const response = await call("/api/send-magic-link", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: "x".repeat(70 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Die Anfrage ist zu groß.", code: "too_large" });
  });

  it("answers a broken configuration with a German 500 and no details", async () => {
    expectConsoleError();
    const broken = { ...env, PUBLIC_BASE_URL: "not a url" } as Env;
    const response = await call("/api/health", undefined, broken);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: "Interner Serverfehler. Bitte versuche es später erneut.", code: "server_error" });
  });
});

describe("declared Cache-Control", () => {
  it("answers a seller's own data with the Cache-Control its endpoint declares (private, no-store)", async () => {
    const { auth } = await signedInUser();
    for (const path of ["/api/auth/user", "/api/profile", "/api/prompts", "/api/ads"]) {
      const response = await call(path, { headers: auth });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });
});

describe("methods on the API", () => {
  it("answers unknown methods on the API with 405 and Allow, and unknown paths with 404", async () => {
    const trace = await call("/api/ads", { method: "TRACE" });
    expect(trace.status).toBe(405);
    expect(trace.headers.get("Allow")).toBe("GET, HEAD, POST");
    expect(await trace.json()).toEqual({ message: "Diese Methode ist hier nicht erlaubt.", code: "method_not_allowed" });
    const put = await call(`/api/ads/${crypto.randomUUID()}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("DELETE, PATCH");
    expect((await call("/api/gibt-es-nicht")).status).toBe(404);
  });
});

describe("cross-site requests", () => {
  const unsafe: Array<[string, string]> = [
    ["POST", "/api/ads"],
    ["PATCH", "/api/ads/00000000-0000-4000-8000-000000000000"],
    ["DELETE", "/api/ads/00000000-0000-4000-8000-000000000000"],
    ["POST", "/api/ads/00000000-0000-4000-8000-000000000000/retry"],
    ["PUT", "/api/profile"],
    ["POST", "/api/send-invite"],
    ["DELETE", "/api/account"],
    ["POST", "/api/get-or-create-subscription"],
    ["POST", "/api/send-magic-link"],
    ["POST", "/api/docs/unlock"],
  ];

  it.each(unsafe)("refuses %s %s sent with the session cookie from another site", async (method, path) => {
    const { user, token } = await signedInUser();
    const response = await call(path, {
      method,
      headers: {
        Cookie: `ap_session=${token}`,
        Origin: "https://angreifer.example",
        "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/json",
      },
      body: "{}",
    });
    expect(response.status).toBe(403);
    expect(await userById(user.id)).toBeDefined();
  });
});

describe("security headers on every kind of route", () => {
  it.each(["/", "/ad/x", "/api/health", "/api/does-not-exist", "/images/ads/missing.png", "/api/auth/user"])("%s", async (path) => {
    const response = await call(path);
    expect(response.headers.get("Content-Security-Policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});
