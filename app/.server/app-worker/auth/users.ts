import { eq } from "drizzle-orm";
import { z } from "zod";
import { PLATFORM_VALUES } from "../../../lib/platforms";
import { ACCOUNT_PLANS, FREE_AD_CREDITS } from "../../../lib/plans";
import type { Db } from "../../db/client";
import { freeAdGrants, users, type User } from "../../db/schema";
import { freeAdHash } from "./free-ad";

const nullableText = z.string().nullable();

/** What the current-user call answers: the account without payment-provider internals. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string().email(),
  firstName: nullableText,
  lastName: nullableText,
  profileImageUrl: nullableText,
  subscriptionStatus: nullableText,
  adCredits: z.number().int(),
  planType: z.enum(ACCOUNT_PLANS),
  monthlyAllowance: z.number().int(),
  role: z.enum(["user", "admin"]),
  phone: nullableText,
  address: nullableText,
  city: nullableText,
  postalCode: nullableText,
  companyName: nullableText,
  businessType: z.enum(["private", "commercial"]),
  /** The marketplace the create form preselects. */
  preferredPlatform: z.enum(PLATFORM_VALUES),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});

export function toPublicUser(user: User): z.input<typeof publicUserSchema> {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    subscriptionStatus: user.subscriptionStatus,
    adCredits: user.adCredits,
    planType: user.planType,
    monthlyAllowance: user.monthlyAllowance,
    role: user.role,
    phone: user.phone,
    address: user.address,
    city: user.city,
    postalCode: user.postalCode,
    companyName: user.companyName,
    businessType: user.businessType,
    preferredPlatform: user.preferredPlatform,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

export type PublicUser = z.input<typeof publicUserSchema>;

/**
 * The account for a verified address: created on first sign-in, and its admin role kept in
 * step with the ADMIN_EMAILS configuration on every sign-in.
 */
export async function findOrCreateUser(db: Db, email: string, adminEmails: readonly string[], freeAdSecret?: string) {
  const role = adminEmails.includes(email) ? "admin" : "user";
  const now = Date.now();
  let [existing] = await db.select().from(users).where(eq(users.email, email));
  if (!existing) {
    // The free ad once per person: a new account gets it only if its address never had it.
    const [grant] = await db
      .insert(freeAdGrants)
      .values({ emailHash: await freeAdHash(email, freeAdSecret), createdAt: now })
      .onConflictDoNothing()
      .returning();
    const [created] = await db
      .insert(users)
      .values({ id: crypto.randomUUID(), email, role, adCredits: grant ? FREE_AD_CREDITS : 0, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (created) return { user: created, isNewUser: true };
    [existing] = await db.select().from(users).where(eq(users.email, email));
  }
  if (existing.role === role) return { user: existing, isNewUser: false };
  const [updated] = await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, existing.id)).returning();
  return { user: updated, isNewUser: false };
}
