// The dealer's imprint at Kleinanzeigen (ADR 038): created once from the seller's profile (company
// name, address, phone, e-mail — the same line as the imprint in the generated ads) and its uuid
// kept in the seller's `marketplace_connections` row; every publication names it.
import { and, eq } from "drizzle-orm";
import { imprintLine } from "../../../lib/legal-notes";
import type { Db } from "../../db/client";
import { marketplaceConnections, type User } from "../../db/schema";
import type { KleinanzeigenClient } from "../../kleinanzeigen/client";

export type ImprintState = { imprintUuid: string; createdAt: number } | null;

export async function imprintOf(db: Db, userId: string): Promise<ImprintState> {
  const [row] = await db
    .select({ settings: marketplaceConnections.settings })
    .from(marketplaceConnections)
    .where(and(eq(marketplaceConnections.userId, userId), eq(marketplaceConnections.platform, "kleinanzeigen")));
  const uuid = row?.settings.imprintUuid;
  return uuid ? { imprintUuid: uuid, createdAt: Number(row.settings.imprintCreatedAt ?? 0) } : null;
}

/** The imprint text Kleinanzeigen shows under every ad of this dealer. */
export function imprintContent(user: Pick<User, "companyName" | "address" | "postalCode" | "city" | "phone" | "email">): string {
  return imprintLine(
    {
      companyName: user.companyName,
      address: user.address,
      postalCode: user.postalCode,
      city: user.city,
      phone: user.phone,
      email: user.email,
    },
    { email: true },
  );
}

/** The seller's imprint uuid; created at Kleinanzeigen on the first publication, then reused. */
export async function ensureImprint(db: Db, client: KleinanzeigenClient, user: User): Promise<string> {
  const existing = await imprintOf(db, user.id);
  if (existing) return existing.imprintUuid;
  const imprintUuid = await client.createImprint(imprintContent(user));
  const now = Date.now();
  const settings = { imprintUuid, imprintCreatedAt: String(now) };
  await db
    .insert(marketplaceConnections)
    .values({ userId: user.id, platform: "kleinanzeigen", settings, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [marketplaceConnections.userId, marketplaceConnections.platform], set: { settings, updatedAt: now } });
  return imprintUuid;
}
