// The local fakes answer this machine only, as the app's own local instances do (ADR 067): a
// request naming another host (a page on another site that rebinds its name to 127.0.0.1) gets 421,
// and a write sent from another site's page (its browser names that site as Origin) gets 403.

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** @param {string} name a host name as URL gives it (IPv6 in brackets) */
const isLoopback = (name) => LOOPBACK.has(name.toLowerCase());

/**
 * Why a request to a fake is refused, or null when it may be answered.
 * @param {string} method
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @returns {{ status: 421 | 403, message: string } | null}
 */
export function refusedForeign(method, headers) {
  let host = "";
  try {
    host = new URL(`http://${headers.host ?? ""}`).hostname;
  } catch {
    // An unreadable Host header names no host of this machine.
  }
  if (!isLoopback(host)) return { status: 421, message: "Dieser lokale Dienst antwortet nur unter localhost oder 127.0.0.1." };
  const origin = headers.origin;
  if (origin && method !== "GET" && method !== "HEAD") {
    let from = "";
    try {
      from = new URL(origin).hostname;
    } catch {
      // "null" (a sandboxed page) or garbage: no page of this machine.
    }
    if (!isLoopback(from)) return { status: 403, message: "Anfrage von einer fremden Website abgelehnt." };
  }
  return null;
}
