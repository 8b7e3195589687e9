// The dashboard's wait for its processing ads (ADR 063): one request that answers as soon as one of
// them has changed — finished, failed, deleted, or new words of a streaming model — instead of a
// reload of the whole page every second. It reads only those ads, by primary key. The ads' runners
// wake it when they write (ADR 081), and it reads every CHANGES_NOTICED_CHECK_MS besides, for what
// no runner writes (a deletion, the sweep, the end of the session); without the runners' notices it
// reads every CHANGES_CHECK_MS. A wait holds one of a few places per account and client address
// while it waits, ends when its client closes the connection, and ends with its session: each check
// reads the session with the ads (ADR 066).
import { and, desc, eq, gt } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { ads, sessions, type Ad } from "../../db/schema";
import { HttpError, MESSAGES } from "../../http-error";
import { takeWaitPlace, type Waiter } from "./open-waits";
import { ownAdsAmong } from "./queries";
import type { RunnerNotices } from "./runner-notices";
import { AD_ID_PATTERN } from "../../storage/photo-keys";
// At most this many ads per request: their ids, the session and the time are bound parameters of one query.
import { CHANGES_MAX_ADS } from "../../../lib/ad-limits";

export const CHANGES_PATH = "/api/ads/changes";
/** How often the ads are read while a page waits without the runners' notices: a change shows at most this much later. */
export const CHANGES_CHECK_MS = 100;
/** How often the ads are read while the runners' notices work (ADR 081): a change no runner writes shows at most this much later. */
export const CHANGES_NOTICED_CHECK_MS = 1_000;
/** The longest one request waits; the page then asks again (well inside any proxy's idle timeout). */
export const CHANGES_MAX_WAIT_SECONDS = 20;

export const changesQuerySchema = z.object({
  ids: z
    .string({ error: "Bitte gib die IDs der Anzeigen an, auf die du wartest." })
    .regex(new RegExp(`^${AD_ID_PATTERN}(,${AD_ID_PATTERN}){0,${CHANGES_MAX_ADS - 1}}$`), {
      error: `Bitte gib eine bis ${CHANGES_MAX_ADS} Anzeigen-IDs an, durch Kommas getrennt.`,
    })
    // Described before the split: the document shows what a client sends.
    .meta({
      description: "IDs der Anzeigen, die die Seite als „in Arbeit“ zeigt, durch Kommas getrennt",
      examples: ["3f2b8c1e-7a4d-4e9b-9c2f-1d5e6a7b8c9d,0a6c2d4e-1b3f-4a5c-8d7e-9f0a1b2c3d4e"],
    })
    .transform((value) => [...new Set(value.split(","))]),
  since: z.coerce
    .number({ error: "Bitte gib den Stand der Seite als Zeitstempel an." })
    .int({ error: "Bitte gib den Stand der Seite als Zeitstempel an." })
    .min(0, { error: "Bitte gib den Stand der Seite als Zeitstempel an." })
    .meta({
      description: "neuester `updatedAt` dieser Anzeigen, wie die Seite sie zeigt (Epoch-Millisekunden)",
      examples: [1764151200000],
    }),
  wait: z.coerce
    .number()
    .int()
    .min(0)
    .max(CHANGES_MAX_WAIT_SECONDS, { error: `Höchstens ${CHANGES_MAX_WAIT_SECONDS} Sekunden Wartezeit.` })
    .default(CHANGES_MAX_WAIT_SECONDS)
    .meta({ description: "längste Wartezeit in Sekunden" }),
});

export type ChangesQuery = z.infer<typeof changesQuerySchema>;

/**
 * One read: the session, and those of `ids` that are its user's, newest first, as whole rows — the
 * answer's ads when one has changed (ADR 081, ADR 083: no second read for the answer). No row: the
 * session has ended (signed out here or everywhere, expired, account deleted). Otherwise one row per
 * ad found, or one row without an ad. At most 22 bound parameters. The ads are found by primary key
 * (`ownAdsAmong`), so a check reads the session and at most 2 rows per id (index and table),
 * whatever the seller has (docs/PERFORMANCE.md).
 */
export function changesCheck(db: Db, sessionId: string, ids: string[]) {
  return db
    .select({ ad: ads })
    .from(sessions)
    .leftJoin(ads, ownAdsAmong(sessions.userId, ids))
    .where(and(eq(sessions.sid, sessionId), gt(sessions.expire, Date.now())))
    .orderBy(desc(ads.createdAt));
}

