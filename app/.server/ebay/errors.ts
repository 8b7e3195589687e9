// eBay's refusals explained in German with what to fix (ADR 036, ADR 046). eBay answers
// { errors: [{ errorId, message, longMessage, parameters }] }; the ids the Inventory API documents
// for the calls we make (x-response-codes of
// https://developer.ebay.com/api-docs/master/sell/inventory/openapi/3/sell_inventory_v1_oas3.json,
// https://developer.ebay.com/api-docs/sell/static/inventory/inventory-error-details.html) get a
// sentence of their own. A sentence reads only the parameters eBay documents for its id
// ({additionalInfo}, {field}, {fieldName}) or eBay's message text; any other id keeps eBay's own
// message, so nothing is hidden from the seller.
import { PublishError } from "../publishing/publisher";
import type { EbayErrorDetail } from "./types";

export const EBAY_UNREACHABLE = "eBay ist gerade nicht erreichbar. Bitte versuche es in ein paar Minuten erneut.";
/** No answer within the call's budget (ADR 047). */
export const EBAY_NO_ANSWER = "eBay antwortet nicht. Bitte versuche es in ein paar Minuten erneut.";
export const EBAY_NO_ANSWER_MESSAGES = { timedOut: EBAY_NO_ANSWER, unreachable: EBAY_UNREACHABLE };

/** eBay answered with a refusal: its HTTP status and errorIds, for the callers that read them (ADR 047). */
export class EbayRefusal extends PublishError {
  constructor(
    message: string,
    status: 409 | 422 | 502,
    httpStatus: number,
    readonly errorIds: number[],
  ) {
    super(message, status, httpStatus);
    this.name = "EbayRefusal";
  }
}

/** eBay's own words for one error (its longer text where there is one). */
function ebaySays(detail: EbayErrorDetail): string {
  return (detail.longMessage ?? detail.message ?? "").trim();
}

function parameter(detail: EbayErrorDetail, name: string): string | undefined {
  return detail.parameters?.find((entry) => entry.name === name)?.value?.trim() || undefined;
}

/** eBay's words in brackets, when it sent any. */
function quoting(detail: EbayErrorDetail): string {
  const words = ebaySays(detail);
  return words ? ` (eBay: ${words})` : "";
}

/**
 * The aspect a "required" error names: the documented {field} of 25029, else eBay's text
 * ("Marke is required for this category.", "The item specific Marke is missing.").
 */
function missingAspect(detail: EbayErrorDetail): string | undefined {
  const text = ebaySays(detail);
  return (
    parameter(detail, "field") ??
    /The item specific (.+?) is missing/i.exec(text)?.[1] ??
    /^(?:A user error has occurred\.\s*)?(.+?) is required for this category/i.exec(text)?.[1]
  );
}

/** A publish without a location, or at one eBay does not know (ADR 045). */
const LOCATION_MISSING =
  "eBay kennt den Artikelstandort nicht. Richte eBay im Profil unter „eBay“ ein (Standort aus deiner PLZ) und veröffentliche erneut.";

const aspectNeeded = (name: string) =>
  `eBay verlangt die Angabe „${name}“. Trage sie bei den Artikelmerkmalen ein und veröffentliche erneut.`;

