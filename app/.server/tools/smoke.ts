// `npm run smoke -- <url>` (scripts/smoke.mjs, ADR 054): the last step of every deploy. A smoke-test
// account, signed in with its session token as an API client is (`Authorization: Bearer`, ADR 014),
// creates one ad through the deployed product with a real photo, waits until it is ready, checks it
// against the fact guard (ADR 043) — nothing the note did not say, every fact it did — looks at its
// public page, deletes it and reports how long the generation and the whole wait took.
// Plain fetch: the same calls any API client makes (the OpenAPI document at /api/openapi.json).
import { z } from "zod";
import { tokenSchema } from "../../lib/auth";
import { LEGAL_HEADING } from "../../lib/legal-notes";
import { guardFacts, type GuardChange } from "../generator/ai/fact-guard";
import type { AdJson, PublicAdJson } from "../app-worker/ads/serialize";

/**
 * The ad the smoke test creates. The note is chosen for the guard: a condition in the seller's own
 * words ("kaum benutzt", which a writer likes to raise to "neuwertig"), two exclusions ("ohne OVP",
 * "keine Rechnung") and pickup only at a fixed price (a writer likes to add shipping, "VB",
 * PayPal or a smoke-free home) — so an ad that claims more, or drops a fact, fails the check.
 */
export const SMOKE_AD = {
  itemName: "Keramik-Kaffeebecher blau",
  category: "garten",
  platform: "kleinanzeigen",
  description: "Kaffeebecher aus Keramik, blau, 350 ml. Kaum benutzt, ohne OVP, keine Rechnung. Spülmaschinenfest.",
  price: "8",
  priceType: "festpreis",
  shipping: "excluded",
  pickup: "offered",
  postalCode: "50823",
  city: "Köln",
  swap: "nein",
} as const;

export const SMOKE_PHOTO = { path: "tests/fixtures/photos/kaffeebecher.jpg", name: "kaffeebecher.jpg", type: "image/jpeg" } as const;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Everything the smoke test reads from its command line and environment, checked before any request. */
export const smokeSettingsSchema = z.object({
  url: z
    .string({ error: "the product's URL is missing: npm run smoke -- https://<host>" })
    .url({ error: "the first argument must be the product's URL, e.g. https://anzeigenpilot.de" })
    .transform((value) => new URL(value))
    .refine((url) => url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)), {
      error: "the URL must be https:// (plain http only for localhost/127.0.0.1/[::1]): the session token must not travel in clear text",
    })
    .refine((url) => url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password, {
      error: "the URL must be the product's origin only, without path, query or credentials",
    })
    .transform((url) => url.origin),
  token: tokenSchema.describe("SMOKE_TOKEN"),
  timeoutSeconds: z.coerce
    .number({ error: "SMOKE_TIMEOUT_S must be a number of seconds" })
    .int({ error: "SMOKE_TIMEOUT_S must be a whole number of seconds" })
    .min(30, { error: "SMOKE_TIMEOUT_S must be at least 30" })
    .max(1800, { error: "SMOKE_TIMEOUT_S must be at most 1800" })
    .default(600),
});
export type SmokeSettings = z.output<typeof smokeSettingsSchema>;

/** Reads the settings; answers every problem as one line naming the setting. */
export function readSmokeSettings(input: {
  url: string | undefined;
  token: string | undefined;
  timeoutSeconds: string | undefined;
}): { settings: SmokeSettings; problems: [] } | { settings: null; problems: string[] } {
  const parsed = smokeSettingsSchema.safeParse({ ...input, timeoutSeconds: input.timeoutSeconds || undefined });
  if (parsed.success) return { settings: parsed.data, problems: [] };
  const problems = parsed.error.issues.map((issue) => {
    if (issue.path[0] === "token")
      return input.token
        ? "SMOKE_TOKEN is not a session token (43 characters of A–Z a–z 0–9 _ -): docs/DEPLOY.md, step 9"
        : "SMOKE_TOKEN is not set: the smoke account's session token (docs/DEPLOY.md, step 9)";
    return issue.message;
  });
  return { settings: null, problems };
}

/** The ad's text as the guard sees it: the title, and the description without the legal block the generator appends (ADR 043). */
function guardedText(ad: AdJson) {
  const description = ad.optimizedDescription ?? "";
  const legal = description.lastIndexOf(LEGAL_HEADING);
  return { title: ad.optimizedTitle ?? "", description: legal >= 0 ? description.slice(0, legal).trimEnd() : description, notes: [] };
}