/** What one check finds: the session has ended, the waited-for ads of the seller when one of them changed, or nothing yet. */
type Finding = { kind: "signed-out" } | { kind: "changed"; ads: Ad[] } | { kind: "unchanged" };

/** Changed: one of the ads is missing, no longer processing, or written after `since`. */
async function check(db: Db, sessionId: string, { ids, since }: Pick<ChangesQuery, "ids" | "since">): Promise<Finding> {
  const rows = await changesCheck(db, sessionId, ids);
  if (rows.length === 0) return { kind: "signed-out" };
  const found = rows.flatMap((row) => (row.ad ? [row.ad] : []));
  const changed =
    found.length < ids.length || found.some((ad) => ad.status !== "processing" || (ad.updatedAt !== null && ad.updatedAt > since));
  return changed ? { kind: "changed", ads: found } : { kind: "unchanged" };
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve(true);
    }, ms);
    signal.addEventListener("abort", stop, { once: true });
  });
}

/** The request a wait serves: whose it is, its client's end of the connection, and the invocation's `waitUntil`. */
export type WaitRequest = Waiter & {
  sessionId: string;
  /** Aborts when the client closes the connection (`Request.signal`, compatibility flag `enable_request_signal`). */
  signal: AbortSignal;
  /** Keeps the invocation alive for work that must finish after the client has gone (giving the place back). */
  waitUntil: (work: Promise<unknown>) => void;
};

/**
 * Waits until one of the ads changed or `wait` seconds have passed; answers the waited-for ads that
 * are still the seller's (newest first) once one changed, else `null`. 401 once the session has
 * ended; 429 when the account or the address has its open waits already. Only a wait that has to
 * wait takes a place. A closed connection ends the wait at once: no read follows, and the place is
 * given back (in `waitUntil`: the runtime cancels the rest of the invocation when its client has
 * gone).
 */
export async function waitForChanges(db: Db, request: WaitRequest, query: ChangesQuery, notices: RunnerNotices): Promise<Ad[] | null> {
  const { sessionId, signal } = request;
  // The notice under way ends with the wait.
  const waitOver = new AbortController();
  const noticeSignal = AbortSignal.any([signal, waitOver.signal]);
  let givePlaceBack: (() => Promise<void>) | null = null;
  const onClose = () => givePlaceBack && request.waitUntil(givePlaceBack());
  try {
    // The runners' marks before the first read (ADR 081): a change after that read moves a mark the
    // wait has seen, so the wait needs no second read once it has its place (ADR 083).
    let seen = query.wait > 0 && !signal.aborted ? await notices({ ids: query.ids, waitMs: 0 }, noticeSignal) : null;
    const deadline = Date.now() + query.wait * 1000;
    // A runner's notice under way: its new marks, or `null` when none is to be had.
    let notice: Promise<{ marks: string[] | null }> | null = null;
    for (;;) {
      const finding = await check(db, sessionId, query);
      if (finding.kind === "signed-out") throw new HttpError(401, MESSAGES.unauthorized);
      if (finding.kind === "changed") return finding.ads;
      // A closed connection ends the wait without another read.
      if (signal.aborted) return null;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      if (!givePlaceBack) {
        givePlaceBack = await takeWaitPlace(db, request, query.wait);
        signal.addEventListener("abort", onClose, { once: true });
      }
      if (seen && !notice) notice = notices({ ids: query.ids, seen, waitMs: left }, noticeSignal).then((marks) => ({ marks }));
      // The next read: when a runner wakes the wait, or at the interval, whichever comes first.
      const step = new AbortController();
      const paused = pause(Math.min(seen ? CHANGES_NOTICED_CHECK_MS : CHANGES_CHECK_MS, left), AbortSignal.any([signal, step.signal]));
      const woken = await (notice ? Promise.race([paused.then(() => null), notice]) : paused.then(() => null));
      step.abort();
      if (woken) {
        seen = woken.marks;
        notice = null;
      }
      if (signal.aborted) return null;
    }
  } finally {
    waitOver.abort();
    signal.removeEventListener("abort", onClose);
    // After the answer: the seller sees a change without waiting for this write (the place expires anyway).
    if (givePlaceBack) request.waitUntil(givePlaceBack());
  }
}
