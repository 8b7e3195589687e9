// Shared by the login dialog and the API, so both judge an address the same way.
import { z } from "./zod";

export const INVALID_EMAIL_MESSAGE = "Bitte geben Sie eine gültige E-Mail-Adresse ein.";

export const emailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(254, { error: INVALID_EMAIL_MESSAGE })
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }));

export const magicLinkRequestSchema = z.object({ email: emailSchema });

/** The dialog's own check before any request (spec §5): not empty and contains an at-sign. */
export function looksLikeEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.includes("@");
}

/** Where the client keeps the session token (spec §3, local storage `authToken`). */
export const AUTH_TOKEN_KEY = "authToken";

/** 32 random bytes in base64url: the shape of magic-link and session tokens. */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
