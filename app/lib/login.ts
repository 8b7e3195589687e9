// What the sign-in UI needs in the browser, without zod (it ships on the landing page).

export const INVALID_EMAIL_MESSAGE = "Bitte geben Sie eine gültige E-Mail-Adresse ein.";

/** The dialog's own check before any request (docs/PRODUCT.md, "Accounts and sign-in"): not empty and contains an at-sign. */
export function looksLikeEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.includes("@");
}

/** Where the client keeps the session token (ADR 014, local storage `authToken`). */
export const AUTH_TOKEN_KEY = "authToken";
