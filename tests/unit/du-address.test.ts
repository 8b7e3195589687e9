// The seller's app and its mails say "du" (docs/PRODUCT.md, "Who it is for"). The only "Sie" lines
// are those PRODUCT.md names as the product brief's own, kept word for word; commercial sellers'
// ads and ready replies (app/.server/app-worker/sales-kit, the writers) speak "wir"/"Sie" and are not
// read here. Any other formal address in the pages, components, browser code, the sign-in messages
// or the mails fails.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const FOLDERS = ["app/routes", "app/components", "app/lib", "app/browser", "app/.server/app-worker/auth", "app/.server/mail"];
/** Generated from the OpenAPI document (descriptions for API clients, not the seller's screens). */
const GENERATED = new Set(["app/lib/api/schema.d.ts"]);
/** "Sie" that means "they", not "you". */
const THIRD_PERSON = ["Sie werden nicht zum Training verwendet"];

const KEPT_SIE_LINES = [
  ...(
    /keeps the product brief's own "Sie" lines word for word: (.*?)\)/.exec(
      readFileSync(join(root, "docs/PRODUCT.md"), "utf8").replace(/\s+/g, " "),
    )?.[1] ?? ""
  ).matchAll(/"([^"]+)"/g),
].map((match) => match[1]!);

/** Capitalised formal address: "Sie", "Ihr", "Ihre", "Ihren", "Ihrem", "Ihrer", "Ihres", "Ihnen". */
const FORMAL = /\b(?:Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !GENERATED.has(file));
}

/** Each formal word left once the kept lines are taken out, with its line. */
function formalAddress(file: string): string[] {
  return readFileSync(join(root, file), "utf8")
    .split("\n")
    .flatMap((line, index) => {
      const rest = [...KEPT_SIE_LINES, ...THIRD_PERSON].reduce((left, kept) => left.split(kept).join(" "), line);
      return [...rest.matchAll(FORMAL)].map((match) => `${file}:${index + 1}: „${match[0]}“ in ${line.trim()}`);
    });
}

describe("the seller is addressed with du", () => {
  it("reads PRODUCT.md's list of the brief's Sie lines", () => {
    expect(KEPT_SIE_LINES).toEqual([
      "Prüfen Sie Ihre E-Mails",
      "Bitte geben Sie eine gültige E-Mail-Adresse ein",
      "Netzwerk-Fehler. Versuchen Sie es später erneut",
      "Ihr Account wurde erstellt",
      "Magic Link erstellt automatisch Ihr Konto",
      "Sie werden automatisch weitergeleitet",
    ]);
  });

  it("in every page, component, browser helper, sign-in message and mail, apart from those lines", () => {
    const files = FOLDERS.flatMap(sourceFiles);
    expect(files).toContain("app/components/login-dialog.tsx");
    expect(files).toContain("app/.server/mail/templates.ts");
    expect(files.flatMap(formalAddress)).toEqual([]);
  });

  it("finds the formal address it is meant to find", () => {
    const sample = "Bitte bestätigen Sie Ihre Adresse. Wir senden Ihnen den Link.";
    expect([...sample.matchAll(FORMAL)].map((match) => match[0])).toEqual(["Sie", "Ihre", "Ihnen"]);
  });
});
