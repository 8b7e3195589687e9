// Random tokens and their hashes. Tokens are 32 random bytes (base64url); only SHA-256 hashes
// of them are stored, so a leaked database hands out no working link or session.
import { toBase64Url } from "../crypto/base64";
import { sha256Hex } from "../crypto/hex";

export function randomToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Constant-time comparison of two strings (for secrets such as passwords). */
export async function timingSafeEqualText(a: string, b: string): Promise<boolean> {
  const [hashA, hashB] = await Promise.all([sha256Hex(a), sha256Hex(b)]);
  let difference = 0;
  for (let i = 0; i < hashA.length; i++) difference |= hashA.charCodeAt(i) ^ hashB.charCodeAt(i);
  return difference === 0 && a.length === b.length;
}
