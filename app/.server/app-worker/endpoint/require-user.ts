// Route guard for the API: the signed-in user (cookie or bearer) or 401.
import type { MiddlewareHandler } from "hono";
import { getDb } from "../../db/client";
import type { User } from "../../db/schema";
import { HttpError, MESSAGES } from "../../http-error";
import type { AppBindings } from "./router";
import { readSessionToken, sessionCookie } from "../auth/cookie";
import { getSessionUser } from "../auth/sessions";

/** `user`: the signed-in user; `sessionId`: the session the request was signed in with (auth/sessions.ts). */
export type AuthedBindings = AppBindings & { Variables: { user: User; sessionId: string } };

export const requireUser: MiddlewareHandler<AuthedBindings> = async (c, next) => {
  const token = readSessionToken(c.req.raw.headers);
  const session = await getSessionUser(getDb(c.env.DB), token);
  if (!session || !token) throw new HttpError(401, MESSAGES.unauthorized);
  c.set("user", session.user);
  c.set("sessionId", session.sid);
  await next();
  if (session.refreshed) c.header("Set-Cookie", sessionCookie(token), { append: true });
};
