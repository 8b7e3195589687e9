// The local default AI (AI_PROVIDER=offline): a deterministic German ad built from the seller's
// inputs and facts computed from the photos. No network, no model. It does not claim to see the
// photos: defects come from the seller's note, the best photo from a computed score, and the UI
// labels its ads "Offline-Modus". It follows no prompt: instructions are for a language model
// (the /settings page says so), and pasting them into an ad would make it nonsense.
import { bestPhotoIndex } from "../photo-score";
import type { AiProvider, GenerationInput, GenerationOutput } from "../../../ai/types";
import { conditionOf } from "../condition";
import { readAttributes, readItem } from "../../../ai/item";
import { clausesOf, readNote } from "../note";
import { suggestPrice } from "../price";
import { readSearchFacts } from "../../../ai/search-facts";
import { fullerName, nameAsWritten } from "../../../ai/spelling";
import { buildTitle } from "./title";
import { writeDescription } from "./writer";
import { gradeStatedBySeller } from "../../../../lib/condition-grade";

export function generateOffline(input: GenerationInput, now = new Date()): GenerationOutput {
  const note = input.description ?? "";
  const facts = readNote(note, now);
  // The name as a careful seller writes it, where it was typed in lower case, and as the note's first
  // clause gives it where that says more than the form's short name (ADR 093).
  const first = facts.clauses.find((clause) => clause.kind !== "price")?.text;
  const item = readItem(nameAsWritten(fullerName(input.itemName, first), note), note);
  const attributes = readAttributes(item.name, note);
  const condition = conditionOf(facts, item.name);
  const price = suggestPrice({
    itemName: item.name,
    category: input.category,
    brand: item.brand,
    condition: condition.label,
    askingPrice: input.sellerPrice ? input.sellerPrice.cents / 100 : facts.askingPrice,
    newPrice: facts.newPrice,
    purchaseYear: facts.purchaseYear,
    now,
  });
  const search = readSearchFacts(item.name, note);
  return {
    title: buildTitle(input.platform, {
      item,
      attributes,
      search,
      condition,
      contents: clausesOf(facts, "contents"),
      defects: clausesOf(facts, "defect").length,
    }),
    // The text spells the model as the title does ("cube aim race" → "Cube Aim Race").
    description: writeDescription({ item, condition, facts, commercial: input.seller.type === "commercial", model: search.model }),
    // No offer the seller did not make: a visit before buying is the seller's to offer (ADR 043).
    notes: [],
    priceSuggestion: price.priceSuggestion,
    priceMin: price.priceMin,
    priceMax: price.priceMax,
    priceBasis: price.basis,
    bestImageIndex: bestPhotoIndex(input.photos.map((photo) => photo.bytes)),
    imageAnalysis: {
      brand: item.brand,
      model: item.model,
      serialNumber: facts.serialNumber,
      // A grade only where the seller wrote it ("neuwertig", "sehr gut erhalten"): the label read from
      // other words ("funktioniert tadellos" → "Sehr gut") serves the price estimate, no surface states it.
      condition: gradeStatedBySeller(condition.stated ? condition.label : null, `${input.itemName}\n${note}`),
      // The offline mode cannot look at photos: defects come from the note and name no photo.
      defects: clausesOf(facts, "defect").map((text) => ({ text, photoIndex: null })),
    },
    // No model reads the offer here: the record's reading is the only one, nothing to compare (ADR 064).
    offer: null,
    // Nor can it check the photos for faces, plates or addresses: no photo counts as checked, and
    // the card says so (ADR 069).
    privacyHints: null,
  };
}

export const offlineProvider: AiProvider = {
  name: "offline",
  async generate(input, options = {}) {
    // The rules need no waiting: no phase after the first, whose words and price would show for a
    // blink before the finished ad — each one a write and a round of the seller's wait (ADR 083).
    options.onProgress?.({ phase: "photos" });
    return generateOffline(input);
  },
};
