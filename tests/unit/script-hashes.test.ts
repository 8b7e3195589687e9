import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "~/.server/app-worker/edge-cache/script-hashes";

const source = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const NONCE = "q+3/Zx0aB9cD1eF2gH3iJw==";

describe("the CSP hash sources of a stored page's inline scripts", () => {
  it("names every inline script that carries the render's nonce once, in order, and no script loaded by its src", async () => {
    const page = [
      `<!doctype html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${NONCE}">`,
      `<script nonce="${NONCE}" type="application/ld+json">{"@type":"Product","name":"Rad – 20\\u003c"}</script>`,
      `<script src="/assets/entry.js" nonce="${NONCE}" type="module"></script>`,
      `</head><body><script nonce="${NONCE}">window.__remixContext = {"ä":1};</script>`,
      `<SCRIPT type="module" nonce="${NONCE}">import "/assets/entry.js";</SCRIPT >`,
      `<script nonce="${NONCE}">window.__remixContext = {"ä":1};</script></body></html>`,
    ].join("");
    expect(await inlineScriptHashes(page, NONCE)).toEqual([
      source('{"@type":"Product","name":"Rad – 20\\u003c"}'),
      source('window.__remixContext = {"ä":1};'),
      source('import "/assets/entry.js";'),
    ]);
  });

  it("leaves out a script without the render's nonce: injected markup stays blocked on a hit", async () => {
    const page = [
      `<p>Fahrrad</p><script>alert("ohne Nonce")</script>`,
      `<script nonce="AAAAAAAAAAAAAAAAAAAAAA==">alert("fremde Nonce")</script>`,
      `<script data-nonce="${NONCE}">alert("nur ähnlich")</script>`,
      `<script nonce="${NONCE}">ok()</script>`,
    ].join("");
    expect(await inlineScriptHashes(page, NONCE)).toEqual([source("ok()")]);
  });

  it("hashes a script's text as the browser's parser leaves it (CR and CRLF become LF)", async () => {
    expect(await inlineScriptHashes(`<script nonce="${NONCE}">a();\r\nb();\rc();</script>`, NONCE)).toEqual([source("a();\nb();\nc();")]);
  });

  it("names nothing for a page without inline scripts", async () => {
    expect(await inlineScriptHashes(`<p>Hallo</p><script nonce="${NONCE}" src="/x.js"></script>`, NONCE)).toEqual([]);
  });
});
