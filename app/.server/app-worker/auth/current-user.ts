// The signed-in user of a page request (Remix loaders), read the same way the API reads it.
import { getDb } from "../../db/client";
import { readSessionToken, sessionCookie } from "./cookie";
import { getSessionUser } from "./sessions";
import { toPublicUser, type PublicUser } from "./users";

export type CurrentUser = { user: PublicUser | null; setCookie: string | null };

export async function getCurrentUser(env: Env, request: Request): Promise<CurrentUser> {
  const token = readSessionToken(request.headers);
  const session = await getSessionUser(getDb(env.DB), token);
  if (!session || !token) return { user: null, setCookie: null };
  return { user: toPublicUser(session.user), setCookie: session.refreshed ? sessionCookie(token) : null };
}
