// GET /api/ads/changes (ADR 063): the dashboard's one waiting request for its processing ads.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createWorkerApp } from "~/.server/app/worker-app";
import { activityLogs, ads } from "~/.server/db/schema";
import { db, insertAd, signedInUser } from "./helpers";
import { settleWorkerContexts, workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function wait(auth: Record<string, string>, query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return app.request(`http://localhost:8787/api/ads/changes?${search}`, { headers: auth }, env, workerContext());
}

async function processingAd(userId: string) {
  return insertAd(userId, { status: "processing", updatedAt: 1_000 });
}

const later = (ms: number, work: () => Promise<unknown>) => new Promise((resolve) => setTimeout(() => resolve(work()), ms));

describe("waiting for processing ads", () => {
  it("answers as soon as the ad is finished, not at the end of the wait", async () => {
    const { user, auth } = await signedInUser();
    const ad = await processingAd(user.id);
    const started = Date.now();
    const [response] = await Promise.all([
      wait(auth, { ids: ad.id, since: 1_000, wait: 15 }),
      later(400, () => db().update(ads).set({ status: "completed", updatedAt: 2_000 }).where(eq(ads.id, ad.id))),
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ changed: true });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("answers for new words of a streaming model (a later updatedAt) and for a failed or deleted ad", async () => {
    const { user, auth } = await signedInUser();
    const [words, failed, deleted] = await Promise.all([processingAd(user.id), processingAd(user.id), processingAd(user.id)]);
    await db().update(ads).set({ partialDescription: "📦 Kaffee", updatedAt: 1_500 }).where(eq(ads.id, words.id));
    await db().update(ads).set({ status: "failed" }).where(eq(ads.id, failed.id));
    await db().delete(ads).where(eq(ads.id, deleted.id));
    for (const ad of [words, failed, deleted])
      expect(await (await wait(auth, { ids: ad.id, since: 1_000, wait: 5 })).json()).toEqual({ changed: true });
    // The page that already shows the new words waits on.
    expect(await (await wait(auth, { ids: words.id, since: 1_500, wait: 0 })).json()).toEqual({ changed: false });
  });

  it("answers `changed: false` once the wait is over, and logs no slow API answer for it", async () => {
    const { user, auth } = await signedInUser();
    const ad = await processingAd(user.id);
    const started = Date.now();
    const response = await wait(auth, { ids: ad.id, since: 1_000, wait: 3 });
    expect(await response.json()).toEqual({ changed: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    await settleWorkerContexts(); // a slow answer's log entry is written after the answer
    const slow = await db()
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, "api_slow")));
    expect(slow.filter((entry) => JSON.stringify(entry.details).includes("/api/ads/changes"))).toEqual([]);
  });

  it("treats another seller's ad as not one of the seller's: changed at once, nothing about it revealed", async () => {
    const { auth } = await signedInUser();
    const other = await signedInUser();
    const theirs = await processingAd(other.user.id);
    const response = await wait(auth, { ids: theirs.id, since: 1_000, wait: 10 });
    expect(await response.json()).toEqual({ changed: true });
  });

  it("refuses what it cannot wait for with a German message", async () => {
    const { user, auth } = await signedInUser();
    const ad = await processingAd(user.id);
    const tooMany = Array.from({ length: 21 }, () => crypto.randomUUID()).join(",");
    const refused: Array<Record<string, string | number>> = [
      { ids: "not-an-id", since: 1_000 },
      { ids: tooMany, since: 1_000 },
      { ids: ad.id, since: -1 },
      { ids: ad.id, since: 1_000, wait: 21 },
      { since: 1_000 },
    ];
    for (const query of refused) {
      const response = await wait(auth, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect((await response.json<{ message: string }>()).message).toMatch(/^[A-ZÄÖÜ].*[.!]?$/);
    }
    expect((await wait({}, { ids: ad.id, since: 1_000, wait: 0 })).status).toBe(401);
  });
});
