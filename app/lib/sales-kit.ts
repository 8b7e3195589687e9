// Inputs of the Verkaufshelfer, shared by the dashboard panel and the API.
import { z } from "./zod";

// Amounts are cents, as on every API (the panel reads what the seller typed with euro-input.ts).
// A JSON integer only: no coercion, so `true`, "1e6", "" or 12.5 are refused instead of read.
export const OFFER_LABEL = "Angebot";
export const FLOOR_LABEL = "Mein Minimum";
/** The message for an amount that is none, the same in the panel (before sending) and the API. */
export const notAnAmount = (label: string) => `${label}: Bitte gib einen Betrag in Euro an.`;

const cents = (label: string) =>
  z
    .number({ error: notAnAmount(label) })
    .int({ error: `${label}: Bitte gib den Betrag in ganzen Cent an.` })
    .min(100, { error: `${label}: mindestens 1 €.` })
    .max(100_000_000, { error: `${label}: höchstens 1.000.000 €.` });

export const SCAM_MESSAGE_MAX = 2000;

export const floorSchema = z.object({ floorCents: cents(FLOOR_LABEL).nullable() }).strict();
export const counterOfferSchema = z.object({ offerCents: cents(OFFER_LABEL) }).strict();
export const scamCheckSchema = z
  .object({
    message: z
      .string({ error: "Bitte füge die Nachricht des Käufers ein." })
      .trim()
      .min(1, { error: "Bitte füge die Nachricht des Käufers ein." })
      .max(SCAM_MESSAGE_MAX, { error: `Die Nachricht darf höchstens ${SCAM_MESSAGE_MAX} Zeichen lang sein.` }),
  })
  .strict();
