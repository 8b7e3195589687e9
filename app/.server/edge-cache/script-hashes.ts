// The CSP sources of a stored page's inline scripts. A page answered from the edge cache is the same
// bytes for every visitor, so its scripts are allowed by their SHA-256 hashes (CSP Level 3,
// "hash-source") instead of a per-answer nonce written into the page on every hit: a hit streams the
// stored bytes as they are (ADR 020).

const encoder = new TextEncoder();

/** Inline `<script>` elements: those without a `src` attribute, and their text. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;

/**
 * The `'sha256-…'` sources for every inline script of `html`, in order of appearance, without
 * repeats. Browsers hash a script's text after the HTML parser has normalised its line breaks (CR
 * and CRLF become LF), so the text is hashed the same way.
 */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const texts = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (!SRC_ATTRIBUTE.test(attributes!)) texts.add(text!.replace(/\r\n?/g, "\n"));
  }
  return Promise.all(
    [...texts].map(async (text) => {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
      return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
    }),
  );
}
