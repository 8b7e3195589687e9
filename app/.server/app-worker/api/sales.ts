// GET /api/sales-counter: the Verkaufszähler (ADR 050), the same reading as the profile page's.
import { z } from "zod";
import { PLATFORM_VALUES } from "../../../lib/platforms";
import { getDb } from "../../db/client";
import { endpoint, json } from "../endpoint/endpoint";
import { salesCounter } from "../listings/sales-counter";

const tallySchema = z.object({
  platform: z.enum(PLATFORM_VALUES).nullable(),
  label: z.string(),
  sales: z.number().int(),
  sumCents: z.number().int(),
  dac7: z.enum(["near", "reached"]).nullable().describe("Nur Privatverkäufer: nahe an oder über der Meldegrenze dieser Plattform"),
});
export const salesCounterSchema = z.object({
  currentYear: z.number().int(),
  years: z.array(
    z.object({
      year: z.number().int(),
      sales: z.number().int(),
      sumCents: z.number().int(),
      unpriced: z.number().int().describe("Verkäufe ohne bekannten Preis (in sales gezählt, nicht in sumCents)"),
      platforms: z.array(tallySchema),
    }),
  ),
  dac7Notes: z.boolean(),
  thresholds: z.object({ sales: z.number().int(), sumCents: z.number().int() }),
});

export const SALES_ENDPOINTS = [
  endpoint({
    method: "get",
    path: "/api/sales-counter",
    summary:
      "Verkaufszähler: als verkauft markierte Anzeigen und ihre Summe je Kalenderjahr und Plattform (DAC7-Hinweis für Privatverkäufer)",
    auth: "session",
    cacheControl: "private, no-store",
    responses: { 200: json("Verkaufszähler", salesCounterSchema) },
    handler: async (c, { user }) => c.json(await salesCounter(getDb(c.env.DB), user), 200),
  }),
];
