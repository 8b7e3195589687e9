// The bearer token kept in local storage (ADR 014). Its own module so the landing page can drop a
// stale token without shipping the API client (ADR 018).
import { AUTH_TOKEN_KEY } from "~/lib/login";
import { clearSellerStorage } from "./seller-storage";

export function getAuthToken(): string {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY) ?? "";
  } catch {
    return "";
  }
}

export function setAuthToken(token: string | null) {
  try {
    if (token) window.localStorage.setItem(AUTH_TOKEN_KEY, token);
    else {
      window.localStorage.removeItem(AUTH_TOKEN_KEY);
      clearSellerStorage();
    }
  } catch {
    // Private mode without storage: the HttpOnly cookie still carries the session.
  }
}
