// /api/docs/unlock, /api/logs and /api/openapi.json.
import type { Context } from "hono";
import { z } from "zod";
import { logFacets, logQuerySchema, queryLogs } from "../activity/query";
import { readSessionToken } from "../auth/cookie";
import { enforceRateLimit } from "../auth/rate-limit";
import { getSessionUser } from "../auth/sessions";
import { getDb } from "../db/client";
import { getConfig } from "../env";
import { HttpError, MESSAGES } from "../http/errors";
import { createRouter, validate, type AppBindings } from "../http/router";
import { checkDocsPassword, DOCS_DISABLED_MESSAGE, docsCookie, hasDocsCookie, WRONG_PASSWORD } from "./access";
import { openApiDocument } from "./openapi";

/** Docs cookie or an admin session; 401 for strangers, 403 for signed-in users without access. */
export async function requireDocsAccess(c: Context<AppBindings>) {
  const config = getConfig(c.env);
  if (await hasDocsCookie(config, c.req.raw.headers)) return;
  const session = await getSessionUser(getDb(c.env.DB), readSessionToken(c.req.raw.headers));
  if (session?.user.role === "admin") return;
  if (session) throw new HttpError(403, "Kein Zugriff auf das Aktivitätsprotokoll.");
  throw new HttpError(401, MESSAGES.unauthorized);
}

export function createDocsRouter() {
  const router = createRouter();

  router.post("/docs/unlock", validate("json", z.object({ password: z.string().max(200) })), async (c) => {
    const config = getConfig(c.env);
    if (!config.DOCS_PASSWORD) throw new HttpError(503, DOCS_DISABLED_MESSAGE);
    await enforceRateLimit(c.env.DOCS_LIMITER, `docs:${c.req.header("CF-Connecting-IP") ?? "unknown"}`);
    if (!(await checkDocsPassword(config, c.req.valid("json").password))) throw new HttpError(401, WRONG_PASSWORD);
    c.header("Set-Cookie", await docsCookie(config));
    return c.json({ message: "Zugang gewährt" });
  });

  router.get("/logs", validate("query", logQuerySchema), async (c) => {
    await requireDocsAccess(c);
    const { entries, total } = await queryLogs(getDb(c.env.DB), c.req.valid("query"));
    c.header("X-Total-Count", String(total));
    c.header("Cache-Control", "no-store");
    return c.json(entries);
  });

  router.get("/logs/facets", async (c) => {
    await requireDocsAccess(c);
    return c.json(await logFacets(getDb(c.env.DB)));
  });

  router.get("/openapi.json", async (c) => {
    await requireDocsAccess(c);
    return c.json(openApiDocument(getConfig(c.env).PUBLIC_BASE_URL));
  });

  return router;
}
