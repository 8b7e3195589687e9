// The deploy guard's rules (ADR 026): `npm run deploy` refuses while a production value the Workers
// need is empty or still a placeholder. Run by scripts/deploy-guard.mjs on both wrangler files as
// wrangler itself reads them (env "production"); never bundled into a Worker.
//
// "Required" comes from each Worker's own config schema (app/.server/app-worker/env.ts,
// app/.server/generator/env.ts), so every rule lives in one place: the production vars are parsed
// with every secret assumed set (secrets cannot be read locally), and each setting the schema
// refuses is named together with the file and section to fix it in.
//
// Data location (ADR 026, ADR 055): the photos' R2 bindings and the runners' Durable Objects must
// name the EU jurisdiction; D1 has no such key in the wrangler files, so its jurisdiction is asked of
// the account (`wrangler d1 info --json`, the D1 API's `jurisdiction` field,
// https://developers.cloudflare.com/api/typescript/resources/d1) by
// `npm run deploy` (`--remote`) and checked by `checkD1Location`.
//
// Settings both Workers read (eBay, Kleinanzeigen, mail, the public address …) must be declared in
// both files with the same value: each Worker reads only its own file (ADR 055).
import { z } from "zod";
import { APP_SECRETS, APP_TEST_ONLY_SETTINGS, configSchema } from "../app-worker/env";
import { GENERATOR_LOCAL_ONLY_SETTINGS, GENERATOR_SECRETS, generatorConfigSchema } from "../generator/env";

/** The part of wrangler's resolved production config the guard reads. */
export type WranglerProductionConfig = {
  vars?: Record<string, unknown>;
  d1_databases?: { binding: string; database_id?: string; database_name?: string }[];
  r2_buckets?: { binding: string; jurisdiction?: string }[];
};

export type DeployProblem = { file: string; setting: string; message: string; fix: string };

export type DeployCheck = {
  problems: DeployProblem[];
  /** Secrets both Workers read: each must hold the same value in both (not readable from here). */
  sharedSecrets: string[];
  /** Vars left empty that the schema allows to be empty (shown, never refused). */
  emptyOptional: { file: string; setting: string }[];
  /** Secrets per Worker; `required`: those the schema needs with these vars (null while the vars fail). */
  secrets: { worker: string; file: string; command: string; names: readonly string[]; required: string[] | null }[];
};

