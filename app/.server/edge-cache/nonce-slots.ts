// Where a stored page carries its CSP nonce. Every answer gets a nonce of its own (security.ts); a
// page from the edge cache still carries the nonce of the answer that stored it. The store records
// the nonce's byte offsets, and a cache hit writes the new nonce over the old one in the stored
// bytes — the nonces are of one length (16 random bytes in base64) — instead of decoding the page,
// searching it and encoding it again on every hit (ADR 020).

const encoder = new TextEncoder();

/** The byte offsets at which `nonce` (ASCII) occurs in `page`. */
export function nonceOffsets(page: Uint8Array, nonce: string): number[] {
  const needle = encoder.encode(nonce);
  const offsets: number[] = [];
  if (needle.length === 0) return offsets;
  for (let at = page.indexOf(needle[0]); at !== -1 && at + needle.length <= page.length; at = page.indexOf(needle[0], at + 1)) {
    if (startsWithAt(page, needle, at)) {
      offsets.push(at);
      at += needle.length - 1;
    }
  }
  return offsets;
}

/** Offsets as a header value, and back; anything else than a list of offsets reads as null. */
export function formatOffsets(offsets: readonly number[]): string {
  return offsets.join(",");
}

export function parseOffsets(value: string | null): number[] | null {
  if (value === null) return null;
  if (value === "") return [];
  if (!/^\d+(,\d+)*$/.test(value)) return null;
  return value.split(",").map(Number);
}

/**
 * Writes `fresh` over `stored` at each offset, in place. False, with `page` untouched, when the
 * nonces differ in length or `stored` is not found at every offset.
 */
export function replaceNonceAt(page: Uint8Array, offsets: readonly number[], stored: string, fresh: string): boolean {
  const old = encoder.encode(stored);
  const replacement = encoder.encode(fresh);
  if (old.length !== replacement.length || !offsets.every((at) => startsWithAt(page, old, at))) return false;
  for (const at of offsets) page.set(replacement, at);
  return true;
}

function startsWithAt(page: Uint8Array, needle: Uint8Array, at: number): boolean {
  if (at < 0 || at + needle.length > page.length) return false;
  for (let i = 0; i < needle.length; i++) if (page[at + i] !== needle[i]) return false;
  return true;
}
