// A GET or HEAD that carries a body (docs/SECURITY.md): refused with a German 400 before any route sees it,
// on pages, the API and photos alike — not a 500 from the page renderer, which rebuilds every
// request with its body. The fetch standard lets no script build such a request; the runtime hands
// one on as a client sent it (`GET / HTTP/1.1` with `Content-Length: 7`), which is what
// `asReceived` stands for here.
import { describe, expect, it } from "vitest";
import { signedInUser } from "./helpers";
import { call, handle } from "./render-pages";

/** The request the runtime hands the Worker for `method` with a body. */
function asReceived(method: "GET" | "HEAD", path: string, headers: Record<string, string> = {}): Request {
  const sent = new Request(`http://localhost:8787${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "a=1&b=2",
  });
  return new (class extends Request {
    override get method() {
      return method;
    }
  })(sent);
}

// Rendering a real page takes seconds on a busy machine.
describe("a GET or HEAD with a body", { timeout: 30_000 }, () => {
  it("answers 400 in German on every kind of route, never 500", async () => {
    const { auth } = await signedInUser();
    for (const path of ["/", "/auth/verify", "/datenschutz", "/gibt-es-nicht", "/api/auth/user", "/api/openapi.json", "/images/x"]) {
      for (const method of ["GET", "HEAD"] as const) {
        const response = await handle(asReceived(method, path, auth));
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(response.headers.get("X-Content-Type-Options"), `${method} ${path}`).toBe("nosniff");
        if (method === "GET")
          expect(await response.json(), path).toEqual({
            message: "Eine GET- oder HEAD-Anfrage darf keinen Inhalt mitschicken.",
            code: "invalid_input",
          });
        else await response.body?.cancel();
      }
    }
  });

  it("leaves a GET without a body alone", async () => {
    const page = await call("/datenschutz");
    expect(page.status).toBe(200);
    await page.body?.cancel();
    expect((await call("/api/auth/user")).status).toBe(401);
  });
});