type Schema = {
  shape: Record<string, unknown>;
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

type WorkerRules = { worker: string; schema: Schema; secrets: readonly string[]; secretCommand: string };

const WORKERS = {
  app: { worker: "app", schema: configSchema, secrets: APP_SECRETS, secretCommand: "npx wrangler secret put NAME --env production" },
  generator: {
    worker: "generator",
    schema: generatorConfigSchema,
    secrets: GENERATOR_SECRETS,
    secretCommand: "npx wrangler secret put NAME -c wrangler.generator.toml --env production",
  },
} satisfies Record<string, WorkerRules>;

/** The committed stand-in for the D1 id (`00000000-0000-4000-8000-0000000000d1`) and any all-zero id like it. */
const PLACEHOLDER_ID = /^0{8}-0{4}-/;

const D1_FIX =
  "put the id printed by `npx wrangler d1 create anzeigenpilot --jurisdiction eu` into both wrangler files (docs/DEPLOY.md, step 3)";

function secretValue(name: string) {
  return `${name.toLowerCase()}-set-with-wrangler-secret-put`;
}

function checkWorker(rules: WorkerRules, file: string, config: WranglerProductionConfig, result: DeployCheck) {
  // Only text vars, as the Workers' config reader takes them (app/.server/config.ts); "" means "not set".
  const vars = Object.fromEntries(
    Object.entries(config.vars ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const withSecrets = { ...vars, ...Object.fromEntries(rules.secrets.map((name) => [name, secretValue(name)])) };
  const parsed = rules.schema.safeParse(withSecrets);
  const refused = new Set<string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const setting = String(issue.path[0] ?? "(configuration)");
      refused.add(setting);
      const fix = rules.secrets.includes(setting)
        ? `set the secret: ${rules.secretCommand.replace("NAME", setting)}`
        : `set it in [env.production.vars] of ${file}`;
      result.problems.push({ file, setting, message: issue.message, fix });
    }
  }
  for (const [setting, value] of Object.entries(vars)) {
    if (value.trim() === "" && !refused.has(setting)) result.emptyOptional.push({ file, setting });
  }

  for (const database of config.d1_databases ?? []) {
    const id = database.database_id ?? "";
    if (id === "" || PLACEHOLDER_ID.test(id)) {
      result.problems.push({
        file,
        setting: `d1_databases.${database.binding}.database_id`,
        message: id === "" ? "the D1 database id is empty" : `the D1 database id is still the placeholder ${id}`,
        fix: D1_FIX,
      });
    }
  }

  // A secret is required when the schema refuses these vars without it (known once the vars pass).
  const required = parsed.success
    ? rules.secrets.filter((name) => {
        const { [name]: _removed, ...rest } = withSecrets;
        return !rules.schema.safeParse(rest).success;
      })
    : null;
  result.secrets.push({ worker: rules.worker, file, command: rules.secretCommand, names: rules.secrets, required });
}

const EU_FIX = "create it in the EU jurisdiction (docs/DEPLOY.md, step 3)";

/** The EU jurisdiction of what the wrangler files can name: the photos' buckets and the runners. */
function checkDataLocation(worker: { file: string; config: WranglerProductionConfig }, result: DeployCheck) {
  for (const bucket of worker.config.r2_buckets ?? []) {
    if (bucket.jurisdiction !== "eu") {
      result.problems.push({
        file: worker.file,
        setting: `r2_buckets.${bucket.binding}.jurisdiction`,
        message: `the R2 binding ${bucket.binding} does not name the EU jurisdiction`,
        fix: `set jurisdiction = "eu" on it in [env.production] of ${worker.file} and ${EU_FIX}`,
      });
    }
  }
}

const TEST_ONLY = new Set<string>([...APP_TEST_ONLY_SETTINGS, ...GENERATOR_LOCAL_ONLY_SETTINGS]);

/** Settings both Workers read, split into vars (compared here) and secrets (listed). */
export function sharedSettings() {
  const secrets = new Set<string>([...APP_SECRETS, ...GENERATOR_SECRETS]);
  const shared = Object.keys(configSchema.shape).filter((key) => key in generatorConfigSchema.shape && !TEST_ONLY.has(key));
  return { vars: shared.filter((key) => !secrets.has(key)), secrets: shared.filter((key) => secrets.has(key)) };
}

function textVar(config: WranglerProductionConfig, key: string): string | undefined {
  const value = config.vars?.[key];
  return typeof value === "string" ? value : undefined;
}

/** Checks both Workers' production configuration; `problems` empty means the deploy may go ahead. */
export function checkDeployConfig(input: {
  app: { file: string; config: WranglerProductionConfig };
  generator: { file: string; config: WranglerProductionConfig };
}): DeployCheck {
  const shared = sharedSettings();
  const result: DeployCheck = { problems: [], sharedSecrets: shared.secrets, emptyOptional: [], secrets: [] };
  checkWorker(WORKERS.app, input.app.file, input.app.config, result);
  checkWorker(WORKERS.generator, input.generator.file, input.generator.config, result);
  checkDataLocation(input.app, result);
  checkDataLocation(input.generator, result);
  if (textVar(input.generator.config, "RUNNER_JURISDICTION") !== "eu") {
    result.problems.push({
      file: input.generator.file,
      setting: "RUNNER_JURISDICTION",
      message: 'RUNNER_JURISDICTION must be "eu": the runners read the photos and the seller\'s text',
      fix: `set RUNNER_JURISDICTION = "eu" in [env.production.vars] of ${input.generator.file}`,
    });
  }

  const both = `${input.app.file}, ${input.generator.file}`;
  for (const key of shared.vars) {
    const [app, generator] = [textVar(input.app.config, key), textVar(input.generator.config, key)];
    if (app === generator) continue;
    const shown = (value: string | undefined) => (value === undefined ? "not declared" : JSON.stringify(value));
    result.problems.push({
      file: both,
      setting: key,
      message: `${key} differs between the Workers, which both read it: ${shown(app)} in ${input.app.file}, ${shown(generator)} in ${input.generator.file}`,
      fix: "declare the same value in [env.production.vars] of both wrangler files",
    });
  }

  const ids = [input.app, input.generator].map(
    ({ config }) => config.d1_databases?.find((database) => database.binding === "DB")?.database_id ?? "",
  );
  if (ids.every((id) => id !== "" && !PLACEHOLDER_ID.test(id)) && ids[0] !== ids[1]) {
    result.problems.push({
      file: `${input.app.file}, ${input.generator.file}`,
      setting: "d1_databases.DB.database_id",
      message: `the two Workers name different D1 databases (${ids[0]} and ${ids[1]}); they must share one`,
      fix: D1_FIX,
    });
  }
  return result;
}

/** What `wrangler d1 info <name> --json` answers: the D1 API's database object. */
const d1InfoSchema = z.object({
  uuid: z.string(),
  name: z.string().optional(),
  jurisdiction: z.string().nullable().optional(),
});

/** The JSON object in wrangler's output (anything printed around it is ignored). */
export function parseWranglerJson(stdout: string): unknown {
  const start = stdout.indexOf("{");
  const end = stdout.lastIndexOf("}");
  if (start === -1 || end < start) return null;
  try {
    return JSON.parse(stdout.slice(start, end + 1));
  } catch {
    return null;
  }
}

/** D1's location as the account reports it: the configured database, in the EU jurisdiction. */
export function checkD1Location(file: string, expectedId: string, info: unknown): DeployProblem[] {
  const setting = "d1_databases.DB (location)";
  const parsed = d1InfoSchema.safeParse(info);
  if (!parsed.success)
    return [
      {
        file,
        setting,
        message: "`wrangler d1 info --json` gave no database object",
        fix: "run `npx wrangler d1 info anzeigenpilot --json --env production` and check the login (`npx wrangler whoami`)",
      },
    ];
  const { uuid, name, jurisdiction } = parsed.data;
  if (uuid !== expectedId)
    return [
      {
        file,
        setting,
        message: `the account's database ${name ?? ""} has the id ${uuid}, the wrangler files name ${expectedId}`,
        fix: "put the database's id into both wrangler files (docs/DEPLOY.md, step 3)",
      },
    ];
  if (jurisdiction !== "eu")
    return [
      {
        file,
        setting,
        message: `the D1 database ${name ?? uuid} is not in the EU jurisdiction (the account reports ${jurisdiction ? `"${jurisdiction}"` : "none"})`,
        fix: "create it anew with `npx wrangler d1 create anzeigenpilot --jurisdiction eu`, copy the data over and put the new id into both wrangler files (docs/DEPLOY.md, step 3)",
      },
    ];
  return [];
}

/** The guard's answer for the terminal, in English (an operator's tool). */
export function formatDeployCheck(check: DeployCheck): string {
  const lines: string[] = [];
  if (check.problems.length > 0) {
    lines.push(
      `Deploy refused: ${check.problems.length} production setting${check.problems.length === 1 ? " is" : "s are"} empty, a placeholder or invalid.`,
      "",
    );
    for (const { file, setting, message, fix } of check.problems) {
      lines.push(`  - ${file}: ${message.startsWith(setting) ? message : `${setting}: ${message}`}`, `      → ${fix}`);
    }
    lines.push("", "docs/DEPLOY.md (steps 3, 5 and 7) says where each value comes from. Nothing was built or deployed.");
  } else {
    lines.push("Deploy guard: every required production value is filled in.");
  }
  for (const file of new Set(check.emptyOptional.map(({ file }) => file))) {
    const settings = check.emptyOptional.filter((empty) => empty.file === file).map(({ setting }) => setting);
    lines.push("", `Left empty in ${file} (optional): ${settings.join(", ")}.`);
  }
  lines.push("", "Secrets cannot be read from here; this check assumes they are set:");
  if (check.sharedSecrets.length > 0)
    lines.push(
      `  both Workers — the same value in each: ${check.sharedSecrets.join(", ")} (the cron reports differing TOKEN_ENCRYPTION_KEY rings in the activity log)`,
    );
  for (const { worker, command, names, required } of check.secrets) {
    const optional = required ? names.filter((name) => !required.includes(name)) : [];
    const listed = required
      ? `required: ${required.length > 0 ? required.join(", ") : "none"}${optional.length > 0 ? `; optional: ${optional.join(", ")}` : ""}`
      : names.join(", ");
    lines.push(`  ${worker} Worker — ${listed}`, `      (${command})`);
  }
  return lines.join("\n");
}
