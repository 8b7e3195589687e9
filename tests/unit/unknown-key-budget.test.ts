// Who pays for eBay key ids that eBay does not know (app/.server/app-worker/ebay/unknown-key-budget.ts,
// ADR 068): each sender ten per window, one each once all senders together spent a hundred; an
// IPv6 sender by its /64; the window ends.
import { describe, expect, it } from "vitest";
import {
  senderBlock,
  UNKNOWN_KEY_WINDOW_MS,
  UNKNOWN_KEYS_ALL_SENDERS,
  UNKNOWN_KEYS_PER_SENDER,
  UnknownKeyBudget,
} from "~/.server/app-worker/ebay/unknown-key-budget";

const NOW = 1_800_000_000_000;

/** Spends as long as the budget allows, and answers how many it allowed. */
function spendAll(budget: UnknownKeyBudget, sender: string, now = NOW): number {
  let spent = 0;
  while (budget.allows(sender, now) && spent < 1000) {
    budget.spend(sender, now);
    spent++;
  }
  return spent;
}

describe("the budget of unknown key ids", () => {
  it("gives each sender ten per window, whatever the others spent, and a new window again", () => {
    const budget = new UnknownKeyBudget();
    expect(UNKNOWN_KEYS_PER_SENDER).toBe(10);
    expect(spendAll(budget, "203.0.113.7")).toBe(10);
    expect(budget.allows("192.0.2.10", NOW)).toBe(true);
    expect(budget.allows("203.0.113.7", NOW + UNKNOWN_KEY_WINDOW_MS - 1)).toBe(false);
    expect(budget.allows("203.0.113.7", NOW + UNKNOWN_KEY_WINDOW_MS)).toBe(true);
  });

  it("gives each sender one once all senders together spent a hundred, and none to a sender that already spent one", () => {
    const budget = new UnknownKeyBudget();
    for (let sender = 0; sender < UNKNOWN_KEYS_ALL_SENDERS / UNKNOWN_KEYS_PER_SENDER; sender++)
      expect(spendAll(budget, `198.51.100.${sender}`)).toBe(10);
    expect(spendAll(budget, "203.0.113.1")).toBe(1);
    expect(spendAll(budget, "203.0.113.2")).toBe(1);
    // A sender that never caused a refused lookup (eBay) is still looked up for.
    expect(budget.allows("192.0.2.10", NOW)).toBe(true);
  });

  it("counts an IPv6 sender by its /64 and an IPv4-mapped one by its IPv4 address", () => {
    expect(senderBlock("2001:db8:7:1::1")).toBe("2001:db8:7:1::/64");
    expect(senderBlock("2001:0DB8:0007:0001:ffff:0:0:1")).toBe("2001:db8:7:1::/64");
    expect(senderBlock("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(senderBlock("::1")).toBe("0:0:0:0::/64");
    expect(senderBlock("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(senderBlock("203.0.113.7")).toBe("203.0.113.7");
    const budget = new UnknownKeyBudget();
    expect(spendAll(budget, "2001:db8:7:1::1")).toBe(10);
    expect(budget.allows("2001:db8:7:1:abcd::9", NOW)).toBe(false);
    expect(budget.allows("2001:db8:7:2::1", NOW)).toBe(true);
  });
});
