// Verifying an eBay push notification with WebCrypto (ADR 049). eBay signs each notification with
// an elliptic-curve key: the `X-EBAY-SIGNATURE` header is base64 of the JSON { alg, kid, signature,
// digest }; `kid` names the public key, which the Notification API's getPublicKey returns as a PEM
// SubjectPublicKeyInfo with `algorithm: "ECDSA"` and `digest: "SHA1"`
// (https://developer.ebay.com/api-docs/commerce/notification/resources/public_key/methods/getPublicKey,
// https://developer.ebay.com/marketplace-account-deletion). eBay's own SDKs verify it as
// SHA1withECDSA over the message's compact JSON with an ASN.1 DER signature
// (github.com/eBay/event-notification-nodejs-sdk lib/validator.js, event-notification-java-sdk
// SignatureValidator.java). WebCrypto verifies ECDSA over r‖s (IEEE P1363), so the DER signature is
// unwrapped here; no Node crypto is needed on Workers.
import { z } from "zod";
import { fromBase64 } from "../../crypto/base64";

/** The decoded X-EBAY-SIGNATURE header. */
export const signatureHeaderSchema = z.object({
  alg: z.string().max(20),
  kid: z.string().regex(/^[A-Za-z0-9-]{1,100}$/),
  signature: z
    .string()
    .regex(/^[A-Za-z0-9+/]+={0,2}$/)
    .max(400),
  digest: z.string().max(20).optional(),
});
export type SignatureHeader = z.infer<typeof signatureHeaderSchema>;

/** getPublicKey's answer (api:PublicKey). */
export const publicKeySchema = z.object({
  key: z.string().min(1).max(2000),
  algorithm: z.string().max(20),
  digest: z.string().max(20),
});
export type EbayPublicKey = z.infer<typeof publicKeySchema>;

function base64Bytes(text: string): Uint8Array | null {
  try {
    return fromBase64(text);
  } catch {
    return null;
  }
}

/** The header's JSON, or null when it is missing or not what eBay sends. */
export function readSignatureHeader(header: string | undefined | null): SignatureHeader | null {
  if (!header || header.length > 2000) return null;
  const bytes = base64Bytes(header.trim());
  if (!bytes) return null;
  try {
    const parsed = signatureHeaderSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The named curves WebCrypto knows, by the OID in the key's AlgorithmIdentifier, and their coordinate size. */
const CURVES = [
  { name: "P-256", size: 32, oid: [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07] },
  { name: "P-384", size: 48, oid: [0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x22] },
  { name: "P-521", size: 66, oid: [0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x23] },
] as const;

const DIGESTS: Record<string, string> = { SHA1: "SHA-1", SHA256: "SHA-256", SHA384: "SHA-384", SHA512: "SHA-512" };

function contains(haystack: Uint8Array, needle: readonly number[]): boolean {
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let index = 0; index < needle.length; index++) if (haystack[start + index] !== needle[index]) continue outer;
    return true;
  }
  return false;
}

/** The PEM's DER bytes; eBay sends the PEM on one line ("-----BEGIN PUBLIC KEY-----MFkw…-----END PUBLIC KEY-----"). */
function pemBytes(pem: string): Uint8Array | null {
  const body = /-----BEGIN PUBLIC KEY-----([\s\S]+?)-----END PUBLIC KEY-----/.exec(pem)?.[1] ?? pem;
  return base64Bytes(body.replace(/\s+/g, ""));
}

/** Reads one DER length at `offset`: [length, offset after it], or null. */
function derLength(bytes: Uint8Array, offset: number): [number, number] | null {
  const first = bytes[offset];
  if (first === undefined) return null;
  if (first < 0x80) return [first, offset + 1];
  const count = first & 0x7f;
  if (count === 0 || count > 2) return null;
  let length = 0;
  for (let index = 1; index <= count; index++) {
    const byte = bytes[offset + index];
    if (byte === undefined) return null;
    length = length * 256 + byte;
  }
  return [length, offset + 1 + count];
}

/**
 * An ASN.1 DER ECDSA signature (SEQUENCE { INTEGER r, INTEGER s }) as WebCrypto's r‖s, each
 * left-padded to the curve's coordinate size; null when the bytes are not such a signature.
 */
export function derToP1363(der: Uint8Array, size: number): Uint8Array | null {
  if (der[0] !== 0x30) return null;
  const sequence = derLength(der, 1);
  if (!sequence || sequence[1] + sequence[0] !== der.length) return null;
  let offset = sequence[1];
  const out = new Uint8Array(size * 2);
  for (const part of [0, 1]) {
    if (der[offset] !== 0x02) return null;
    const integer = derLength(der, offset + 1);
    if (!integer) return null;
    const [length, start] = integer;
    let value = der.subarray(start, start + length);
    if (value.length !== length) return null;
    // A leading zero keeps a high first byte positive; it is not part of the number.
    while (value.length > size && value[0] === 0) value = value.subarray(1);
    if (value.length > size) return null;
    out.set(value, part * size + size - value.length);
    offset = start + length;
  }
  return offset === der.length ? out : null;
}

/**
 * Whether `signature` (base64 DER) is eBay's signature of `message` under `publicKey`. A key eBay
 * describes with another algorithm, an unknown digest or curve, or a malformed signature is false.
 */
export async function verifyEbaySignature(publicKey: EbayPublicKey, signature: string, message: string): Promise<boolean> {
  const hash = DIGESTS[publicKey.digest.toUpperCase().replace("-", "")];
  if (publicKey.algorithm.toUpperCase() !== "ECDSA" || !hash) return false;
  const spki = pemBytes(publicKey.key);
  const curve = spki ? CURVES.find((candidate) => contains(spki, candidate.oid)) : undefined;
  const der = base64Bytes(signature);
  const raw = der && curve ? derToP1363(der, curve.size) : null;
  if (!spki || !curve || !raw) return false;
  try {
    const key = await crypto.subtle.importKey("spki", spki, { name: "ECDSA", namedCurve: curve.name }, false, ["verify"]);
    return await crypto.subtle.verify({ name: "ECDSA", hash }, key, raw, new TextEncoder().encode(message));
  } catch {
    return false;
  }
}

/**
 * The texts a notification's signature may cover: the body as it arrived, and its compact JSON as
 * eBay's SDKs rebuild it from the parsed message (both stand for the same message).
 */
export function signedTexts(body: string): string[] {
  try {
    const compact = JSON.stringify(JSON.parse(body));
    return compact === body ? [body] : [body, compact];
  } catch {
    return [body];
  }
}
