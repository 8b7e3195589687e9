// The docs API's guard: 401 for strangers, 403 for signed-in sellers without access (the rule itself: access.ts).
import type { MiddlewareHandler } from "hono";
import { readSessionToken } from "../auth/cookie";
import { getSessionUser } from "../auth/sessions";
import { getDb } from "../../db/client";
import { getConfig } from "../env";
import { HttpError, MESSAGES } from "../../http-error";
import { docsAccess } from "./access";

export const NO_DOCS_ACCESS = "Kein Zugriff auf das Aktivitätsprotokoll.";

export const requireDocsAccess: MiddlewareHandler = async (c, next) => {
  const env = c.env as Env;
  const headers = c.req.raw.headers;
  const access = await docsAccess(
    getConfig(env),
    headers,
    async () => (await getSessionUser(getDb(env.DB), readSessionToken(headers)))?.user,
  );
  if (access === "signed-out") throw new HttpError(401, MESSAGES.unauthorized);
  if (access === "forbidden") throw new HttpError(403, NO_DOCS_ACCESS);
  await next();
};
