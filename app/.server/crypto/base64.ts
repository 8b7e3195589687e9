// Base64 and base64url, the one home of both: Hono's encoder (hono/utils/encode, btoa/atob, which
// workerd and Node provide). base64url is written without "=" padding (RFC 4648 §5,
// https://www.rfc-editor.org/rfc/rfc4648#section-5): tokens, MACs and stored ciphertexts go into
// URLs, cookies and a fixed-length pattern (`tokenSchema`). atob reads input with or without padding.
import { decodeBase64, decodeBase64Url, encodeBase64, encodeBase64Url } from "hono/utils/encode";

/** Bytes as base64 with padding (CSP nonces and hashes, data URLs). */
export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  return encodeBase64(bytes as ArrayBufferLike);
}

/** The bytes of a base64 string; throws on anything that is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return decodeBase64(text);
}

/** Bytes as base64url without padding. */
export function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  return encodeBase64Url(bytes as ArrayBufferLike).replace(/=+$/, "");
}

/** The bytes of a base64url string, padded or not; throws on anything that is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  return decodeBase64Url(text);
}
