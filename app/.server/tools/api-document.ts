// The API's OpenAPI document outside a request: what `npm run typegen` turns into the browser's
// API types and `npm run check:api-types` compares with them (scripts/api-types.mjs, ADR 058).
// Built by the same function from the same list as /api/openapi.json, so the types are the
// published contract. Nothing in the app imports this module.
import { ALL_ENDPOINTS } from "../app-worker/api";
import { openApiDocument } from "../app-worker/endpoint/openapi";

export function apiDocument() {
  return openApiDocument(ALL_ENDPOINTS, "http://localhost:8787");
}
