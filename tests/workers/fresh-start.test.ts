// Every test begins on empty, freshly migrated storage and with an isolate's empty memory, although
// test files share a runtime (tests/workers/setup.ts, ADR 078). The first test leaves data behind in
// D1, R2, the cache and the isolate's memory, and then lets the runtime evict every Durable Object,
// as it does with one left idle between two test files; the second test finds none of it.
import { evictAllDurableObjects } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { keptInIsolate } from "~/.server/isolate-memory";
import { signedInUser } from "./helpers";

const remembered = keptInIsolate(new Map<string, string>());
const CACHED = "http://localhost/fresh-start-probe";

describe("a test after another", () => {
  it("leaves a user, a photo, a cached answer and a remembered fact, and every storage object evicted", async () => {
    await signedInUser();
    await env.PHOTOS.put("fresh-start-probe", "x");
    await caches.default.put(CACHED, new Response("x", { headers: { "Cache-Control": "max-age=600" } }));
    remembered.set("probe", "x");
    await evictAllDurableObjects();
  });

  it("starts on empty storage and with nothing remembered all the same", async () => {
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users").first("n")).toBe(0);
    expect(await env.PHOTOS.head("fresh-start-probe")).toBeNull();
    expect(await caches.default.match(CACHED)).toBeUndefined();
    expect(remembered.size).toBe(0);
  });
});
