import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "~/.server/edge-cache/script-hashes";

const source = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("the CSP hash sources of a stored page's inline scripts", () => {
  it("names every inline script once, in order, and no script loaded by its src", async () => {
    const page = [
      '<!doctype html><html><head><link rel="modulepreload" href="/assets/a.js">',
      '<script type="application/ld+json">{"@type":"Product","name":"Rad – 20\\u003c"}</script>',
      '<script src="/assets/entry.js" type="module"></script>',
      '</head><body><script>window.__remixContext = {"ä":1};</script>',
      '<SCRIPT type="module">import "/assets/entry.js";</SCRIPT >',
      '<script>window.__remixContext = {"ä":1};</script></body></html>',
    ].join("");
    expect(await inlineScriptHashes(page)).toEqual([
      source('{"@type":"Product","name":"Rad – 20\\u003c"}'),
      source('window.__remixContext = {"ä":1};'),
      source('import "/assets/entry.js";'),
    ]);
  });

  it("hashes a script's text as the browser's parser leaves it (CR and CRLF become LF)", async () => {
    expect(await inlineScriptHashes("<script>a();\r\nb();\rc();</script>")).toEqual([source("a();\nb();\nc();")]);
  });

  it("names nothing for a page without inline scripts", async () => {
    expect(await inlineScriptHashes('<p>Hallo</p><script src="/x.js"></script>')).toEqual([]);
  });
});
