// The platforms' reporting thresholds for private sellers (ADR 050), one place for the counter and
// its note. Under DAC7 — Council Directive (EU) 2021/514, Annex V Section I B(4)(d)
// (https://eur-lex.europa.eu/eli/dir/2021/514/oj) — and the German Plattformen-
// Steuertransparenzgesetz, PStTG § 4 Abs. 5 Satz 1 Nr. 4 (https://www.gesetze-im-internet.de/psttg/__4.html),
// a platform does not report a seller who, in a calendar year and on that platform, sold goods in
// fewer than 30 cases and for less than 2,000 € in total. Reaching either figure makes the platform
// report the seller's sales to the Bundeszentralamt für Steuern. A report is not a tax.
import { formatEuroCents } from "./format";

export const DAC7_THRESHOLDS = { sales: 30, sumCents: 200_000 } as const;

/** From here on the note appears: 80 % of either threshold. */
const NEAR = 0.8;

export type Dac7Status = "near" | "reached";

/** Where a private seller stands on one platform in one year; null while far below both thresholds. */
export function dac7Status(sales: number, sumCents: number): Dac7Status | null {
  if (sales >= DAC7_THRESHOLDS.sales || sumCents >= DAC7_THRESHOLDS.sumCents) return "reached";
  if (sales >= DAC7_THRESHOLDS.sales * NEAR || sumCents >= DAC7_THRESHOLDS.sumCents * NEAR) return "near";
  return null;
}

const plural = (count: number) => (count === 1 ? "1 Verkauf" : `${count} Verkäufe`);

/** The calm note for a private seller on one platform (German, du). */
export function dac7Note(platform: string, status: Dac7Status, sales: number, sumCents: number): string {
  const where = `Auf ${platform} hast du dieses Jahr ${plural(sales)} für ${formatEuroCents(sumCents)} als verkauft markiert`;
  const rule = `Ab ${DAC7_THRESHOLDS.sales} Verkäufen oder ${formatEuroCents(DAC7_THRESHOLDS.sumCents)} im Jahr meldet eine Plattform die Verkäufe an das Bundeszentralamt für Steuern (Plattformen-Steuertransparenzgesetz) und fragt dafür nach Angaben wie deiner Steuer-ID.`;
  const calm = "Eine Meldung bedeutet nicht, dass Steuern anfallen.";
  return status === "reached"
    ? `${where}: Damit meldet ${platform} deine Verkäufe dieses Jahres. ${rule} ${calm}`
    : `${where}. ${rule} ${calm}`;
}
