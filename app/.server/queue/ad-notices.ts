// The contract of the runners' notices (ADR 081): the app Worker's dashboard wait (GET
// /api/ads/changes, ADR 063) asks the generator Worker, through its service binding, to be woken
// when one of the waited-for ads' runners has written a change, instead of reading D1 every 100 ms.
//
// A runner's mark is "<instance>:<count of changes>", kept in the runner's memory only: a runner
// that starts anew (evicted, redeployed) has another instance, so a mark never repeats and a wait
// that saw the old one is woken at once. A wake-up is a hint: the wait then reads D1, which says
// what changed.
import { z } from "zod";
import { CHANGES_MAX_ADS } from "../../lib/ad-limits";

export const AD_NOTICES_PATH = "/ad-notices";

/** The longest one notice request waits: the dashboard wait's own limit (CHANGES_MAX_WAIT_SECONDS). */
export const AD_NOTICES_MAX_WAIT_MS = 20_000;

const markSchema = z.string().regex(/^[0-9a-f-]{36}:\d{1,9}$/);

export const adNoticesRequestSchema = z
  .object({
    /** Ad ids (random UUIDs), each naming its runner. */
    ids: z.array(z.uuid()).min(1).max(CHANGES_MAX_ADS),
    /** The marks the wait has seen, in the order of `ids`; none: answer the current marks at once. */
    seen: z.array(markSchema).max(CHANGES_MAX_ADS).optional(),
    waitMs: z.number().int().min(0).max(AD_NOTICES_MAX_WAIT_MS),
  })
  .strict()
  .refine((request) => request.seen === undefined || request.seen.length === request.ids.length, {
    message: "seen names one mark per id",
  });

export type AdNoticesRequest = z.infer<typeof adNoticesRequestSchema>;

/** The runners' marks in the order of the request's `ids`. */
export const adNoticesAnswerSchema = z.object({ marks: z.array(markSchema) }).strict();
