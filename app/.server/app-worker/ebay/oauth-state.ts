// The `state` of "eBay verbinden", bound to the session that started it (ADR 049). eBay's
// authorization-code grant has no PKCE (https://developer.ebay.com/api-docs/static/oauth-consent-request.html
// lists client_id, locale, prompt, redirect_uri, response_type, scope and state;
// https://developer.ebay.com/api-docs/static/oauth-auth-code-grant-request.html takes grant_type,
// code and redirect_uri), so the state carries the binding: nonce.expiry.HMAC(nonce, expiry,
// session token) under a key derived from TOKEN_ENCRYPTION_KEY. A code eBay issued for a state
// started in one session is refused in every other session, so an unused code cannot be attached to
// another account; the browser's state cookie still has to match too.
import { randomToken, timingSafeEqualText } from "../../crypto/tokens";
import { fromBase64, toBase64Url } from "../../crypto/base64";
import { ringParts } from "../../crypto/token-cipher";

/** How long a started connection may take at eBay's consent page. */
export const STATE_TTL_MS = 15 * 60 * 1000;

const macKeys = new Map<string, Promise<CryptoKey>>();

function macKey(encryptionKey: string): Promise<CryptoKey> {
  let key = macKeys.get(encryptionKey);
  if (!key) {
    // A key of its own for this purpose, derived from the token key ring's newest key (never the AES
    // key itself; ADR 055). A state started just before a rotation is refused: the seller starts again.
    const raw = fromBase64(ringParts(encryptionKey).at(-1) ?? "");
    key = crypto.subtle
      .importKey("raw", raw, "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(), info: new TextEncoder().encode("anzeigenpilot ebay oauth state") },
          base,
          { name: "HMAC", hash: "SHA-256", length: 256 },
          false,
          ["sign"],
        ),
      );
    macKeys.set(encryptionKey, key);
  }
  return key;
}

async function mac(encryptionKey: string, nonce: string, until: number, sessionToken: string): Promise<string> {
  const signature = await crypto.subtle.sign(
    "HMAC",
    await macKey(encryptionKey),
    new TextEncoder().encode(`${nonce}.${until}.${sessionToken}`),
  );
  return toBase64Url(signature);
}

/** A new state for the session named by `sessionToken`. */
export async function issueOAuthState(encryptionKey: string, sessionToken: string, now = Date.now()): Promise<string> {
  const nonce = randomToken();
  const until = now + STATE_TTL_MS;
  return `${nonce}.${until}.${await mac(encryptionKey, nonce, until, sessionToken)}`;
}

/** Whether `state` was issued to this session and has not expired. */
export async function isOwnOAuthState(encryptionKey: string, sessionToken: string, state: string, now = Date.now()): Promise<boolean> {
  const match = /^([A-Za-z0-9_-]{43})\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(state);
  if (!match) return false;
  const until = Number(match[2]);
  if (until <= now || until > now + STATE_TTL_MS) return false;
  return timingSafeEqualText(match[3], await mac(encryptionKey, match[1], until, sessionToken));
}
