// Who may read the activity log and the API reference: the docs cookie or an admin session;
// 401 for strangers, 403 for signed-in sellers without access.
import type { MiddlewareHandler } from "hono";
import { readSessionToken } from "../auth/cookie";
import { getSessionUser } from "../auth/sessions";
import { getDb } from "../db/client";
import { getConfig } from "../env";
import { HttpError, MESSAGES } from "../http/errors";
import { hasDocsCookie } from "./access";

export const NO_DOCS_ACCESS = "Kein Zugriff auf das Aktivitätsprotokoll.";

export const requireDocsAccess: MiddlewareHandler = async (c, next) => {
  const config = getConfig(c.env as Env);
  if (!(await hasDocsCookie(config, c.req.raw.headers))) {
    const session = await getSessionUser(getDb((c.env as Env).DB), readSessionToken(c.req.raw.headers));
    if (!session) throw new HttpError(401, MESSAGES.unauthorized);
    if (session.user.role !== "admin") throw new HttpError(403, NO_DOCS_ACCESS);
  }
  await next();
};
