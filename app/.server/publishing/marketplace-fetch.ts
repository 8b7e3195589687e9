// Every call to a marketplace has a time budget (ADR 047): a call without one can hang a
// publication for as long as the platform keeps the connection open, and the seller's row with it.
// No answer within the budget (or a broken connection) is a NoAnswerError: "unknown outcome",
// which the publications leave to the cron's sweep instead of calling it failed.
//
// The budget: 15 s per call. eBay's and Kleinanzeigen's calls answer within a few seconds; a
// publication makes at most about 20 calls (eBay: token, category rules, policies, two per photo
// through the Media API, item, offer lookup, offer, publish; Kleinanzeigen: token, imprint,
// listing, three per photo, publication), so a request ends within about 5 minutes even when every
// call hangs — well inside the sweep's 10 minutes (generator/listings/stuck.ts). Workers do not limit an HTTP request's wall
// time while the client waits, the cron's scheduled run has 15 minutes, `waitUntil` 30 s
// (https://developers.cloudflare.com/workers/platform/limits/#duration); no marketplace call runs
// in `waitUntil`.
import { NoAnswerError } from "./publisher";

export const MARKETPLACE_CALL_BUDGET_MS = 15_000;

export type NoAnswerMessages = { timedOut: string; unreachable: string };

function timedOut(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** The NoAnswerError for an error thrown while waiting for the marketplace. */
export function noAnswer(error: unknown, messages: NoAnswerMessages): NoAnswerError {
  return new NoAnswerError(timedOut(error) ? messages.timedOut : messages.unreachable);
}

/** fetch with the budget; no answer becomes a NoAnswerError in German. */
export async function fetchWithin(
  input: string | URL,
  init: RequestInit,
  messages: NoAnswerMessages,
  fetcher: typeof fetch = fetch,
): Promise<Response> {
  try {
    return await fetcher(input, { ...init, signal: AbortSignal.timeout(MARKETPLACE_CALL_BUDGET_MS) });
  } catch (error) {
    throw noAnswer(error, messages);
  }
}

/** The answer's JSON (null when it is none); a body cut off by the budget is no answer either. */
export async function jsonWithin(response: Response, messages: NoAnswerMessages): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw noAnswer(error, messages);
  }
}
