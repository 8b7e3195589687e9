// GET /api/ads/changes (ADR 063): the dashboard's one waiting request for its processing ads; a few
// open at once per account and address, ended by a closed connection and by a logout (ADR 066).
import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { CHANGES_NOTICED_CHECK_MS, changesCheck } from "~/.server/app-worker/ads/changes";
import { OPEN_WAITS_PER_ADDRESS, OPEN_WAITS_PER_USER, TOO_MANY_WAITS_MESSAGE } from "~/.server/app-worker/ads/open-waits";
import { createSession, sessionId } from "~/.server/app-worker/auth/sessions";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { runnerFor } from "~/.server/generator/generation/consumer";
import { AD_NOTICES_PATH } from "~/.server/queue/ad-notices";
import { activityLogs, ads, openWaits } from "~/.server/db/schema";
import { appStatements } from "./d1-statements";
import { db, insertAd, signedInUser } from "./helpers";
import { settleWorkerContexts, workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function changesUrl(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return `http://localhost:8787/api/ads/changes?${search}`;
}

function wait(auth: Record<string, string>, query: Record<string, string | number>, address = "198.51.100.1") {
  return app.request(changesUrl(query), { headers: { ...auth, "CF-Connecting-IP": address } }, env, workerContext());
}

/** A wait the test closes itself, as the dashboard does when the page is hidden or left. */
function openWait(auth: Record<string, string>, query: Record<string, string | number>, address: string) {
  const controller = new AbortController();
  const answer = app.request(
    changesUrl({ wait: 15, ...query }),
    { headers: { ...auth, "CF-Connecting-IP": address }, signal: controller.signal },
    env,
    workerContext(),
  );
  return { answer, close: () => controller.abort() };
}

/** The places the account's open waits hold (ADR 066). */
const placesOf = (userId: string) => db().select().from(openWaits).where(eq(openWaits.userId, userId));

async function placesHeld(userId: string, count: number) {
  await vi.waitFor(async () => expect(await placesOf(userId)).toHaveLength(count), { timeout: 5_000, interval: 50 });
}

async function closeAll(waits: Array<ReturnType<typeof openWait>>) {
  for (const open of waits) open.close();
  for (const open of waits) expect((await open.answer).status).toBe(200);
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
    // With the ad as the list shows it (ADR 081): the page updates its card without reading the list.
    const listed = await (await app.request("http://localhost:8787/api/ads", { headers: auth }, env, workerContext())).json();
    expect(await response.json()).toEqual({ changed: true, ads: listed });
    expect(listed).toEqual([expect.objectContaining({ id: ad.id, status: "completed" })]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("answers for new words of a streaming model (a later updatedAt) and for a failed or deleted ad", async () => {
    const { user, auth } = await signedInUser();
    const [words, failed, deleted] = await Promise.all([processingAd(user.id), processingAd(user.id), processingAd(user.id)]);
    await db().update(ads).set({ partialDescription: "📦 Kaffee", updatedAt: 1_500 }).where(eq(ads.id, words.id));
    await db().update(ads).set({ status: "failed" }).where(eq(ads.id, failed.id));
    await db().delete(ads).where(eq(ads.id, deleted.id));
    const answers = [];
    for (const ad of [words, failed, deleted]) answers.push(await (await wait(auth, { ids: ad.id, since: 1_000, wait: 5 })).json());
    expect(answers).toEqual([
      { changed: true, ads: [expect.objectContaining({ id: words.id, status: "processing", partialDescription: "📦 Kaffee" })] },
      { changed: true, ads: [expect.objectContaining({ id: failed.id, status: "failed" })] },
      // A deleted ad is missing from the answer.
      { changed: true, ads: [] },
    ]);
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
    expect(await response.json()).toEqual({ changed: true, ads: [] });
  });

  it("reads per check the session and the waited-for ads by primary key, whole, none of the seller's other ads", async () => {
    const { user, token } = await signedInUser();
    const waited = await Promise.all(Array.from({ length: 5 }, () => processingAd(user.id)));
    await Promise.all(Array.from({ length: 40 }, () => insertAd(user.id)));
    const query = changesCheck(
      db(),
      await sessionId(token),
      waited.map((ad) => ad.id),
    ).toSQL();
    const { meta, results } = await env.DB.prepare(query.sql)
      .bind(...query.params)
      .all();
    expect(results).toHaveLength(waited.length);
    // D1 bills rows read (docs/PERFORMANCE.md): the session, and an index entry and a row per ad,
    // and the row's sort; the seller's 40 other ads stay unread. The same read is the answer's
    // (ADR 083): no second one when an ad has changed.
    expect(meta.rows_read).toBeLessThanOrEqual(1 + 3 * waited.length);
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

describe("open waits (ADR 066)", () => {
  it("end when the client closes the connection: no D1 read follows, and the place is free again at once", async () => {
    const { user, auth } = await signedInUser();
    const ad = await processingAd(user.id);
    const connection = new AbortController();
    // Over a connection to the test Worker, which answers the app's API (generator-entry.ts): the
    // runtime aborts the request's signal when the client goes, as Cloudflare's edge does.
    const answer = exports.default
      .fetch(new Request(changesUrl({ ids: ad.id, since: 1_000, wait: 20 }), { headers: auth, signal: connection.signal }))
      .then(
        () => "answered",
        () => "closed",
      );
    await placesHeld(user.id, 1);
    connection.abort();
    expect(await answer).toBe("closed");
    // Given back now, not when the wait's 20 s are over.
    await placesHeld(user.id, 0);
    const prepared = appStatements.prepared;
    // Two of the wait's read intervals (the runners' notices work here, ADR 081).
    await new Promise((resolve) => setTimeout(resolve, 2 * CHANGES_NOTICED_CHECK_MS));
    expect(appStatements.prepared).toBe(prepared);
  });

  it(`answer a wait beyond ${OPEN_WAITS_PER_USER} of one account with 429 and a German message; a wait answered at once holds no place`, async () => {
    const { user, auth } = await signedInUser();
    const ad = await processingAd(user.id);
    const finished = await insertAd(user.id, { status: "completed", updatedAt: 2_000 });
    const waits = Array.from({ length: OPEN_WAITS_PER_USER }, (_, index) =>
      openWait(auth, { ids: ad.id, since: 1_000 }, `198.51.100.${index + 10}`),
    );
    await placesHeld(user.id, OPEN_WAITS_PER_USER);

    const refused = await wait(auth, { ids: ad.id, since: 1_000 }, "198.51.100.99");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await refused.json()).toEqual({ message: TOO_MANY_WAITS_MESSAGE, code: "rate_limited" });
    expect(await (await wait(auth, { ids: finished.id, since: 1_000 })).json()).toMatchObject({ changed: true });

    await closeAll(waits);
    expect(await placesOf(user.id)).toEqual([]);
    const again = await wait(auth, { ids: ad.id, since: 1_000, wait: 1 });
    expect(await again.json()).toEqual({ changed: false });
  });

  it(`answer a wait beyond ${OPEN_WAITS_PER_ADDRESS} from one client address with 429, whoever's account it is`, async () => {
    const address = "203.0.113.7";
    const sellers = await Promise.all(
      Array.from({ length: Math.ceil(OPEN_WAITS_PER_ADDRESS / OPEN_WAITS_PER_USER) + 1 }, () => signedInUser()),
    );
    const adIds = await Promise.all(sellers.map(async ({ user }) => (await processingAd(user.id)).id));
    const waits = Array.from({ length: OPEN_WAITS_PER_ADDRESS }, (_, index) => {
      const seller = index % (sellers.length - 1);
      return openWait(sellers[seller]!.auth, { ids: adIds[seller]!, since: 1_000 }, address);
    });
    await vi.waitFor(async () => expect(await db().select().from(openWaits)).toHaveLength(OPEN_WAITS_PER_ADDRESS), {
      timeout: 5_000,
      interval: 50,
    });

    const last = sellers.length - 1;
    const refused = await wait(sellers[last]!.auth, { ids: adIds[last]!, since: 1_000 }, address);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: TOO_MANY_WAITS_MESSAGE, code: "rate_limited" });
    // The same seller from another address waits.
    const elsewhere = openWait(sellers[last]!.auth, { ids: adIds[last]!, since: 1_000 }, "203.0.113.8");
    await placesHeld(sellers[last]!.user.id, 1);

    await closeAll([...waits, elsewhere]);
  });

  it("end with their session: 401 at logout for this session's waits, at 'Auf allen Geräten abmelden' for every session's", async () => {
    const { user, auth } = await signedInUser();
    const otherDevice = { Authorization: `Bearer ${await createSession(db(), user.id, { userAgent: null })}` };
    const ad = await processingAd(user.id);
    const here = openWait(auth, { ids: ad.id, since: 1_000, wait: 10 }, "198.51.100.20");
    const there = openWait(otherDevice, { ids: ad.id, since: 1_000, wait: 10 }, "198.51.100.21");
    await placesHeld(user.id, 2);
    const logout = (headers: Record<string, string>, body: unknown) =>
      app.request(
        "http://localhost:8787/api/logout",
        { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) },
        env,
        workerContext(),
      );
    const started = Date.now();

    expect((await logout(auth, {})).status).toBe(200);
    const endedHere = await here.answer;
    expect(endedHere.status).toBe(401);
    expect(await endedHere.json()).toEqual({ message: "Anmeldung erforderlich.", code: "unauthorized" });
    // The other device is still signed in, and its wait goes on.
    expect(await placesOf(user.id)).toHaveLength(1);

    const otherLogin = await createSession(db(), user.id, { userAgent: null });
    expect((await logout({ Authorization: `Bearer ${otherLogin}` }, { everywhere: true })).status).toBe(200);
    expect((await there.answer).status).toBe(401);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await placesOf(user.id)).toEqual([]);
  });
});

