// German formatting for everything a person reads: de-DE, Europe/Berlin, euros.
const TIME_ZONE = "Europe/Berlin";

const dateTime = new Intl.DateTimeFormat("de-DE", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

const date = new Intl.DateTimeFormat("de-DE", { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });

const euro = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });

/** 22.11.2026, 14:05 */
export function formatDateTime(epochMs: number): string {
  return dateTime.format(new Date(epochMs));
}

/** 22.11.2026 */
export function formatDate(epochMs: number): string {
  return date.format(new Date(epochMs));
}

/** 595 → "5,95 €" */
export function formatEuroCents(cents: number): string {
  return euro.format(cents / 100);
}
