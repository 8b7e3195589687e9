// eBay's refusals explained in German with what to fix (ADR 036). eBay answers
// { errors: [{ errorId, message, parameters }] }; the ids we know get a sentence of their own, any
// other keeps eBay's own message so nothing is hidden from the seller.
import { PublishError } from "../listings/publisher";
import type { EbayErrorDetail } from "./types";

export const EBAY_UNREACHABLE = "eBay ist gerade nicht erreichbar. Bitte versuche es in ein paar Minuten erneut.";

const LOCATION_MISSING =
  "eBay kennt den Artikelstandort nicht. Richte eBay im Profil unter „eBay“ ein (Standort aus deiner PLZ) und veröffentliche erneut.";

const KNOWN: Record<number, (detail: EbayErrorDetail) => string> = {
  1001: () => "Die Verbindung zu eBay ist abgelaufen. Verbinde dein eBay-Konto im Profil neu.",
  25005: () => "Die eBay-Kategorie passt nicht. Wähle eine andere Kategorie und versuche es erneut.",
  25007: () => "Es fehlt eine Versandrichtlinie. Wähle im Profil unter „eBay“ eine Versandrichtlinie aus.",
  25008: () => "Es fehlt eine Zahlungsrichtlinie. Wähle im Profil unter „eBay“ eine Zahlungsrichtlinie aus.",
  25009: () => "Es fehlt eine Rücknahmerichtlinie. Wähle im Profil unter „eBay“ eine Rücknahmerichtlinie aus.",
  25012: () => LOCATION_MISSING,
  // 25017, "Missing information in fields" (publishOffer; its messages are listed at
  // https://developer.ebay.com/api-docs/sell/static/inventory/inventory-error-details.html#25017):
  // the location or a policy the offer lacks is read from the message (ADR 045).
  25017: (detail) =>
    /location|Item\.Country/i.test(detail.message ?? "")
      ? LOCATION_MISSING
      : /polic/i.test(detail.message ?? "")
        ? "Für eBay fehlt eine Versand-, Zahlungs- oder Rücknahmerichtlinie. Richte eBay im Profil unter „eBay“ ein und veröffentliche erneut."
        : `eBay vermisst eine Angabe (${detail.message ?? "Fehler 25017"}). Prüfe die Angaben und versuche es erneut.`,
  25020: () => "eBay lehnt den Preis ab. Gib einen Preis über 0 € in Euro an.",
  25702: () => "Der Artikel fehlt bei eBay. Bitte veröffentliche die Anzeige erneut.",
  25707: () => "eBay lehnt die Artikelnummer ab. Bitte melde dich beim Support.",
  25709: () => "eBay lehnt einen Wert der Anfrage ab. Bitte versuche es später erneut.",
  25713: () => "Dieses Angebot gibt es bei eBay nicht mehr oder es ist nicht mehr aktiv.",
};

function parameter(detail: EbayErrorDetail, name: string): string | undefined {
  return detail.parameters?.find((entry) => entry.name === name)?.value;
}

/** One German sentence for one eBay error. */
export function explainEbayError(detail: EbayErrorDetail): string {
  const aspect = parameter(detail, "aspect");
  if (aspect) return `eBay verlangt die Angabe „${aspect}“. Trage sie bei den Artikelmerkmalen ein und veröffentliche erneut.`;
  if (parameter(detail, "field") === "merchantLocationKey")
    return "Es fehlt ein Artikelstandort. Wähle im Profil unter „eBay“ einen Standort aus.";
  const known = KNOWN[detail.errorId];
  if (known) return known(detail);
  const original = detail.longMessage ?? detail.message ?? "unbekannter Fehler";
  return `eBay hat die Anfrage abgelehnt (Fehler ${detail.errorId}: ${original}). Prüfe die Angaben und versuche es erneut.`;
}

/** The PublishError for an eBay answer: 4xx answers are the seller's to fix (422), others eBay's (502). */
export function ebayPublishError(status: number, errors: EbayErrorDetail[]): PublishError {
  if (errors.length === 0) {
    return new PublishError(
      status >= 500 ? EBAY_UNREACHABLE : `eBay hat die Anfrage abgelehnt (HTTP ${status}).`,
      status >= 500 ? 502 : 422,
    );
  }
  const message = [...new Set(errors.map(explainEbayError))].join(" ");
  return new PublishError(message, status >= 500 ? 502 : status === 401 ? 409 : 422);
}
