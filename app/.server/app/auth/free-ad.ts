// The free ad is granted once per person (docs/PRODUCT.md, "The free ad"): an address that has
// received it is remembered as a keyed hash (HMAC-SHA-256) that survives account deletion, only to
// prevent abuse. Addresses are normalised first, so "Name+1@…" or dotted Gmail variants are the same.
import { toHex } from "../../crypto/hex";

/** Providers that ignore dots in the local part (and deliver googlemail.com to gmail.com). */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/** Used only where SESSION_SECRET is not set (local installations; production requires it). */
const LOCAL_KEY = "anzeigenpilot-lokal-free-ad";

export function normaliseForFreeAd(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const canonicalDomain = DOTLESS_DOMAINS[domain] ?? domain;
  let name = local.split("+")[0];
  if (DOTLESS_DOMAINS[domain]) name = name.replace(/\./g, "");
  return `${name}@${canonicalDomain}`;
}

export async function freeAdHash(email: string, secret: string | undefined): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(`free-ad:${secret ?? LOCAL_KEY}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(normaliseForFreeAd(email)));
  return toHex(signature);
}
