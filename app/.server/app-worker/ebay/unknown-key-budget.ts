// How many key ids eBay did not know each sender may make us look up (ADR 068). Every
// X-EBAY-SIGNATURE names a key id, and a new one costs a getPublicKey call (eBay's Notification API
// allows 10,000 a day). Only a lookup eBay refused counts, and against the address that sent it:
// eBay's own deliveries name keys eBay knows, so however many ids others make up, eBay's are
// still looked up. Past a total for all senders, a sender gets one refused lookup per window, so
// addresses bought in bulk cost one call each. IPv6 senders count by their /64, which one
// connection usually holds whole. Kept per isolate: enough to bound the calls, nothing stored.

/** The window every count covers. */
export const UNKNOWN_KEY_WINDOW_MS = 10 * 60 * 1000;
/** Refused lookups one sender may cause per window. */
export const UNKNOWN_KEYS_PER_SENDER = 10;
/** Refused lookups of all senders together after which each sender may cause one. */
export const UNKNOWN_KEYS_ALL_SENDERS = 100;
/** Senders remembered at most; the oldest are forgotten first. */
const MAX_SENDERS = 10_000;

/** The block an address counts in: an IPv4 address itself, an IPv6 address's /64. */
export function senderBlock(address: string): string {
  const mappedV4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mappedV4) return mappedV4[1];
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export class UnknownKeyBudget {
  private readonly bySender = new Map<string, number[]>();
  private all: number[] = [];

  private recent(sender: string, now: number): number[] {
    const cutoff = now - UNKNOWN_KEY_WINDOW_MS;
    const kept = (this.bySender.get(sender) ?? []).filter((at) => at > cutoff);
    if (kept.length === 0) this.bySender.delete(sender);
    else this.bySender.set(sender, kept);
    return kept;
  }

  /** Forgets every count (a new isolate). */
  clear(): void {
    this.bySender.clear();
    this.all = [];
  }

  /** Whether a lookup of a key id not known yet may be made for this sender now. */
  allows(address: string, now: number): boolean {
    const cutoff = now - UNKNOWN_KEY_WINDOW_MS;
    this.all = this.all.filter((at) => at > cutoff);
    const allowance = this.all.length < UNKNOWN_KEYS_ALL_SENDERS ? UNKNOWN_KEYS_PER_SENDER : 1;
    return this.recent(senderBlock(address), now).length < allowance;
  }

  /** Counts a lookup eBay refused against the sender that caused it. */
  spend(address: string, now: number): void {
    const sender = senderBlock(address);
    const spent = this.recent(sender, now);
    this.bySender.delete(sender);
    this.bySender.set(sender, [...spent, now]);
    this.all.push(now);
    for (const oldest of this.bySender.keys()) {
      if (this.bySender.size <= MAX_SENDERS) break;
      this.bySender.delete(oldest);
    }
  }
}
