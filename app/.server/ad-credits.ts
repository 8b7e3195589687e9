// Reserving and refunding the unit an ad costs (docs/PRODUCT.md, "Plans and credits").
// Each reservation is a conditional UPDATE, so parallel requests can never overspend.
import { and, eq, gt, not, sql, type SQL } from "drizzle-orm";
import type { Db } from "./db/client";
import { users, type Ad, type User } from "./db/schema";
import { HttpError } from "./http-error";

/** The balance a creation reserved: the `credit_source` column's enum. */
export type CreditSource = NonNullable<Ad["creditSource"]>;

export const LIMIT_MESSAGE = "Limit erreicht: Du hast keine freien Anzeigen mehr. Upgrade zu PRO für weitere Anzeigen.";

/** What a reservation found: where the ad's unit came from, and the seller's own prompts (ADR 080). */
export type Reservation = { source: CreditSource; promptSettings: User["promptSettings"] };

/**
 * Reserves the unit one ad costs — from an active subscription, else the monthly allowance, else
 * the credits — in one round trip to the database (ADR 080): a batch runs its statements in order
 * as one transaction. The credits are taken only where no allowance is left, and that statement
 * runs before the allowance's, so both see the balance as it was and at most one of them applies.
 */
export async function reserveCredit(db: Db, userId: string): Promise<Reservation> {
  const notSubscribed = sql`coalesce(${users.subscriptionStatus}, '') <> 'active'`;
  const allowanceLeft = and(eq(users.planType, "power"), gt(users.monthlyAllowance, 0));
  const [[seller], [fromCredits], [fromAllowance]] = await db.batch([
    db
      .select({ subscribed: sql<number>`${users.subscriptionStatus} = 'active'`, promptSettings: users.promptSettings })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .update(users)
      .set({ adCredits: sql`${users.adCredits} - 1` })
      .where(and(eq(users.id, userId), notSubscribed, not(allowanceLeft!), gt(users.adCredits, 0)))
      .returning({ id: users.id }),
    db
      .update(users)
      .set({ monthlyAllowance: sql`${users.monthlyAllowance} - 1` })
      .where(and(eq(users.id, userId), notSubscribed, allowanceLeft))
      .returning({ id: users.id }),
  ]);
  const promptSettings = seller?.promptSettings ?? null;
  if (seller?.subscribed) return { source: "subscription", promptSettings };
  if (fromAllowance) return { source: "allowance", promptSettings };
  if (fromCredits) return { source: "credits", promptSettings };
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
