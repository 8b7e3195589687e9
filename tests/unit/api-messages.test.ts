// No English word from the browser or a proxy reaches the seller: a failed call is told in German.
import { describe, expect, it } from "vitest";
import { ApiError, errorMessage, NETWORK_ERROR_MESSAGE } from "~/browser/api-client";

describe("errorMessage", () => {
  it("passes the server's German message on", () => {
    expect(errorMessage(new ApiError(400, JSON.stringify({ message: "Bitte gib einen Titel ein." }), "Bad Request"))).toBe(
      "Bitte gib einen Titel ein.",
    );
  });

  it("says an answer without a message in German, never the status text or an HTML body", () => {
    for (const error of [
      new ApiError(502, "", "Bad Gateway"),
      new ApiError(500, "<html><body>Internal Server Error</body></html>", "Internal Server Error"),
    ]) {
      const message = errorMessage(error);
      expect(message).toMatch(/^Der Server hat unerwartet geantwortet \(Fehler 5\d\d\)\./);
      expect(message).not.toMatch(/Bad Gateway|Internal|html/);
    }
  });

  it("says a request that never reached the server in German (fetch's 'Failed to fetch', XHR's 'network error')", () => {
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorMessage(new TypeError("network error"))).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorMessage(new TypeError("network error"), "Das Zahlungsformular konnte nicht geladen werden.")).toBe(
      "Das Zahlungsformular konnte nicht geladen werden.",
    );
  });
});