const QUIET_MS = 50;

/** Waits until the app has prepared no D1 statement for `ms`; answers when it last did (fails after 3 s). */
async function quietFor(ms: number): Promise<number> {
  let count = appStatements.prepared;
  let since = Date.now();
  const deadline = since + 3_000;
  while (Date.now() - since < ms) {
    if (Date.now() > deadline) throw new Error(`the app read D1 at least every ${ms} ms for 3 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (appStatements.prepared !== count) {
      count = appStatements.prepared;
      since = Date.now();
    }
  }
  return since;
}

describe("the runners' notices (ADR 081)", () => {
  it("a runner's mark changes when its attempt writes, and stays the same for a wait in which nothing happened", async () => {
    const { user } = await signedInUser();
    const ad = await processingAd(user.id);
    const runner = runnerFor(env, ad.id);
    const before = await runner.nextMark(null, 0);
    expect(await runner.nextMark(before, 50)).toBe(before);
    const asked = Date.now();
    const next = runner.nextMark(before, 10_000);
    await runner.start(ad.id);
    // Woken by the attempt's claim: a wait not woken would answer after its 10 s.
    expect(await next).not.toBe(before);
    expect(Date.now() - asked).toBeLessThan(5_000);
  });

  it("answer a change from the read that saw it: no more D1 statements than an answer that nothing changed (ADR 083)", async () => {
    const { user, auth } = await signedInUser();
    const unchanged = await processingAd(user.id);
    const finished = await insertAd(user.id, { status: "completed", updatedAt: 2_000 });
    /** The answer to one request over a connection to the test Worker, and the statements it took, its after-work too. */
    const answered = async (id: string) => {
      await quietFor(QUIET_MS);
      const before = appStatements.prepared;
      const response = await exports.default.fetch(new Request(changesUrl({ ids: id, since: 1_000, wait: 0 }), { headers: auth }));
      const body: unknown = await response.json();
      await quietFor(QUIET_MS);
      return { body, statements: appStatements.prepared - before };
    };
    const quiet = await answered(unchanged.id);
    const changed = await answered(finished.id);
    expect(quiet.body).toEqual({ changed: false });
    expect(changed.body).toMatchObject({ changed: true, ads: [{ id: finished.id, status: "completed" }] });
    expect(changed.statements).toBe(quiet.statements);
  });

  it("wake the dashboard's wait as soon as the ad's runner writes; meanwhile the wait reads only at its long interval", async () => {
    const { user, auth } = await signedInUser();
    const ad = await processingAd(user.id);
    // Over a connection to the test Worker, which counts the app's D1 statements (generator-entry.ts).
    const answer = exports.default
      .fetch(new Request(changesUrl({ ids: ad.id, since: 1_000, wait: 10 }), { headers: auth }))
      .then(async (response) => ({ at: Date.now(), body: await response.json() }));
    await placesHeld(user.id, 1);
    // The wait has taken the runner's mark, read, and taken its place; then it reads nothing for a while
    // (a wait without notices reads every 100 ms and is never quiet this long).
    const lastRead = await quietFor(3 * QUIET_MS);
    await runnerFor(env, ad.id).start(ad.id);
    const { at, body } = await answer;
    expect(body).toMatchObject({ changed: true, ads: [{ id: ad.id }] });
    // Well before its next read by the interval alone, CHANGES_NOTICED_CHECK_MS after the last one
    // (which the test sees a little late: its own clock advances between its looks).
    expect(at - lastRead).toBeLessThan(0.6 * CHANGES_NOTICED_CHECK_MS);
  });

  it("answer a request that is not the contract with 400 and change no runner", async () => {
    const { user } = await signedInUser();
    const ad = await processingAd(user.id);
    const before = await runnerFor(env, ad.id).nextMark(null, 0);
    for (const body of [{}, { ids: [ad.id], waitMs: 60_000 }, { ids: ["x"], waitMs: 0 }, { ids: [ad.id], seen: [], waitMs: 0 }]) {
      const response = await exports.default.fetch(
        new Request(`https://generator.internal${AD_NOTICES_PATH}`, { method: "POST", body: JSON.stringify(body) }),
      );
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json<{ message: string }>()).message).toBe("Ungültige Anfrage.");
    }
    expect(await runnerFor(env, ad.id).nextMark(before, 0)).toBe(before);
  });
});
