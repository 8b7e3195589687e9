// How the API judges an address and a token (the dialog's lighter check lives in ./login).
import { INVALID_EMAIL_MESSAGE } from "./login";
import { z } from "./zod";

export const emailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(254, { error: INVALID_EMAIL_MESSAGE })
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }))
  // The request schema shows what the pipe checks: an address (format) of at most 254 characters.
  .meta({ format: "email", examples: ["anna@example.de"] });

export const magicLinkRequestSchema = z.object({ email: emailSchema });

/** 32 random bytes in base64url: the shape of magic-link and session tokens. */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
