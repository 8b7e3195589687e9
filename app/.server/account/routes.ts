// /api/profile, /api/send-invite and /api/account.
import { z } from "zod";
import { promptSettingsSchema } from "../../lib/ad-input";
import { emailSchema } from "../../lib/auth";
import { fieldErrors, profileSchema } from "../../lib/profile";
import { requestMeta } from "../activity/log";
import { requireUser, type AuthedBindings } from "../auth/middleware";
import { clearedSessionCookie } from "../auth/cookie";
import { enforceRateLimit } from "../auth/rate-limit";
import { getDb } from "../db/client";
import { getConfig } from "../env";
import { MESSAGES } from "../http/errors";
import { createRouter, validate } from "../http/router";
import { sendInvite } from "../invites/invite";
import { toProfile, updateProfile } from "../profile/profile";
import { getPrompts, savePrompts } from "../profile/prompts";
import { getStripe } from "../billing/stripe";
import { deleteAccount } from "./delete";

export function createAccountRouter() {
  const router = createRouter<AuthedBindings>();

  router.get("/profile", requireUser, (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(toProfile(c.get("user")));
  });

  router.put("/profile", requireUser, async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ message: MESSAGES.invalidJson }, 400);
    }
    const result = profileSchema.safeParse(body);
    if (!result.success) {
      const errors = fieldErrors(result.error);
      return c.json({ message: Object.values(errors)[0] ?? MESSAGES.invalidInput, fieldErrors: errors }, 400);
    }
    const updated = await updateProfile(getDb(c.env.DB), c.get("user").id, result.data);
    return c.json(toProfile(updated));
  });

  router.get("/prompts", requireUser, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await getPrompts(getDb(c.env.DB), c.get("user").id));
  });

  router.put("/prompts", requireUser, validate("json", promptSettingsSchema), async (c) => {
    return c.json(await savePrompts(getDb(c.env.DB), c.get("user").id, c.req.valid("json")));
  });

  router.post("/send-invite", requireUser, validate("json", z.object({ email: emailSchema })), async (c) => {
    const user = c.get("user");
    await enforceRateLimit(c.env.INVITE_LIMITER, `invite:${user.id}`);
    await sendInvite({ db: getDb(c.env.DB), config: getConfig(c.env), meta: requestMeta(c.req.raw) }, user, c.req.valid("json").email);
    return c.json({ message: "Einladung gesendet!" });
  });

  router.delete("/account", requireUser, async (c) => {
    const config = getConfig(c.env);
    await deleteAccount(getDb(c.env.DB), c.env.PHOTOS, c.get("user"), getStripe(config), config.SESSION_SECRET);
    c.header("Set-Cookie", clearedSessionCookie());
    return c.json({ message: "Account gelöscht" });
  });

  return router;
}