function describeChange(change: GuardChange): string | null {
  if (change.kind === "removed" || change.kind === "trimmed")
    return `claims "${change.claim}", which the note does not say: ${change.text}`;
  if (change.kind === "added") return `drops the seller's fact "${change.text}"`;
  // A written-out abbreviation is a repair of wording, not a claim.
  return null;
}

/**
 * What is wrong with a finished smoke ad, one line each; empty when it passes. The guard ran in the
 * generator; run again over the stored text with the same sources it must change nothing: a claim
 * it would remove was invented, a fact it would add was dropped. Claims only the photos support
 * (a model's reading of the condition) stand, as they do in the generator.
 */
export function smokeAdProblems(ad: AdJson): string[] {
  if (ad.status !== "completed") return [`the ad ended "${ad.status}": ${ad.errorMessage ?? "no message"}`];
  const problems: string[] = [];
  if (!ad.optimizedTitle?.trim()) problems.push("the ad has no title");
  if (!ad.optimizedDescription?.includes(LEGAL_HEADING)) problems.push("the ad's description lacks the legal block");
  if (ad.imageUrls.length !== 1) problems.push(`the ad has ${ad.imageUrls.length} photos, 1 was uploaded`);
  if (ad.askingPrice !== Number(SMOKE_AD.price) * 100)
    problems.push(`the asking price is ${ad.askingPrice} cents, the form said ${SMOKE_AD.price} €`);
  const { changes } = guardFacts(guardedText(ad), {
    itemName: ad.itemName,
    note: ad.description ?? null,
    record: {
      priceCents: ad.askingPrice ?? null,
      priceType: ad.priceType ?? null,
      shipping: ad.shipping ?? null,
      pickup: ad.pickup ?? null,
      swap: ad.swap ?? null,
      shippingCents: ad.shippingCost ?? null,
    },
    photos: ad.provider === "offline" || !ad.imageAnalysis ? null : ad.imageAnalysis,
  });
  for (const change of changes) {
    const problem = describeChange(change);
    if (problem) problems.push(`fact guard: the ad ${problem}`);
  }
  return problems;
}

export class SmokeFailure extends Error {}

export type SmokeReport = {
  adId: string;
  provider: string | null;
  /** The generator's own measure of the generation: the model call and what surrounds it. */
  generationMs: number | null;
  attempts: number;
  /** From sending the photo to the ad being ready, as the seller waits. */
  waitMs: number;
  uploadMs: number;
  /** Claims the model read from the photo only; they stand, for the seller to confirm. */
  toConfirm: string[];
};

type Io = {
  photo: Uint8Array<ArrayBuffer>;
  log: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  /** Between two looks at the ad (the wait is seconds; a request per 2 s costs the product nothing). */
  pollMs?: number;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function answerMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === "string") return message;
  } catch {
    // not JSON: the start of the body says more than nothing
  }
  return text.slice(0, 200).replace(/\s+/g, " ") || "(empty body)";
}

/** What an answer means for the operator, where the status alone says it. */
const STATUS_HINTS: Record<number, string> = {
  401: "the smoke account's session token was refused — unused for 30 days, or signed out; sign the account in again (docs/DEPLOY.md, step 9)",
  402: "the smoke account has no ad left — give it credits (docs/DEPLOY.md, step 9)",
  429: "rate limited — wait a minute and run again",
};

