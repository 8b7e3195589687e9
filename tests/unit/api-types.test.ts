// The browser's API types against the server's endpoint declarations (`npm run check:api-types`,
// part of `npm run check`; ADR 058).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { apiTypesSource, loadApiDocument, TYPES_FILE, typesDifferences } from "../../scripts/api-types.mjs";

const SCRIPT = fileURLToPath(new URL("../../scripts/api-types.mjs", import.meta.url));
const SALES_KIT = "/api/ads/{id}/sales-kit";

type Schema = { type?: string; properties: Record<string, Schema>; required: string[] };
type ApiDocument = Awaited<ReturnType<typeof loadApiDocument>>;

/** The document with the Verkaufshelfer's anchor price renamed in GET's answer: a server change the browser has not seen. */
function withAnchorInEuros(document: ApiDocument): ApiDocument {
  const changed = structuredClone(document) as unknown as {
    paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: Schema }> }> } }>;
  };
  // The strategy is an object or null (no price yet): its object branch.
  const node = changed.paths[SALES_KIT].get.responses["200"].content["application/json"].schema.properties.strategy as Schema & {
    anyOf?: Schema[];
  };
  const strategy = node.anyOf?.find((branch) => branch.properties) ?? node;
  const { anchorCents, ...rest } = strategy.properties;
  strategy.properties = { ...rest, anchorEuros: { ...anchorCents, type: "number" } };
  strategy.required = strategy.required.map((name) => (name === "anchorCents" ? "anchorEuros" : name));
  return changed as unknown as ApiDocument;
}

const AMOUNT = /price|cost|amount|floor|anchor|offer|step|total|sum/i;

/** Every numeric field of a successful JSON answer whose name speaks of money, and whether its name or description says cents. */
function answerAmounts(document: ApiDocument) {
  const found: Array<{ name: string; inCents: boolean }> = [];
  const visit = (operation: string, name: string, schema: Record<string, unknown>, branch = false) => {
    const { type, anyOf, items, properties, description } = schema as {
      type?: string | string[];
      anyOf?: Record<string, unknown>[];
      items?: Record<string, unknown>;
      properties?: Record<string, Record<string, unknown>>;
      description?: string;
    };
    const types = [type, ...(anyOf ?? []).map((branch) => branch.type)].flat();
    const leaf = name.split(".").at(-1) ?? "";
    if (
      !branch &&
      types.some((one) => one === "integer" || one === "number") &&
      AMOUNT.test(leaf) &&
      !/count|days|percent|unpriced/i.test(leaf)
    )
      found.push({ name: `${operation} ${name}`, inCents: /Cents$/.test(leaf) || /\bCent\b/.test(description ?? "") });
    for (const one of anyOf ?? []) visit(operation, name, one, true);
    if (items) visit(operation, name, items);
    for (const [key, property] of Object.entries(properties ?? {})) visit(operation, name ? `${name}.${key}` : key, property);
  };
  const paths = document.paths as Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: never }> }> }>
  >;
  for (const [path, item] of Object.entries(paths))
    for (const [method, operation] of Object.entries(item))
      for (const [status, response] of Object.entries(operation.responses))
        if (status.startsWith("2") && response.content?.["application/json"])
          visit(`${method.toUpperCase()} ${path}`, "", response.content["application/json"].schema);
  return found;
}

describe("the browser's API types (npm run check:api-types)", () => {
  let document: ApiDocument;
  let committed: string;
  beforeAll(async () => {
    document = await loadApiDocument();
    committed = readFileSync(TYPES_FILE, "utf8");
  }, 60_000);

  // Generating the types takes 2 s alone and more beside the other test files on two cores.
  it("are what the endpoint declarations produce", async () => {
    expect(typesDifferences(document, await apiTypesSource(document), committed)).toEqual([]);
  }, 30_000);

  it("say of every amount an answer carries that it is in cents", () => {
    const amounts = answerAmounts(document);
    expect(amounts.map((amount) => amount.name)).toEqual(expect.arrayContaining(["GET /api/ads/{id}/sales-kit strategy.anchorCents"]));
    expect(amounts.filter((amount) => !amount.inCents).map((amount) => amount.name)).toEqual([]);
    // The generated types carry it: the Verkaufshelfer speaks cents like every other API.
    expect(committed).toMatch(/\/\*\* @description Cent \*\/\s+anchorCents: number;/);
  });

  it("differ, naming the operation, when a response changed on the server and the types were not regenerated", async () => {
    const changed = withAnchorInEuros(document);
    expect(typesDifferences(changed, await apiTypesSource(changed), committed)).toEqual([`GET ${SALES_KIT} (getApiAdsByIdSalesKit)`]);
  }, 30_000);

  it("fail the check (exit 1) for a generated file that no longer matches, and pass it for the committed one", async () => {
    const folder = mkdtempSync(join(tmpdir(), "api-types-"));
    const edited = join(folder, "schema.d.ts");
    // The committed answer of GET /api/ads/{id}/sales-kit with a field changed by hand.
    const at = committed.indexOf("getApiAdsByIdSalesKit: {");
    writeFileSync(edited, committed.slice(0, at) + committed.slice(at).replace("anchorCents: number;", "anchorCents: string;"));
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [SCRIPT, "--check", ...args]).then(
        () => ({ code: 0, stderr: "" }),
        (failure: { code: number; stderr: string }) => failure,
      );
    const [changed, unchanged] = await Promise.all([run("--types", edited), run()]);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain(`GET ${SALES_KIT} (getApiAdsByIdSalesKit)`);
    expect(unchanged).toEqual({ code: 0, stderr: "" });
  }, 60_000);
});
