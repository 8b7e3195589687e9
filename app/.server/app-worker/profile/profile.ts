import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { ads, users, type User } from "../../db/schema";
import type { EdgeCachePurge } from "../edge-cache/purge";
import type { Profile } from "../../../lib/profile";

type ProfileSource = Pick<
  User,
  "email" | "firstName" | "lastName" | "phone" | "address" | "city" | "postalCode" | "businessType" | "companyName" | "subscriptionStatus"
>;

const nullableText = z.string().nullable();

/** The profile as GET/PUT /api/profile answer it. */
export const profileJsonSchema = z.object({
  email: z.string().email(),
  firstName: nullableText,
  lastName: nullableText,
  phone: nullableText,
  address: nullableText,
  city: nullableText,
  postalCode: nullableText,
  businessType: z.enum(["private", "commercial"]),
  companyName: nullableText,
  plan: z.enum(["Pro", "Kostenlos"]),
});

export function toProfile(user: ProfileSource): z.input<typeof profileJsonSchema> {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    address: user.address,
    city: user.city,
    postalCode: user.postalCode,
    businessType: user.businessType,
    companyName: user.companyName,
    plan: user.subscriptionStatus === "active" ? "Pro" : "Kostenlos",
  };
}

/** Saves the profile; the seller's public ads show the city, so a changed city purges their cached copies. */
export async function updateProfile(db: Db, userId: string, profile: Profile, purgeEdgeCache: EdgeCachePurge) {
  const [before] = await db.select({ city: users.city }).from(users).where(eq(users.id, userId));
  const [updated] = await db
    .update(users)
    .set({
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
      phone: profile.phone ?? null,
      address: profile.address ?? null,
      city: profile.city ?? null,
      postalCode: profile.postalCode ?? null,
      businessType: profile.businessType,
      companyName: profile.companyName ?? null,
      updatedAt: Date.now(),
    })
    .where(eq(users.id, userId))
    .returning();
  if ((before?.city?.trim() || null) !== (updated.city?.trim() || null)) {
    const shown = await db
      .select({ id: ads.id })
      .from(ads)
      .where(and(eq(ads.userId, userId), eq(ads.status, "completed")));
    await purgeEdgeCache(shown.map((ad) => ({ adId: ad.id })));
  }
  return updated;
}
