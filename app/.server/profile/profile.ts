import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { users, type User } from "../db/schema";
import type { Profile } from "../../lib/profile";

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

export async function updateProfile(db: Db, userId: string, profile: Profile) {
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
  return updated;
}
