// The local fakes answer this machine only (fakes/local-only.mjs, ADR 067): another host name — a
// site that rebinds its name to 127.0.0.1 — gets 421, and a write from another site's page 403.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeEbay } from "../../fakes/ebay.mjs";
import { startFakeKleinanzeigen } from "../../fakes/kleinanzeigen.mjs";

/** One request with the given Host header (fetch would not send a foreign one). */
function send(port: number, method: string, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path, headers });
    outgoing.on("response", (incoming) => {
      incoming.resume();
      incoming.on("end", () => resolve(incoming.statusCode ?? 0));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

let ebay: Awaited<ReturnType<typeof startFakeEbay>>;
let kleinanzeigen: Awaited<ReturnType<typeof startFakeKleinanzeigen>>;
beforeAll(async () => {
  ebay = await startFakeEbay();
  kleinanzeigen = await startFakeKleinanzeigen();
});
afterAll(async () => {
  await new Promise((done) => ebay.server.close(done));
  await kleinanzeigen.close();
});

describe("the local fakes answer this machine only", () => {
  it("the eBay fake: its state for loopback names only, its controls not for another site's page", async () => {
    expect(await send(ebay.port, "GET", "/__state", { Host: `127.0.0.1:${ebay.port}` })).toBe(200);
    expect(await send(ebay.port, "GET", "/__state", { Host: `localhost:${ebay.port}` })).toBe(200);
    expect(await send(ebay.port, "GET", "/__state", { Host: `evil.example:${ebay.port}` })).toBe(421);
    const control = "/__control/rotate-notification-key";
    expect(await send(ebay.port, "POST", control, { Host: `127.0.0.1:${ebay.port}`, Origin: "http://evil.example" })).toBe(403);
    expect(await send(ebay.port, "POST", control, { Host: `127.0.0.1:${ebay.port}`, Origin: "null" })).toBe(403);
    expect(await send(ebay.port, "POST", control, { Host: `127.0.0.1:${ebay.port}` })).toBe(200);
  });

  it("the Kleinanzeigen fake: the same", async () => {
    const port = kleinanzeigen.port;
    expect(await send(port, "GET", "/_fake/state", { Host: `127.0.0.1:${port}` })).toBe(200);
    expect(await send(port, "GET", "/_fake/state", { Host: `evil.example:${port}` })).toBe(421);
    expect(await send(port, "POST", "/v2/oidc/token", { Host: `localhost:${port}`, Origin: "https://evil.example" })).toBe(403);
  });
});
