import "~/lib/zod";
import { guardConsole } from "../console-guard";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

guardConsole();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// The ad card's Kleinanzeigen panel asks the API for its state on mount (ADR 038); without a
// server here it answers as for a private seller. Every other request goes out as before.
const networkFetch = globalThis.fetch;
export const privateSellerKleinanzeigen = { configured: false, commercial: false, notice: null, sold: false, listing: null };
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (/\/api\/ads\/[^/]+\/kleinanzeigen$/.test(url)) return Promise.resolve(Response.json(privateSellerKleinanzeigen));
  return networkFetch(input, init);
}) as typeof fetch;
