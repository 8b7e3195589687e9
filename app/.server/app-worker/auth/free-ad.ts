// The free ad is granted once per person (docs/PRODUCT.md, "The free ad"): an address that has
// received it is remembered as a keyed hash (HMAC-SHA-256) that survives account deletion, only to
// prevent abuse. Addresses are taken by their mailbox first (mailbox.ts), so "Name+1@…" or dotted
// Gmail variants are the same.
import { toHex } from "../../crypto/hex";
import { mailboxOf } from "./mailbox";

/** Used only where SESSION_SECRET is not set (local installations; production requires it). */
const LOCAL_KEY = "anzeigenpilot-lokal-free-ad";

export async function freeAdHash(email: string, secret: string | undefined): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(`free-ad:${secret ?? LOCAL_KEY}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(mailboxOf(email)));
  return toHex(signature);
}
