// /api/ads/{id}/sales-kit, …/counter-offer and /api/ads/{id}/scam-check: the Verkaufshelfer.
// The ad id and the owner are checked (requireUser + finishedOwnAd) before any body is read.
import type { Context } from "hono";
import { z } from "zod";
import { counterOfferSchema, floorSchema, scamCheckSchema } from "../../lib/sales-kit";
import { requestMeta } from "../activity/log";
import { AD_NOT_FOUND } from "../ads/queries";
import { requireUser, type AuthedBindings } from "../auth/middleware";
import { enforceRateLimit } from "../auth/rate-limit";
import { getDb } from "../db/client";
import { HttpError } from "../http/errors";
import { createRouter, firstIssueMessage } from "../http/router";
import { answerOffer, finishedOwnAd, getSalesKit, scamCheck, setFloor } from "./kit";

const adIdSchema = z.string().uuid();

function context(c: Context<AuthedBindings>) {
  return { db: getDb(c.env.DB), meta: requestMeta(c.req.raw), generator: c.env.GENERATOR };
}

/** The ad id of the path, and the owner's finished ad checked before the body is read. */
async function ownedAdId(c: Context<AuthedBindings>) {
  const id = adIdSchema.safeParse(c.req.param("id"));
  if (!id.success) throw new HttpError(404, AD_NOT_FOUND);
  await finishedOwnAd(getDb(c.env.DB), c.get("user"), id.data);
  return id.data;
}

async function jsonBody<T extends z.ZodType>(c: Context<AuthedBindings>, schema: T): Promise<z.infer<T>> {
  if (!c.req.header("Content-Type")?.toLowerCase().startsWith("application/json")) {
    throw new HttpError(415, "Bitte sende die Daten als JSON (Content-Type: application/json).");
  }
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new HttpError(400, "Die Anfrage enthält kein gültiges JSON.");
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw new HttpError(400, firstIssueMessage(result.error));
  return result.data;
}

export function createSalesKitRouter() {
  const router = createRouter<AuthedBindings>();

  router.get("/ads/:id/sales-kit", requireUser, async (c) => {
    const id = await ownedAdId(c);
    c.header("Cache-Control", "private, no-store");
    return c.json(await getSalesKit(context(c), c.get("user"), id));
  });

  router.put("/ads/:id/sales-kit", requireUser, async (c) => {
    const id = await ownedAdId(c);
    const { floor } = await jsonBody(c, floorSchema);
    return c.json(await setFloor(context(c), c.get("user"), id, floor));
  });

  router.post("/ads/:id/sales-kit/counter-offer", requireUser, async (c) => {
    const id = await ownedAdId(c);
    const { offer } = await jsonBody(c, counterOfferSchema);
    return c.json(await answerOffer(context(c), c.get("user"), id, offer));
  });

  router.post("/ads/:id/scam-check", requireUser, async (c) => {
    const user = c.get("user");
    await enforceRateLimit(c.env.SCAM_CHECK_LIMITER, `user:${user.id}`);
    const id = await ownedAdId(c);
    const { message } = await jsonBody(c, scamCheckSchema);
    return c.json(await scamCheck(context(c), user, id, message));
  });

  return router;
}
