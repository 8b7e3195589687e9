import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
