import { describe, expect, it } from "vitest";
import { formatOffsets, nonceOffsets, parseOffsets, replaceNonceAt } from "~/.server/edge-cache/nonce-slots";

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("a stored page's nonce slots", () => {
  const stored = "QUJDREVGR0hJSktMTU5PUA==";
  const fresh = "enl4d3Z1dHNycXBvbm1sa2o=";
  // Multi-byte characters before and between the nonces: offsets are bytes, not characters.
  const page = `<p>Größe: 42 – „neu“ 👍</p><script nonce="${stored}"></script><p>Ä</p><script nonce="${stored}">x</script>`;

  it("writes the new nonce over every occurrence of the stored one, byte for byte", () => {
    const bytes = encode(page);
    const offsets = parseOffsets(formatOffsets(nonceOffsets(bytes, stored)));
    expect(offsets).toHaveLength(2);
    expect(replaceNonceAt(bytes, offsets!, stored, fresh)).toBe(true);
    expect(decode(bytes)).toBe(page.replaceAll(stored, fresh));
  });

  it("leaves the page untouched when an offset no longer holds the stored nonce or the lengths differ", () => {
    const bytes = encode(page);
    const [first] = nonceOffsets(bytes, stored);
    expect(replaceNonceAt(bytes, [first, first + 1], stored, fresh)).toBe(false);
    expect(replaceNonceAt(bytes, [first], stored, `${fresh}x`)).toBe(false);
    expect(decode(bytes)).toBe(page);
  });

  it("reads a malformed header as no offsets at all", () => {
    expect(parseOffsets(null)).toBeNull();
    expect(parseOffsets("1,,2")).toBeNull();
    expect(parseOffsets("-1")).toBeNull();
    expect(parseOffsets("")).toEqual([]);
  });
});
