import { describe, expect, it } from "vitest";
import { retryDelaySeconds } from "~/.server/generator/queue-retry";
import { adGenerationMessageSchema } from "~/.server/queue/ad-generation";

describe("ad-generation queue contract", () => {
  it("backs off exponentially, capped at five minutes", () => {
    expect([1, 2, 3, 4, 10].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 300]);
  });

  it("accepts only { adId }", () => {
    expect(adGenerationMessageSchema.safeParse({ adId: "a1" }).success).toBe(true);
    expect(adGenerationMessageSchema.safeParse({ adId: "" }).success).toBe(false);
    expect(adGenerationMessageSchema.safeParse({ adId: "a1", extra: 1 }).success).toBe(false);
    expect(adGenerationMessageSchema.safeParse("a1").success).toBe(false);
  });
});
