// Reserving and refunding the unit an ad costs (docs/PRODUCT.md, "Plans and credits").
// Each reservation is one conditional UPDATE, so parallel requests can never overspend.
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Db } from "./db/client";
import { users, type Ad } from "./db/schema";
import { HttpError } from "./http-error";

/** The balance a creation reserved: the `credit_source` column's enum. */
export type CreditSource = NonNullable<Ad["creditSource"]>;

export const LIMIT_MESSAGE = "Limit erreicht: Du hast keine freien Anzeigen mehr. Upgrade zu PRO für weitere Anzeigen.";

export async function reserveCredit(db: Db, userId: string): Promise<CreditSource> {
  const [subscribed] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.subscriptionStatus, "active")));
  if (subscribed) return "subscription";

  const [fromAllowance] = await db
    .update(users)
    .set({ monthlyAllowance: sql`${users.monthlyAllowance} - 1` })
    .where(and(eq(users.id, userId), eq(users.planType, "power"), gt(users.monthlyAllowance, 0)))
    .returning({ id: users.id });
  if (fromAllowance) return "allowance";

  const [fromCredits] = await db
    .update(users)
    .set({ adCredits: sql`${users.adCredits} - 1` })
    .where(and(eq(users.id, userId), gt(users.adCredits, 0)))
    .returning({ id: users.id });
  if (fromCredits) return "credits";

  throw new HttpError(402, LIMIT_MESSAGE);
}

/**
 * The statement that gives a reservation back, used alone or inside a batch with the ad update;
 * `onlyIf` makes it conditional (e.g. "the ad still holds its reservation").
 */
export function refundStatement(db: Db, userId: string, source: CreditSource | null, onlyIf?: SQL) {
  const where = onlyIf ? and(eq(users.id, userId), onlyIf) : eq(users.id, userId);
  if (source === "credits")
    return db
      .update(users)
      .set({ adCredits: sql`${users.adCredits} + 1` })
      .where(where);
  if (source === "allowance")
    return db
      .update(users)
      .set({ monthlyAllowance: sql`${users.monthlyAllowance} + 1` })
      .where(where);
  return null;
}

export async function refundCredit(db: Db, userId: string, source: CreditSource | null): Promise<void> {
  await refundStatement(db, userId, source)?.run();
}
