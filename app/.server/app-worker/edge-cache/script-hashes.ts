// The CSP sources of a stored page's inline scripts. A page answered from the edge cache is the same
// bytes for every visitor, so its scripts are allowed by their SHA-256 hashes (CSP Level 3,
// "hash-source") instead of a per-answer nonce written into the page on every hit: a hit streams the
// stored bytes as they are (ADR 020).
import { toBase64 } from "../../crypto/base64";

const encoder = new TextEncoder();

/** `<script>` elements: their attributes and their text. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;

/**
 * The `'sha256-…'` sources of the inline scripts of `html` that carry the CSP nonce it was rendered
 * with, in order of appearance, without repeats. Only those: a script that got into the page
 * without our nonce (markup injected through an ad's text, were the renderer ever to let it
 * through) stays blocked on a hit as it was on the render. Browsers hash a script's text after the
 * HTML parser has normalised its line breaks (CR and CRLF become LF), so the text is hashed the same
 * way.
 */
export async function inlineScriptHashes(html: string, nonce: string): Promise<string[]> {
  const ours = new RegExp(`(?:^|\\s)nonce="${nonce.replace(/[^A-Za-z0-9]/g, "\\$&")}"(?:\\s|/|$)`);
  const texts = new Set<string>();
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (ours.test(attributes) && !SRC_ATTRIBUTE.test(attributes)) texts.add(text.replace(/\r\n?/g, "\n"));
  }
  return Promise.all(
    [...texts].map(async (text) => {
      return `'sha256-${toBase64(await crypto.subtle.digest("SHA-256", encoder.encode(text)))}'`;
    }),
  );
}
