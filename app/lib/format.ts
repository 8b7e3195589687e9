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

const wholeEuros = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 0 });
const eurosAndCents = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 22.11.2026, 14:05 */
export function formatDateTime(epochMs: number): string {
  return dateTime.format(new Date(epochMs));
}

/** 22.11.2026 */
export function formatDate(epochMs: number): string {
  return date.format(new Date(epochMs));
}

const yearOnly = new Intl.DateTimeFormat("de-DE", { timeZone: TIME_ZONE, year: "numeric" });
const monthOnly = new Intl.DateTimeFormat("de-DE", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit" });

/** The calendar year in Germany (a sale at 00:30 on 1 January Berlin time counts for the new year). */
export function berlinYear(epochMs: number): number {
  return Number(yearOnly.format(new Date(epochMs)));
}

/** "11.2026": the calendar month in Germany, for comparing months. */
export function berlinMonth(epochMs: number): string {
  return monthOnly.format(new Date(epochMs));
}

/**
 * The one way a price is written (docs/PRODUCT.md, "Prices"): 595 → "5,95 €", 25000 → "250 €",
 * 120000 → "1.200 €". Whole euros without ",00"; a plain space before "€", because the same text is
 * pasted into marketplaces and chats, where a no-break space is an odd character.
 */
export function formatEuroCents(cents: number): string {
  const rounded = Math.round(cents);
  return `${(rounded % 100 === 0 ? wholeEuros : eurosAndCents).format(rounded / 100)} €`;
}

/** The same rule for an amount in euros (the sales kit and the offline writer count in euros). */
export function formatEuros(euros: number): string {
  return formatEuroCents(euros * 100);
}
