// Turns an adapter's output into the stored ad: the fact guard first (every writer's text checked
// against the seller's note, the offer record and the photo analysis; ADR 043), then platform rules
// enforced, the legal block for the seller type appended (never left to the model). The photos keep
// the seller's order — the seller's first photo is the cover; the photo the writer scored best is
// kept as a suggestion (`bestImageIndex`, an index into that order) and moves nothing.
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

  return {
    optimizedTitle: ruled.title,
    optimizedDescription: `${ruled.description}\n\n${legalRuled}`,
    // The seller's order, untouched: a score never silently replaces the cover the seller chose by putting it first.
    imageUrls: [...options.imageKeys],
    bestImageIndex: best,
    priceSuggestion: output.priceSuggestion,
    priceMin: output.priceMin,
    priceMax: output.priceMax,
    priceBasis: output.priceBasis,
    imageAnalysis: {
      ...output.imageAnalysis,
      ...(guarded.toConfirm.length > 0 ? { toConfirm: guarded.toConfirm } : {}),
    },
  };
}
