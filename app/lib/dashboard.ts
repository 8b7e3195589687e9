// Pure rules behind the dashboard (docs/PRODUCT.md, "Pages"), kept apart from the components so they
// are tested on their own.
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

/** Which panel (or toast) a failed creation shows, chosen by the message text. */
export function classifyCreateError(message: string, options: { online: boolean; status?: number }): CreateErrorKind {
  const text = message.toLowerCase();
  if (text.includes("limit erreicht") || text.includes("upgrade")) return "limit";
  if (["file", "image", "upload", "bildupload"].some((word) => text.includes(word))) return "upload";
  if (text.includes("network") || text.includes("keine verbindung") || !options.online) return "network";
  if (["server", "processing", "ki-service", "datenbankfehler"].some((word) => text.includes(word))) return "processing";
  if (options.status === 401 || text.includes("anmeldung erforderlich")) return "auth";
  return "generic";
}

export const ONBOARDING_FLAG_KEY = "anzeigenpilot.onboardingCompleted";

/** The tour is shown once, to a user with zero ads, unless the local flag is set. */
export function shouldShowTour(adCount: number, flag: string | null): boolean {
  return adCount === 0 && flag !== "true";
}
