// Pages rendered for a signed-in seller are never cached: `Cache-Control: private, no-store` for a
// session cookie and for a bearer token, whatever the renderer set (docs/SECURITY.md, ADR 020).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { signedInUser } from "./helpers";
import { fetchPage } from "./render-pages";
import { workerContext } from "./worker-context";

// Rendering a real page takes seconds on a busy machine.
describe("signed-in pages are never cached", { timeout: 30_000 }, () => {
  it("sends Cache-Control: private, no-store on every page rendered for a session cookie", async () => {
    // The real home page, rendered by Remix for a signed-in seller.
    const { token } = await signedInUser();
    const home = await fetchPage("/", { Cookie: `ap_session=${token}` });
    expect(home.status).toBe(200);
    expect(home.headers.get("Cache-Control")).toBe("private, no-store");
    // Every other page the renderer makes, whatever it set itself.
    const pages = createWorkerApp(
      async () =>
        new Response("<!doctype html><p>Hallo Max</p>", {
          headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=600" },
        }),
    );
    for (const path of ["/", "/settings", "/profile", "/upgrade"]) {
      const signedIn = await pages.request(
        `http://localhost:8787${path}`,
        { headers: { Cookie: "theme=hell; ap_session=abc" } },
        env,
        workerContext(),
      );
      expect(signedIn.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(await signedIn.text()).toContain("Hallo Max");
    }
    const anonymous = await pages.request("http://localhost:8787/", {}, env, workerContext());
    expect(anonymous.headers.get("Cache-Control")).toBe("public, max-age=600");
  });

  it("sends Cache-Control: private, no-store on a page rendered for a bearer token too", async () => {
    // The real home page, rendered by Remix for a seller who names the session only by its bearer token.
    const { user, auth } = await signedInUser();
    const home = await fetchPage("/", auth);
    expect(home.status).toBe(200);
    expect(home.headers.get("Cache-Control")).toBe("private, no-store");
    // The page is personal: it carries the seller's own address.
    expect(await home.text()).toContain(user.email);
    const pages = createWorkerApp(async () => new Response("<p>Hallo Max</p>", { headers: { "Cache-Control": "public, max-age=600" } }));
    for (const path of ["/", "/settings", "/profile", "/upgrade"]) {
      const bearer = await pages.request(`http://localhost:8787${path}`, { headers: auth }, env, workerContext());
      expect(bearer.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });
});
