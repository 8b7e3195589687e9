// Inputs of the Verkaufshelfer, shared by the dashboard panel and the API.
import { z } from "./zod";

// A JSON number only: no coercion, so `true`, "1e6" or "" are refused instead of read as 1, 1 000 000 or 0.
const euros = (label: string) =>
  z
    .number({ error: `${label}: Bitte gib einen Betrag in Euro an.` })
    .finite({ error: `${label}: Bitte gib einen Betrag in Euro an.` })
    .min(1, { error: `${label}: mindestens 1 €.` })
    .max(1_000_000, { error: `${label}: höchstens 1.000.000 €.` });

export const SCAM_MESSAGE_MAX = 2000;

export const floorSchema = z.object({ floor: euros("Mein Minimum").nullable() }).strict();
export const counterOfferSchema = z.object({ offer: euros("Angebot") }).strict();
export const scamCheckSchema = z
  .object({
    message: z
      .string({ error: "Bitte füge die Nachricht des Käufers ein." })
      .trim()
      .min(1, { error: "Bitte füge die Nachricht des Käufers ein." })
      .max(SCAM_MESSAGE_MAX, { error: `Die Nachricht darf höchstens ${SCAM_MESSAGE_MAX} Zeichen lang sein.` }),
  })
  .strict();
