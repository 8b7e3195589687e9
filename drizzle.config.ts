import { defineConfig } from "drizzle-kit";

// Generates plain SQL migrations that wrangler applies (`wrangler d1 migrations apply`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/.server/db/schema.ts",
  out: "./migrations",
});
