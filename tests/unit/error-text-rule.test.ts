// `npm run check` (its `npm run lint`) fails when the browser matches an error by its text (ADR 077):
// the rule the repository's ESLint config sets for components, pages, app/lib and app/browser,
// run on offending snippets and on the way it is meant to be done.
import { ESLint, type Linter } from "eslint";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The rule the real config sets for `file`, run alone (no type information needed) on `code`. */
async function lint(file: string, code: string): Promise<string[]> {
  const rule = (await new ESLint({ cwd: root }).calculateConfigForFile(file)).rules["no-restricted-syntax"] as Linter.RuleEntry;
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [{ files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser }, rules: { "no-restricted-syntax": rule } }],
  });
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.map((message) => message.message);
}

const DECIDE_BY_CODE = /Decide by the error's status and code/;
const NO_HAND_PARSING = /not by parsing its body by hand/;

describe("matching an error by its text fails the lint", () => {
  it.each([
    ["app/components/ads/create-ad-form.tsx", 'if (error.message.includes("Bildupload")) showUpload();'],
    ["app/components/ads/create-ad-form.tsx", 'if (failure.serverMessage?.toLowerCase().startsWith("limit")) offer();'],
    ["app/routes/profile.tsx", "if (/Serverfehler/.test(errorMessage(error))) retry();"],
    ["app/lib/dashboard.ts", 'export const kind = (message: string) => (message.toLowerCase().includes("upload") ? "upload" : "generic");'],
    ["app/browser/upload.ts", "if (error.message.match(/netzwerk/i)) offline();"],
  ])(
    "%s: %s",
    async (file, code) => {
      expect(await lint(file, code)).toEqual([expect.stringMatching(DECIDE_BY_CODE)]);
    },
    30_000,
  );

  it("fails a component that parses an error body by hand", async () => {
    const code = "const named = (JSON.parse(error.body) as { fieldErrors?: Record<string, string> }).fieldErrors;";
    expect(await lint("app/components/ads/ad-editor.tsx", code)).toEqual([expect.stringMatching(NO_HAND_PARSING)]);
  }, 30_000);

  it("passes the decision by status and code, and showing the message", async () => {
    const code = [
      'if (error instanceof ApiError && error.code === "photo_upload_failed") showUpload(error.serverMessage);',
      "else if (error instanceof ApiError && error.status === 401) signIn();",
      "const named = error instanceof ApiError ? error.fieldErrors : null;",
      'const known = ["a", "b"].includes(field);',
    ].join("\n");
    expect(await lint("app/components/ads/create-ad-form.tsx", code)).toEqual([]);
  }, 30_000);
});
