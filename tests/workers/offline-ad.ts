// An ad created as the create form creates it (the form's fields and one photo, through the API the
// test names) and written by the offline writer in the test itself: the offer-record matrices read it
// back from every surface.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { ads } from "~/.server/db/schema";
import { attemptGeneration, leaseDuration } from "~/.server/generator/generation/attempt";
import { png } from "../fixtures/images";
import { db, eventually } from "./helpers";

type Call = (path: string, init?: RequestInit) => Response | Promise<Response>;

export async function offlineFinishedAd(call: Call, auth: Record<string, string>, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ category: "sonstiges", ...fields })) form.append(key, value);
  form.append("photos", new File([await png(32, 24)], "foto.png", { type: "image/png" }));
  const created = await call("/api/ads", { method: "POST", headers: auth, body: form });
  expect(created.status, fields.description).toBe(201);
  const { id } = await created.json<{ id: string }>();
  const generationEnv = { ...env, AI_PROVIDER: "offline" } as never;
  await attemptGeneration(generationEnv, db(), id, leaseDuration(generationEnv));
  return eventually(async () => {
    const [row] = await db().select().from(ads).where(eq(ads.id, id));
    return row.status === "completed" ? row : undefined;
  });
}
