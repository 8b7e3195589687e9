// A language model's second opinion on a buyer's message (Verkaufshelfer scam check). The rules in
// app/.server/sales-kit/scam-check.ts decide; this only adds a short explanation when a model is
// configured. The message is sent to the model and not stored.
import { modelOpinionSchema, type ModelOpinion } from "../queue/ad-generation";
import { strictSchema, type ChatMessage } from "./model-call";
import { extractJson } from "./types";

export const OPINION_SCHEMA = strictSchema({
  type: "object",
  properties: {
    verdict: { type: "string", enum: ["unbedenklich", "vorsicht", "betrugsmuster"] },
    reason: { type: "string" },
  },
  required: ["verdict", "reason"],
}) as Record<string, unknown>;

export type { ModelOpinion };

export function opinionMessages(message: string): ChatMessage[] {
  return [
    {
      role: "system",
      content:
        "Du hilfst privaten Verkäufern auf deutschen Kleinanzeigen-Portalen, Betrugsversuche zu erkennen (Kurier/Spedition nach Vorkasse, PayPal Freunde & Familie, gefälschte Zahlungslinks, Wechsel zu WhatsApp/E-Mail, Überzahlung mit Rückforderung, Ausweis- oder SMS-Code-Anfragen, Zeitdruck). Antworte nur mit JSON nach dem Schema; reason: ein kurzer deutscher Satz.",
    },
    { role: "user", content: `Nachricht des Käufers:\n"""${message}"""` },
  ];
}

/** The model's answer as an opinion, or null when it is not usable (the rules stand alone then). */
export function parseOpinion(raw: unknown): ModelOpinion | null {
  try {
    const parsed = modelOpinionSchema.safeParse(extractJson(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
