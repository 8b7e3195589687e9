// Shared pieces of the Workers' configuration schemas (wrangler vars + secrets). Each Worker has
// its own schema that validates exactly the settings it reads: the app in app/.server/app-worker/env.ts, the
// generator in app/.server/generator/env.ts.
import { z } from "zod";

/** A text setting where "" (an empty placeholder in a wrangler file) means "not set". */
export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

export const appEnv = z.enum(["local", "test", "production"]).default("local");

export const aiProvider = z.enum(["offline", "workers-ai", "openai"]).default("offline");

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Refinement = z.core.$RefinementCtx;

/** Adds "KEY is required <because>" when `value` is empty. */
export function requireSetting(ctx: Refinement, key: string, value: unknown, because: string) {
  if (value === undefined || value === null || value === "") {
    ctx.addIssue({ code: "custom", path: [key], message: `${key} is required ${because}` });
  }
}

/** Adds an issue for a setting that must not be used in production. */
export function refuseSetting(ctx: Refinement, key: string, message: string) {
  ctx.addIssue({ code: "custom", path: [key], message });
}

/** Builds the cached reader of one Worker's configuration: parsed once per env object. */
export function configReader<Schema extends z.ZodType<object>>(schema: Schema, worker: string) {
  const cache = new WeakMap<object, z.output<Schema>>();
  return (env: object): z.output<Schema> => {
    const cached = cache.get(env);
    if (cached) return cached;
    const raw = Object.fromEntries(Object.entries(env).filter(([, value]) => typeof value === "string"));
    const result = schema.safeParse(raw);
    if (!result.success) {
      const details = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
      throw new ConfigError(`Invalid ${worker} configuration: ${details}`);
    }
    cache.set(env, result.data);
    return result.data;
  };
}
