// Random tokens and their hashes. Tokens are 32 random bytes (base64url); only SHA-256 hashes
// of them are stored, so a leaked database hands out no working link or session.
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Constant-time comparison of two strings (for secrets such as passwords). */
export async function timingSafeEqualText(a: string, b: string): Promise<boolean> {
  const [hashA, hashB] = await Promise.all([sha256Hex(a), sha256Hex(b)]);
  let difference = 0;
  for (let i = 0; i < hashA.length; i++) difference |= hashA.charCodeAt(i) ^ hashB.charCodeAt(i);
  return difference === 0 && a.length === b.length;
}
