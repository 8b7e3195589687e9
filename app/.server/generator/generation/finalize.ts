// Turns an adapter's output into the stored ad: the fact guard first (every writer's text checked
// against the seller's note, the offer record and the photo analysis; ADR 043), then platform rules
// enforced, the legal block for the seller type appended (never left to the model), and the best
// photo moved to the front.
import { isSafeExtraNote, legalNotes, type Imprint, type SellerType } from "../../../lib/legal-notes";
import { allowsEmail, applyPlatformRules, type Platform } from "../../../lib/platforms";
import { guardFacts, type GuardSource } from "../ai/fact-guard";
import type { GenerationOutput } from "../../ai/types";

export function finalizeAd(
  output: GenerationOutput,
  options: { platform: Platform; sellerType: SellerType; imprint: Imprint; imageKeys: string[]; source: GuardSource },
) {
  const guarded = guardFacts(output, options.source);
  // Where the platform forbids "@" or links, the imprint names no e-mail address (never a mangled one).
  const legal = legalNotes(options.sellerType, options.imprint, {
    email: allowsEmail(options.platform),
    giveaway: options.source.record.priceType === "verschenken",
  });
  const extraNotes = guarded.notes.filter((note) => isSafeExtraNote(note, options.sellerType)).slice(0, 3);
  const body =
    extraNotes.length > 0
      ? `${guarded.description}\n\nℹ️ **Hinweise**\n${extraNotes.map((note) => `- ${note}`).join("\n")}`
      : guarded.description;
  const ruled = applyPlatformRules(options.platform, { title: guarded.title, description: body }, legal.length + 2);
  const legalRuled = applyPlatformRules(options.platform, { title: ".", description: legal }).description;

  const best = output.bestImageIndex < options.imageKeys.length ? output.bestImageIndex : 0;
  const newIndex = (old: number) => (old === best ? 0 : old < best ? old + 1 : old);
  // The best photo first; an ad without photos keeps none (never a `null` key).
  const imageKeys =
    options.imageKeys.length === 0 ? [] : [options.imageKeys[best], ...options.imageKeys.filter((_, index) => index !== best)];

  return {
    optimizedTitle: ruled.title,
    optimizedDescription: `${ruled.description}\n\n${legalRuled}`,
    imageUrls: imageKeys,
    bestImageIndex: best,
    priceSuggestion: output.priceSuggestion,
    priceMin: output.priceMin,
    priceMax: output.priceMax,
    priceBasis: output.priceBasis,
    imageAnalysis: {
      ...output.imageAnalysis,
      defects: output.imageAnalysis.defects.map((defect) => ({
        ...defect,
        photoIndex: defect.photoIndex === null ? null : newIndex(defect.photoIndex),
      })),
      ...(guarded.toConfirm.length > 0 ? { toConfirm: guarded.toConfirm } : {}),
    },
  };
}
