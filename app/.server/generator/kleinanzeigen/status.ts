// The publication status, followed by the generator's cron (ADR 038): Kleinanzeigen publishes
// asynchronously, so `publishing` listings with a publication are asked for, the longest untouched
// first and at most FOLLOW_LIMIT per run. PUBLISHED → live with its address and the 60-day expiry;
// REJECTED → failed with Kleinanzeigen's reason in German; PENDING → touched, so the next run asks
// the others first, and asked again. A state contract.ts does not know stays `publishing` with
// "Status unbekannt: …" for the dealer and is asked again — never "nicht erreichbar" (ADR 074).
// One listing's refusal never stops the others; no answer at all stops the run (the gateway is
// down; the next run asks again, ADR 047).
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { listings } from "../../db/schema";
import { NoAnswerError } from "../../publishing/publisher";
import type { KleinanzeigenClient } from "../../kleinanzeigen/client";
import { knownPublicationState } from "../../kleinanzeigen/contract";
import { apiDetails, KLEINANZEIGEN_LIFETIME_MS } from "../../kleinanzeigen/listing-row";

export type StatusRun = { checked: number; live: number; failed: number; pending: number; unknown: number; errors: number };

/** What the dealer reads for a state Kleinanzeigen reports and this app does not know (shown as it came, shortened). */
export function unknownStateNotice(state: string): string {
  return `Status unbekannt: „${state.slice(0, 40)}“. Kleinanzeigen meldet einen Stand, den AnzeigenPilot nicht kennt. Ob die Anzeige online ist, siehst du bei Kleinanzeigen; wir fragen weiter nach.`;
}

/** Publications asked for per run: each is one call with a 15 s budget (publishing/marketplace-fetch.ts). */
const FOLLOW_LIMIT = 50;

export async function followPublications(db: Db, client: KleinanzeigenClient, now = Date.now()): Promise<StatusRun> {
  const run: StatusRun = { checked: 0, live: 0, failed: 0, pending: 0, unknown: 0, errors: 0 };
  const rows = await db
    .select()
    .from(listings)
    .where(
      and(
        eq(listings.platform, "kleinanzeigen"),
        eq(listings.status, "publishing"),
        // Without a publication yet the publishing request (or the sweep, sweep.ts) settles it.
        isNotNull(sql`json_extract(${listings.details}, '$.publicationUuid')`),
      ),
    )
    .orderBy(asc(listings.updatedAt))
    .limit(FOLLOW_LIMIT);
  for (const row of rows) {
    const details = apiDetails.safeParse(row.details);
    if (!details.success) continue;
    run.checked++;
    try {
      const publication = await client.getPublication(details.data.listingUuid, details.data.publicationUuid);
      const state = knownPublicationState(publication.state);
      if (state === "PUBLISHED") {
        await db
          .update(listings)
          .set({
            status: "live",
            url: publication.adUrl ?? row.url,
            publishedAt: now,
            expiresAt: now + KLEINANZEIGEN_LIFETIME_MS,
            expiryReminderSentAt: null,
            lastError: null,
            updatedAt: now,
          })
          .where(and(eq(listings.id, row.id), eq(listings.status, "publishing")));
        run.live++;
      } else if (state === "REJECTED") {
        const reason = publication.reason?.trim();
        await db
          .update(listings)
          .set({
            status: "failed",
            lastError: `Kleinanzeigen hat die Anzeige nicht veröffentlicht${reason ? `: ${reason}` : "."} Bitte passe sie an und veröffentliche sie neu.`,
            updatedAt: now,
          })
          .where(and(eq(listings.id, row.id), eq(listings.status, "publishing")));
        run.failed++;
      } else if (state === "PAUSED" || state === "DELETED") {
        await db
          .update(listings)
          .set({
            status: state === "PAUSED" ? "paused" : "ended",
            ...(state === "DELETED" ? { endedAt: now } : {}),
            lastError: null,
            updatedAt: now,
          })
          .where(and(eq(listings.id, row.id), eq(listings.status, "publishing")));
      } else {
        // PENDING, or a state nobody told us about: asked again next run; the unknown one is said as such.
        await db
          .update(listings)
          .set({ lastError: state ? null : unknownStateNotice(publication.state), updatedAt: now })
          .where(and(eq(listings.id, row.id), eq(listings.status, "publishing")));
        if (state) run.pending++;
        else run.unknown++;
      }
    } catch (error) {
      run.errors++;
      if (error instanceof NoAnswerError) {
        console.warn(`kleinanzeigen status run stopped: ${error.message}`);
        break;
      }
      console.warn(`kleinanzeigen status of listing ${row.id} not read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return run;
}
