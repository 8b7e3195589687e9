// The cron's sweep of Kleinanzeigen rows stuck in `publishing` (ADR 047): a publishing request
// that was cut off, or got no answer, after the listing was created. The listing uuid is stored
// the moment Kleinanzeigen names it (publish.ts), so the sweep reads the listing's publications
// back ("Get All Publications", https://developer.kleinanzeigen.de/docs/listing/create-listing/):
// - a publication exists → its uuid is stored and the status query (status.ts) follows it as usual;
// - none → the half-made listing is deleted at Kleinanzeigen and the row marked failed, so the
//   seller can publish again. Deleting it is safe: without a publication it was never visible, so
//   this is not the forbidden "delete and post again". Finishing it instead would publish, without
//   the seller, a listing whose photos may be incomplete.
// A row without a listing uuid (the create call itself got no answer) cannot be looked up — the
// gateway documents no search by customReference — and is marked failed; a draft Kleinanzeigen may
// have kept is unpublished and so invisible to buyers.
import type { Db } from "../../db/client";
import { NoAnswerError } from "../../publishing/publisher";
import { settleStuck, stuckListings, type SweepRun } from "../listings/stuck";
import { unlessGone, type KleinanzeigenClient } from "../../kleinanzeigen/client";
import { apiDetails, sourceOf, startedDetails, type ApiDetails } from "../../kleinanzeigen/listing-row";

const INTERRUPTED =
  "Die Veröffentlichung bei Kleinanzeigen wurde unterbrochen, bevor die Anzeige online war. Veröffentliche sie bitte noch einmal.";

export async function sweepStuckKleinanzeigenListings(db: Db, client: KleinanzeigenClient, now = Date.now()): Promise<SweepRun> {
  const run: SweepRun = { checked: 0, live: 0, failed: 0, ended: 0, skipped: 0 };
  for (const { listing: row } of await stuckListings(db, "kleinanzeigen", now)) {
    // A link entered by hand is never `publishing`; a full publication is status.ts's to follow.
    if (sourceOf(row) === "link" || apiDetails.safeParse(row.details).success) continue;
    run.checked++;
    const started = startedDetails.safeParse(row.details);
    try {
      if (!started.success) {
        if (await settleStuck(db, row, { status: "failed", lastError: INTERRUPTED }, now)) run.failed++;
        continue;
      }
      const publications = await client.listPublications(started.data.listingUuid).catch(unlessGone([]));
      const publication = publications.find((entry) => entry.state !== "DELETED");
      if (publication) {
        const details: ApiDetails = { ...started.data, publicationUuid: publication.uuid };
        await settleStuck(db, row, { externalId: started.data.listingUuid, details }, now);
        continue;
      }
      await client.deleteListing(started.data.listingUuid).catch(unlessGone(undefined));
      if (await settleStuck(db, row, { status: "failed", lastError: INTERRUPTED }, now)) run.failed++;
    } catch (error) {
      run.skipped++;
      console.warn(`kleinanzeigen sweep of listing ${row.id}: ${error instanceof Error ? error.message : String(error)}`);
      // The gateway does not answer: the rest wait for the next run.
      if (error instanceof NoAnswerError) break;
    }
  }
  return run;
}