const KNOWN: Record<number, (detail: EbayErrorDetail) => string> = {
  1001: () => "Die Verbindung zu eBay ist abgelaufen. Verbinde dein eBay-Konto im Profil neu.",
  // "A user error has occurred. {additionalInfo}": the missing item specific is one eBay sends this way.
  25002: (detail) => {
    const aspect = /The item specific (.+?) is missing/i.exec(ebaySays(detail))?.[1];
    return aspect ? aspectNeeded(aspect) : `eBay lehnt eine Angabe ab${quoting(detail)}. Prüfe die Angaben und veröffentliche erneut.`;
  },
  25003: () =>
    "eBay lehnt den Preis ab. Gib den Preis in Euro an (mindestens 1 €, höchstens zwei Nachkommastellen) und veröffentliche erneut.",
  25004: () => "eBay lehnt die Stückzahl ab. AnzeigenPilot stellt jeden Artikel einmal ein – bitte versuche es später erneut.",
  25005: () => "Die eBay-Kategorie passt nicht. Wähle eine andere Kategorie und versuche es erneut.",
  25007: (detail) =>
    `Deine Versandrichtlinie ist für dieses Angebot nicht gültig${quoting(detail)}. Prüfe sie bei eBay oder wähle im Profil unter „eBay“ eine andere.`,
  25008: (detail) =>
    `Deine Zahlungsrichtlinie ist für dieses Angebot nicht gültig${quoting(detail)}. Prüfe sie bei eBay oder wähle im Profil unter „eBay“ eine andere.`,
  25009: (detail) =>
    `Deine Rücknahmerichtlinie ist für dieses Angebot nicht gültig${quoting(detail)}. Prüfe sie bei eBay oder wähle im Profil unter „eBay“ eine andere.`,
  25012: () => LOCATION_MISSING,
  25014: () =>
    "eBay lehnt die Fotos ab. Die Anzeige braucht mindestens ein Foto (höchstens 24) – prüfe die Fotos und veröffentliche erneut.",
  25015: () => "eBay konnte ein Foto nicht laden. Veröffentliche erneut – die Fotos werden dann neu zu eBay hochgeladen.",
  // 25017, "Missing information in fields": a location or a policy the offer lacks is read from
  // eBay's message (ADR 045); any other field keeps eBay's words.
  25017: (detail) =>
    /location|Item\.Country/i.test(ebaySays(detail))
      ? LOCATION_MISSING
      : /polic/i.test(ebaySays(detail))
        ? "Für eBay fehlt eine Versand-, Zahlungs- oder Rücknahmerichtlinie. Richte eBay im Profil unter „eBay“ ein und veröffentliche erneut."
        : `Bei eBay fehlt eine Pflichtangabe${quoting(detail)}. Ergänze sie und veröffentliche erneut.`,
  25020: () =>
    "eBay braucht für deine Versandrichtlinie Gewicht und Maße des Pakets. Trage sie im Formular ein oder wähle im Profil eine Versandrichtlinie mit festen Kosten.",
  25021: () =>
    "Dieser Zustand ist in der gewählten eBay-Kategorie nicht erlaubt. Wähle einen Zustand aus der Liste und veröffentliche erneut.",
  25029: (detail) => {
    const aspect = missingAspect(detail);
    return aspect ? aspectNeeded(aspect) : `Bei eBay fehlt eine Pflichtangabe${quoting(detail)}. Ergänze sie und veröffentliche erneut.`;
  },
  25032: (detail) => {
    const field = parameter(detail, "field") ?? /^(.+?) is not valid/i.exec(ebaySays(detail))?.[1];
    return field
      ? `eBay lehnt den Wert für „${field}“ ab. Wähle einen Wert aus eBays Liste oder korrigiere die Angabe und veröffentliche erneut.`
      : `eBay lehnt eine Angabe ab${quoting(detail)}. Prüfe die Angaben und veröffentliche erneut.`;
  },
  25604: (detail) => `eBay lehnt eine Eingabe ab${quoting(detail)}. Prüfe die Angaben und veröffentliche erneut.`,
  25702: () => "Der Artikel fehlt bei eBay. Bitte veröffentliche die Anzeige erneut.",
  25707: () => "eBay lehnt die Artikelnummer ab. Bitte melde dich beim Support.",
  25709: (detail) => `eBay lehnt einen Wert der Anfrage ab${quoting(detail)}. Bitte versuche es später erneut.`,
  25713: () => "Dieses Angebot gibt es bei eBay nicht mehr oder es ist nicht mehr aktiv.",
};

/** One German sentence for one eBay error. */
export function explainEbayError(detail: EbayErrorDetail): string {
  const known = KNOWN[detail.errorId];
  if (known) return known(detail);
  const original = ebaySays(detail) || "unbekannter Fehler";
  return `eBay hat die Anfrage abgelehnt (Fehler ${detail.errorId}: ${original}). Prüfe die Angaben und versuche es erneut.`;
}

/** The PublishError for an eBay answer: 4xx answers are the seller's to fix (422), others eBay's (502). */
export function ebayPublishError(status: number, errors: EbayErrorDetail[]): EbayRefusal {
  if (errors.length === 0) {
    return new EbayRefusal(
      status >= 500 ? EBAY_UNREACHABLE : `eBay hat die Anfrage abgelehnt (HTTP ${status}).`,
      status >= 500 ? 502 : 422,
      status,
      [],
    );
  }
  const message = [...new Set(errors.map(explainEbayError))].join(" ");
  return new EbayRefusal(
    message,
    status >= 500 ? 502 : status === 401 ? 409 : 422,
    status,
    errors.map((error) => error.errorId),
  );
}
