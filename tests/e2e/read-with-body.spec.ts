// A GET or HEAD that carries a body, sent over a real socket to the running product (docs/SECURITY.md): the
// runtime hands it on as it came, and the Worker answers a German 400 on pages and the API — not the
// 500 the page renderer made of it. tests/workers/read-with-body.test.ts covers every kind of route.
import { request as httpRequest } from "node:http";
import { expect, test } from "./fixtures";

type Answer = { status: number; contentType: string; body: string };

/** Sends `method path` with a form body, as a client that ignores RFC 9110 §9.3.1 does. */
function sendWithBody(baseURL: string, method: "GET" | "HEAD", path: string, headers: Record<string, string>): Promise<Answer> {
  const body = "a=1&b=2";
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, baseURL), {
      method,
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) },
    });
    outgoing.on("response", (incoming) => {
      let text = "";
      incoming.setEncoding("utf8");
      incoming.on("data", (chunk: string) => (text += chunk));
      incoming.on("end", () =>
        resolve({ status: incoming.statusCode ?? 0, contentType: incoming.headers["content-type"] ?? "", body: text }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

test("a GET or HEAD with a body is answered 400 in German, on a page and on the API", async ({ baseURL, extraHTTPHeaders }) => {
  for (const path of ["/", "/datenschutz", "/api/auth/user"]) {
    const get = await sendWithBody(baseURL!, "GET", path, extraHTTPHeaders ?? {});
    expect(get.status, path).toBe(400);
    expect(get.contentType, path).toContain("application/json");
    expect(JSON.parse(get.body), path).toEqual({
      message: "Eine GET- oder HEAD-Anfrage darf keinen Inhalt mitschicken.",
      code: "invalid_input",
    });
    expect((await sendWithBody(baseURL!, "HEAD", path, extraHTTPHeaders ?? {})).status, path).toBe(400);
  }
});

test("a page answers any other method with a German 405, also from a foreign origin — never the renderer's 500", async ({ request }) => {
  for (const [method, path, origin] of [
    ["POST", "/", "http://evil.example"],
    ["DELETE", "/datenschutz", "http://evil.example"],
    ["POST", "/", undefined],
    ["PUT", "/gibt-es-nicht", undefined],
  ] as const) {
    const response = await request.fetch(path, { method, data: "a=1", headers: origin ? { Origin: origin } : {} });
    expect(response.status(), `${method} ${path}`).toBe(405);
    expect(response.headers().allow).toBe("GET, HEAD");
    expect(await response.json()).toEqual({ message: "Diese Methode ist hier nicht erlaubt.", code: "method_not_allowed" });
  }
});