export async function runSmoke(settings: SmokeSettings, io: Io): Promise<SmokeReport> {
  const sleep = io.sleep ?? defaultSleep;
  const pollMs = io.pollMs ?? 2000;
  const request = async (step: string, method: string, path: string, expected: number, init: { body?: BodyInit; auth?: boolean } = {}) => {
    let response: Response;
    try {
      response = await fetch(`${settings.url}${path}`, {
        method,
        body: init.body,
        headers: init.auth === false ? {} : { Authorization: `Bearer ${settings.token}` },
        redirect: "manual",
      });
    } catch (error) {
      throw new SmokeFailure(`${step}: ${method} ${path} got no answer (${error instanceof Error ? error.message : String(error)})`);
    }
    if (response.status !== expected) {
      const hint = STATUS_HINTS[response.status];
      throw new SmokeFailure(
        `${step}: ${method} ${path} answered ${response.status} (expected ${expected}): ${await answerMessage(response)}${hint ? ` — ${hint}` : ""}`,
      );
    }
    return response;
  };

  await request("health", "GET", "/api/health", 200, { auth: false });
  io.log("ok   health");
  const user = await (await request("sign-in", "GET", "/api/auth/user", 200)).json<{ email: string }>();
  io.log(`ok   signed in as ${user.email}`);

  const form = new FormData();
  for (const [name, value] of Object.entries(SMOKE_AD)) form.append(name, value);
  form.append("photos", new File([io.photo], SMOKE_PHOTO.name, { type: SMOKE_PHOTO.type }));
  const sent = Date.now();
  const created = await (await request("create", "POST", "/api/ads", 201, { body: form })).json<AdJson>();
  const uploadMs = Date.now() - sent;
  io.log(`ok   ad ${created.id} created (upload ${seconds(uploadMs)})`);

  let failure: unknown = null;
  let report: SmokeReport | null = null;
  try {
    const deadline = sent + settings.timeoutSeconds * 1000;
    let ad = created;
    while (ad.status === "processing") {
      if (Date.now() > deadline)
        throw new SmokeFailure(
          `wait: the ad is not ready after ${settings.timeoutSeconds} s (phase ${ad.progressPhase ?? "queued"}, attempts ${ad.attempts}) — see \`npx wrangler tail -c wrangler.generator.toml --env production\``,
        );
      await sleep(pollMs);
      const own = await (await request("wait", "GET", "/api/ads", 200)).json<AdJson[]>();
      const found = own.find((candidate) => candidate.id === created.id);
      if (!found) throw new SmokeFailure(`wait: ad ${created.id} is no longer in the account's list`);
      ad = found;
    }
    const waitMs = Date.now() - sent;
    io.log(`ok   ready after ${seconds(waitMs)} (${ad.provider ?? "?"}, ${ad.attempts} attempt${ad.attempts === 1 ? "" : "s"})`);
    const problems = smokeAdProblems(ad);
    if (problems.length > 0) throw new SmokeFailure(`check: ${problems.join("\n     ")}`);
    const toConfirm = ad.imageAnalysis?.toConfirm ?? [];
    io.log(
      `ok   fact guard: nothing the note did not say, every fact it said${toConfirm.length ? ` (from the photo only: ${toConfirm.join(" | ")})` : ""}`,
    );
    // The cover and display copies an API client does not send are made by the generator after
    // completion (ADR 019, ADR 021), through the Images binding, which no local simulation proves.
    for (;;) {
      const view = await (await request("public page", "GET", `/api/ads/public/${ad.id}`, 200, { auth: false })).json<PublicAdJson>();
      if (view.coverImageUrl && view.imageUrls.length === ad.imageUrls.length) break;
      if (Date.now() > deadline)
        throw new SmokeFailure(`public page: ad ${ad.id} still lacks its cover or display copy after ${settings.timeoutSeconds} s`);
      await sleep(pollMs);
    }
    await (await request("public page", "GET", `/ad/${ad.id}`, 200, { auth: false })).arrayBuffer();
    io.log(`ok   public page /ad/${ad.id} with cover and display copies after ${seconds(Date.now() - sent)}`);
    report = {
      adId: ad.id,
      provider: ad.provider ?? null,
      generationMs: ad.generationMs ?? null,
      attempts: ad.attempts,
      waitMs,
      uploadMs,
      toConfirm,
    };
  } catch (error) {
    failure = error;
  }
  // Deleted whatever happened: a smoke ad never stays in production.
  try {
    await (await request("delete", "DELETE", `/api/ads/${created.id}`, 200)).arrayBuffer();
    io.log(`ok   ad ${created.id} deleted`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const deleteFailure = new SmokeFailure(`${message} — delete ad ${created.id} of the smoke account by hand`);
    if (failure) io.log(`FAIL ${deleteFailure.message}`);
    else failure = deleteFailure;
  }
  if (failure) throw failure;
  return report!;
}

/** The last line: what the operator writes down. */
export function formatSmokeReport(report: SmokeReport): string {
  const generation = report.generationMs === null ? "unknown" : seconds(report.generationMs);
  return `PASS generation (model call, server-measured) ${generation} · seller's wait ${seconds(report.waitMs)} · upload ${seconds(report.uploadMs)} · provider ${report.provider ?? "?"}`;
}
