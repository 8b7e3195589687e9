// The seller's AI prompts, stored in the account (D1) so they follow the seller to every device
// and go with the account. Only prompts that differ from the defaults are kept.
import { eq } from "drizzle-orm";
import { PROMPT_KEYS, type PromptKey } from "../../../lib/ad-input";
import { DEFAULT_PROMPTS } from "../../../lib/prompts";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

export type PromptSettings = Partial<Record<PromptKey, string>>;

/** All four prompts as the seller sees them: their own where set, else the default. */
export async function getPrompts(db: Db, userId: string): Promise<Record<PromptKey, string>> {
  const [row] = await db.select({ promptSettings: users.promptSettings }).from(users).where(eq(users.id, userId));
  const own = row?.promptSettings ?? {};
  return Object.fromEntries(PROMPT_KEYS.map((key) => [key, own[key] ?? DEFAULT_PROMPTS[key]])) as Record<PromptKey, string>;
}

/** Saves the given prompts; empty ones and those equal to the default fall back to the default. */
export async function savePrompts(db: Db, userId: string, prompts: PromptSettings): Promise<Record<PromptKey, string>> {
  const own: PromptSettings = {};
  for (const key of PROMPT_KEYS) {
    const value = prompts[key]?.trim();
    if (value && value !== DEFAULT_PROMPTS[key].trim()) own[key] = value;
  }
  await db
    .update(users)
    .set({ promptSettings: Object.keys(own).length > 0 ? own : null, updatedAt: Date.now() })
    .where(eq(users.id, userId));
  return getPrompts(db, userId);
}
