// A dealer's product-safety contacts for eBay (GPSR, ADR 073): read and saved whole, validated by
// the one schema the form uses (app/lib/product-safety.ts); publishing reads them (ebay/regulatory.ts).
import { eq } from "drizzle-orm";
import type { ProductSafety } from "../../../lib/product-safety";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

export async function getProductSafety(db: Db, userId: string): Promise<ProductSafety | null> {
  const [row] = await db.select({ productSafety: users.productSafety }).from(users).where(eq(users.id, userId));
  return row?.productSafety ?? null;
}

export async function saveProductSafety(db: Db, userId: string, contacts: ProductSafety): Promise<ProductSafety> {
  await db.update(users).set({ productSafety: contacts, updatedAt: Date.now() }).where(eq(users.id, userId));
  return contacts;
}
