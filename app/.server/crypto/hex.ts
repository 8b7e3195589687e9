// Bytes as lower-case hex, the one encoding of hashes and signatures the server stores or sends
// (token hashes, free-ad hashes, the docs cookie's signature, edge-cache keys).

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The bytes of a hex string of even length (the caller has checked it with a pattern). */
export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array((hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16)));
}

export async function sha256Hex(value: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
}
