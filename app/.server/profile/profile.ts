import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users, type User } from "../db/schema";
import type { Profile } from "../../lib/profile";

type ProfileSource = Pick<
  User,
  "email" | "firstName" | "lastName" | "phone" | "address" | "city" | "postalCode" | "businessType" | "companyName" | "subscriptionStatus"
>;

export function toProfile(user: ProfileSource) {
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
