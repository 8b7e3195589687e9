// The deploy guard's rules (ADR 026): `npm run deploy` refuses while a production value the Workers
// need is empty or still a placeholder. Run by scripts/deploy-guard.mjs on both wrangler files as
// wrangler itself reads them (env "production"); never bundled into a Worker.
//
// "Required" comes from each Worker's own config schema (app/.server/env.ts,
// app/.server/generation/env.ts), so every rule lives in one place: the production vars are parsed
// with every secret assumed set (secrets cannot be read locally), and each setting the schema
// refuses is named together with the file and section to fix it in.
import { APP_SECRETS, configSchema } from "../env";
import { GENERATOR_SECRETS, generatorConfigSchema } from "../generation/env";

/** The part of wrangler's resolved production config the guard reads. */
export type WranglerProductionConfig = {
  vars?: Record<string, unknown>;
  d1_databases?: { binding: string; database_id?: string }[];
};

export type DeployProblem = { file: string; setting: string; message: string; fix: string };

export type DeployCheck = {
  problems: DeployProblem[];
  /** Vars left empty that the schema allows to be empty (shown, never refused). */
  emptyOptional: { file: string; setting: string }[];
  /** Secrets per Worker; `required`: those the schema needs with these vars (null while the vars fail). */
  secrets: { worker: string; file: string; command: string; names: readonly string[]; required: string[] | null }[];
};

type Schema = {
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
  // Only text vars, as the Workers' config reader takes them (app/.server/config/parse.ts); "" means "not set".
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
      const fix = (rules.secrets as readonly string[]).includes(setting)
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

/** Checks both Workers' production configuration; `problems` empty means the deploy may go ahead. */
export function checkDeployConfig(input: {
  app: { file: string; config: WranglerProductionConfig };
  generator: { file: string; config: WranglerProductionConfig };
}): DeployCheck {
  const result: DeployCheck = { problems: [], emptyOptional: [], secrets: [] };
  checkWorker(WORKERS.app, input.app.file, input.app.config, result);
  checkWorker(WORKERS.generator, input.generator.file, input.generator.config, result);

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
  for (const { worker, command, names, required } of check.secrets) {
    const optional = required ? names.filter((name) => !required.includes(name)) : [];
    const listed = required
      ? `required: ${required.length > 0 ? required.join(", ") : "none"}${optional.length > 0 ? `; optional: ${optional.join(", ")}` : ""}`
      : names.join(", ");
    lines.push(`  ${worker} Worker — ${listed}`, `      (${command})`);
  }
  return lines.join("\n");
}
