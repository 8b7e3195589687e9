// Marketplace tokens at rest (ADR 036): AES-256-GCM through WebCrypto with TOKEN_ENCRYPTION_KEY
// (a secret, 32 bytes in base64) and a random 96-bit IV per value. Stored as base64url(IV ‖
// ciphertext+tag); the tag makes any change to a stored value fail to decrypt instead of yielding
// a different token. The user id is bound as additional data, so a cipher copied into another
// seller's row does not decrypt either.
import { ConfigError } from "../config/parse";

const IV_BYTES = 12;

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const keys = new Map<string, Promise<CryptoKey>>();

function importKey(base64Key: string): Promise<CryptoKey> {
  let key = keys.get(base64Key);
  if (!key) {
    let raw: Uint8Array<ArrayBuffer>;
    try {
      raw = Uint8Array.from(atob(base64Key), (char) => char.charCodeAt(0));
    } catch {
      raw = new Uint8Array();
    }
    if (raw.length !== 32) throw new ConfigError("TOKEN_ENCRYPTION_KEY must be 32 random bytes in base64 (openssl rand -base64 32)");
    key = crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
    keys.set(base64Key, key);
  }
  return key;
}

export async function encryptToken(base64Key: string, plain: string, boundTo: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const cipher = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(boundTo) },
    await importKey(base64Key),
    new TextEncoder().encode(plain),
  );
  const out = new Uint8Array(IV_BYTES + cipher.byteLength);
  out.set(iv);
  out.set(new Uint8Array(cipher), IV_BYTES);
  return toBase64Url(out);
}

/** Decrypts a stored value; throws when it was changed, encrypted with another key or for another user. */
export async function decryptToken(base64Key: string, stored: string, boundTo: string): Promise<string> {
  const bytes = fromBase64Url(stored);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.slice(0, IV_BYTES), additionalData: new TextEncoder().encode(boundTo) },
    await importKey(base64Key),
    bytes.slice(IV_BYTES),
  );
  return new TextDecoder().decode(plain);
}
