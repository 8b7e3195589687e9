// "Bitte prüfen" on the card (ADR 064): each fact of the offer that only the note stated, with the
// seller's own words and what the record made of them (or, for a fact only the model read, its
// reading), "unsicher gelesen" where the reader or the model doubts it, and each amount the reader
// placed nowhere.
// Saving the editor confirms what it shows; until then the product does not treat a reading as the
// seller's word.
import { formatEuroCents } from "~/lib/format";
import type { AdJson } from "~/lib/api/types";
import { MODEL_WORDS_PREFIX, PICKUP_LABELS, SHIPPING_LABELS, type OfferFact, type UnconfirmedFact } from "~/lib/offer-facts";
import { Button } from "../ui/button";

const FACT_LABELS: Record<OfferFact, string> = {
  price: "Preis",
  priceType: "Preisart",
  shipping: "Versand",
  pickup: "Abholung",
  shippingCost: "Versandkosten",
  carrier: "Versanddienst",
  place: "Ort",
  swap: "Tausch",
  delivery: "Lieferung",
};

/** What the record holds for a fact, in the card's words. */
function recordValue(ad: AdJson, fact: OfferFact): string | null {
  switch (fact) {
    case "price":
    case "priceType":
      return ad.priceLabel;
    case "shipping":
      return ad.shipping ? SHIPPING_LABELS[ad.shipping] : null;
    case "pickup":
      return ad.pickup ? PICKUP_LABELS[ad.pickup] : null;
    case "shippingCost":
      return ad.shippingCost === null ? null : ad.shippingCost === 0 ? "inklusive" : formatEuroCents(ad.shippingCost);
    case "carrier":
      return ad.shippingCarrier;
    case "place":
      return [ad.postalCode, ad.city].filter(Boolean).join(" ") || null;
    case "swap":
      return ad.swap === null ? null : ad.swap ? "Tausch möglich" : "Kein Tausch";
    case "delivery":
      return ad.deliveryKm === null ? null : `im Umkreis von ${ad.deliveryKm} km`;
  }
}

/** Whether the card asks "Bitte prüfen" about the offer: a fact only the note stated, or an amount placed nowhere. */
export function hasOfferChecks(ad: Pick<AdJson, "offerReading">): boolean {
  return Boolean(ad.offerReading && (ad.offerReading.unconfirmed.length > 0 || ad.offerReading.unplaced.length > 0));
}

export function OfferChecks({ ad, onReview }: { ad: AdJson; onReview: () => void }) {
  const reading = ad.offerReading;
  if (!reading || !hasOfferChecks(ad)) return null;
  // Price and type come from one phrase ("250 VB"): asked once, unsure if either was.
  const sharesPrice = (entry: UnconfirmedFact) =>
    entry.fact === "priceType" && reading.unconfirmed.some((other) => other.fact === "price" && other.words === entry.words);
  const facts = reading.unconfirmed
    .filter((entry) => !sharesPrice(entry))
    .map((entry) =>
      entry.fact === "price"
        ? { ...entry, doubt: entry.doubt || reading.unconfirmed.some((other) => sharesPrice(other) && other.doubt) }
        : entry,
    );
  return (
    <section
      className="mt-3 space-y-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950"
      data-testid="offer-checks"
      aria-label="Bitte prüfen"
    >
      <p className="font-semibold">Bitte prüfen – aus deiner Beschreibung gelesen:</p>
      <ul className="ml-4 list-disc space-y-1">
        {facts.map((entry) => (
          <li key={entry.fact} data-fact={entry.fact}>
            {FACT_LABELS[entry.fact]}: {recordValue(ad, entry.fact) ?? "–"}{" "}
            <span className="text-amber-900">
              {/* A fact only the model read (ADR 064): its reading, not the seller's words. */}
              {entry.words.startsWith(MODEL_WORDS_PREFIX) ? `(${entry.words})` : `(aus „${entry.words}“)`}
            </span>
            {entry.doubt ? <span className="font-semibold"> – unsicher gelesen</span> : null}
          </li>
        ))}
        {reading.unplaced.map((amount) => (
          <li key={`amount-${amount.words}`} data-fact="amount">
            „{amount.words}“ – ist das dein Preis?
          </li>
        ))}
      </ul>
      <Button variant="outline" size="touch" onClick={onReview}>
        Prüfen und bestätigen
      </Button>
    </section>
  );
}
