// Marketplace tokens at rest (ADR 036, ADR 055): AES-256-GCM through WebCrypto with a random 96-bit
// IV per value; the tag makes any change to a stored value fail to decrypt instead of yielding a
// different token. The user id is bound as additional data, so a cipher copied into another seller's
// row does not decrypt either.
//
// TOKEN_ENCRYPTION_KEY (a secret) is a key ring: one or more keys of 32 random bytes in base64,
// separated by commas, oldest first. The newest (last) encrypts; every key of the ring decrypts
// what it encrypted. A stored value is `<key id>.<base64url(IV ‖ ciphertext+tag)>`; the key id is the
// first 8 hex digits of the SHA-256 of the raw key (a 32-bit digest of a 256-bit random key names it
// without revealing it), so decrypting picks its key instead of trying each. A value stored before
// the ring has no id (base64url has no ".") and decrypts with the first key — the one key there was.
// Rotation: append a new key in both Workers; remove an old one only when no stored value names it.
import { ConfigError } from "../config";
import { fromBase64, fromBase64Url, toBase64Url } from "./base64";
import { toHex } from "./hex";

const IV_BYTES = 12;
const KEY_ID = /^[0-9a-f]{8}$/;

export const KEY_RING_MESSAGE =
  "TOKEN_ENCRYPTION_KEY must be one or more keys of 32 random bytes in base64 (openssl rand -base64 32), separated by commas, oldest first";

export type RingKey = { id: string; key: CryptoKey };
/** The keys of TOKEN_ENCRYPTION_KEY, oldest first; the last one encrypts. */
export type KeyRing = readonly RingKey[];

/** The keys of a ring value, split as the schema checks them (app/.server/ebay/config.ts). */
export function ringParts(secret: string): string[] {
  return secret
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

async function ringKey(base64Key: string): Promise<RingKey> {
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = fromBase64(base64Key);
  } catch {
    raw = new Uint8Array();
  }
  if (raw.length !== 32) throw new ConfigError(KEY_RING_MESSAGE);
  const id = toHex(await crypto.subtle.digest("SHA-256", raw)).slice(0, 8);
  return { id, key: await crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]) };
}

const rings = new Map<string, Promise<KeyRing>>();

/** The ring of a TOKEN_ENCRYPTION_KEY value (imported once per isolate). */
export function keyRingOf(secret: string): Promise<KeyRing> {
  let ring = rings.get(secret);
  if (!ring) {
    const parts = ringParts(secret);
    ring = parts.length === 0 ? Promise.reject(new ConfigError(KEY_RING_MESSAGE)) : Promise.all(parts.map(ringKey));
    ring.catch(() => rings.delete(secret));
    rings.set(secret, ring);
  }
  return ring;
}

/** The key id a stored value names; null for a value stored before the ring (the first key's). */
export function keyIdOf(stored: string): string | null {
  const dot = stored.indexOf(".");
  return dot === -1 ? null : stored.slice(0, dot);
}

/** A stored value names a key the ring does not hold: the Workers' rings differ, or a key was removed too early. */
export class UnknownTokenKeyError extends Error {
  constructor(readonly keyId: string) {
    super(`the token was encrypted with key ${keyId}, which TOKEN_ENCRYPTION_KEY does not hold (ADR 055)`);
    this.name = "UnknownTokenKeyError";
  }
}

export async function encryptToken(secret: string, plain: string, boundTo: string): Promise<string> {
  const ring = await keyRingOf(secret);
  const newest = ring[ring.length - 1];
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const cipher = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(boundTo) },
    newest.key,
    new TextEncoder().encode(plain),
  );
  const out = new Uint8Array(IV_BYTES + cipher.byteLength);
  out.set(iv);
  out.set(new Uint8Array(cipher), IV_BYTES);
  return `${newest.id}.${toBase64Url(out)}`;
}

/** Decrypts a stored value; throws when it was changed, encrypted with a key not in the ring or for another user. */
export async function decryptToken(secret: string, stored: string, boundTo: string): Promise<string> {
  const ring = await keyRingOf(secret);
  const keyId = keyIdOf(stored);
  if (keyId !== null && !KEY_ID.test(keyId)) throw new Error("the stored token is malformed");
  const match = keyId === null ? ring[0] : ring.find(({ id }) => id === keyId);
  if (!match) throw new UnknownTokenKeyError(keyId ?? "");
  const bytes = fromBase64Url(keyId === null ? stored : stored.slice(keyId.length + 1));
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.slice(0, IV_BYTES), additionalData: new TextEncoder().encode(boundTo) },
    match.key,
    bytes.slice(IV_BYTES),
  );
  return new TextDecoder().decode(plain);
}

/** Whether a stored value is under the ring's newest key (else a rewrite moves it there). */
export async function isUnderNewestKey(secret: string, stored: string): Promise<boolean> {
  const ring = await keyRingOf(secret);
  return keyIdOf(stored) === ring[ring.length - 1].id;
}
