// Pure rules behind the dashboard (docs/PRODUCT.md, "Pages"), kept apart from the components so they
// are tested on their own.
import type { ErrorCode } from "./error-codes";
import { berlinMonth } from "./format";

export type PlanLabel = "PRO" | "POWER" | "FREE";

/** subscriptionStatus active = PRO, trial = POWER, otherwise FREE. */
export function planLabel(subscriptionStatus: string | null | undefined): PlanLabel {
  if (subscriptionStatus === "active") return "PRO";
  if (subscriptionStatus === "trial") return "POWER";
  return "FREE";
}

const STATUS_LABELS: Record<string, string> = { processing: "Wird erstellt", completed: "Fertig", failed: "Fehler" };

const PHASE_LABELS: Record<string, string> = {
  photos: "Fotos werden angesehen …",
  text: "Text wird geschrieben …",
  price: "Preis wird geschätzt …",
};

/** What the seller reads while the ad is written. */
export function phaseLabel(phase: string | null): string {
  return (phase && PHASE_LABELS[phase]) ?? "Die KI arbeitet an deiner Anzeige …";
}

/** Known statuses in German, anything else as it is. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** Ads created in the current calendar month, as a seller in Germany counts months. */
export function countThisMonth(createdAts: number[], now: number = Date.now()): number {
  const current = berlinMonth(now);
  return createdAts.filter((createdAt) => berlinMonth(createdAt) === current).length;
}

export type CreateErrorKind = "limit" | "upload" | "network" | "processing" | "auth" | "generic";

/**
 * A failed creation as the form knows it: the server's status and code (ADR 077), or neither when
 * the request never reached the server; `online` is the browser's own view of the connection.
 */
export type CreateFailure = { online: boolean; status?: number; code?: ErrorCode | null };

/** Which panel (or toast) a failed creation shows, chosen by status and code, never by the message's words. */
export function classifyCreateError({ online, status, code }: CreateFailure): CreateErrorKind {
  if (code === "limit_reached" || status === 402) return "limit";
  if (code === "photo_upload_failed") return "upload";
  if (status === undefined || !online) return "network";
  if (status === 401) return "auth";
  if (status >= 500) return "processing";
  return "generic";
}

export const ONBOARDING_FLAG_KEY = "anzeigenpilot.onboardingCompleted";

/** The tour is shown once, to a user with zero ads, unless the local flag is set. */
export function shouldShowTour(adCount: number, flag: string | null): boolean {
  return adCount === 0 && flag !== "true";
}
