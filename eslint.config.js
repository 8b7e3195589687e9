import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The browser decides by an error's status and code (app/lib/error-codes.ts, ADR 077), never by
 * the words of its message: a search in a message's text (`.includes`, `.startsWith`, `.match`, a
 * regular expression's `.test`, …) fails the lint, and so does a component or page that parses an
 * answer's body by hand (the API client's ApiError has `code`, `fieldErrors` and `serverMessage`).
 * Exported for tests/unit/error-text-rule.test.ts, which shows both fail on offending snippets.
 */
const TEXT_SEARCH = "/^(includes|startsWith|endsWith|indexOf|lastIndexOf|match|matchAll|search|test)$/";
const MESSAGE_TEXT = "/^(message|serverMessage|errorMessage|statusText)$/";
const MESSAGE_SEARCH = {
  // `message`, `error.message`, `failure.serverMessage?.toLowerCase()`, `errorMessage(error)` anywhere in the call.
  selector: `CallExpression[callee.property.name=${TEXT_SEARCH}] Identifier[name=${MESSAGE_TEXT}]`,
  message: "Decide by the error's status and code (ApiError.status, ApiError.code; ADR 077), not by the words of its message.",
};
const BODY_PARSED_BY_HAND = {
  selector:
    "CallExpression[callee.object.name='JSON'][callee.property.name='parse'] > MemberExpression[property.name=/^(body|responseText)$/]",
  message: "Read an error answer through ApiError (code, fieldErrors, serverMessage), not by parsing its body by hand.",
};
export const ERROR_TEXT_RULES = {
  /** Components and pages: no message search, no hand-parsed body. */
  ui: ["error", MESSAGE_SEARCH, BODY_PARSED_BY_HAND],
  /** The browser's modules and the shared rules (the API client itself reads the body): no message search. */
  shared: ["error", MESSAGE_SEARCH],
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".wrangler/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      ".tsbuild/**",
      "worker-configuration.d.ts",
      "generator-configuration.d.ts",
      // The gazetteer's data: one generated string of 145 KB (scripts/build-gazetteer.mjs, ADR 065).
      "app/lib/places/gazetteer-data.ts",
      // The noun list's data: one generated string of 139 KB (scripts/build-nouns.mjs, ADR 087).
      "app/.server/ai/nouns-data.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Type-aware rules for the app's own code (the project service reads the tsconfig each file belongs to).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/api/schema.d.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
    },
  },
  {
    // Where the browser handles errors: by status and code only (ADR 077).
    files: ["app/components/**/*.{ts,tsx}", "app/routes/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ERROR_TEXT_RULES.ui },
  },
  {
    files: ["app/lib/**/*.{ts,tsx}", "app/browser/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ERROR_TEXT_RULES.shared },
  },
  {
    // Playwright fixtures call their callback `use` and take `{}` when they need no fixture.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    // Domain code stays framework-free so a move to React Router 7 is an import change (ADR 002).
    files: ["app/.server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@remix-run/*", "react", "react-dom", "react-router*"], message: "Keep framework imports out of app/.server." },
          ],
        },
      ],
    },
  },
);
