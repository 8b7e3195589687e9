// The landing draft in the browser's storage (ADR 034): taken once, dropped after a day.
import { beforeEach, describe, expect, it } from "vitest";
import { landingDraftExpired, LANDING_DRAFT_KEY, LANDING_DRAFT_MAX_AGE_MS } from "~/browser/landing-draft-key";
import { hasLandingDraft, saveLandingDraft, takeLandingDraft } from "~/browser/landing-draft";

const draft = { itemName: "Babywippe", category: "familie" as const, note: "45 VB", photos: 0 };

describe("the landing draft", () => {
  beforeEach(() => window.localStorage.clear());

  it("is taken once, with its note", () => {
    saveLandingDraft(draft, 1_000);
    expect(hasLandingDraft()).toBe(true);
    expect(takeLandingDraft(2_000)).toEqual(draft);
    expect(takeLandingDraft(2_000)).toBeNull();
    expect(window.localStorage.getItem(LANDING_DRAFT_KEY)).toBeNull();
  });

  it("is expired after a day and then not handed out", () => {
    saveLandingDraft(draft, 1_000);
    expect(landingDraftExpired(1_000 + LANDING_DRAFT_MAX_AGE_MS)).toBe(false);
    expect(landingDraftExpired(1_001 + LANDING_DRAFT_MAX_AGE_MS)).toBe(true);
    expect(takeLandingDraft(1_001 + LANDING_DRAFT_MAX_AGE_MS)).toBeNull();
    expect(hasLandingDraft()).toBe(false);
  });

  it("keeps nothing for an empty form", () => {
    saveLandingDraft({ itemName: " ", category: "", note: "", photos: 0 });
    expect(hasLandingDraft()).toBe(false);
  });
});
