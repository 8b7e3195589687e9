// A dealer's listing under the EU General Product Safety Regulation (ADR 073): eBay's regulatory
// container from the dealer's profile (the manufacturer and, where it sits outside the EU, the EU
// responsible person), sent where the category names the manufacturer contact; where the category
// requires it and the profile lacks it, publishing is refused in German, naming what is missing.
// Private sellers are not held to GPSR: nothing is sent or asked.
// https://developer.ebay.com/api-docs/sell/inventory/types/slr:Regulatory
// https://developer.ebay.com/api-docs/sell/inventory/types/slr:Manufacturer
// https://developer.ebay.com/api-docs/sell/inventory/types/slr:ResponsiblePerson
import { eq } from "drizzle-orm";
import type { ProductSafety } from "../../../lib/product-safety";
import type { Db } from "../../db/client";
import { users, type User } from "../../db/schema";
import { HttpError } from "../../http-error";
import type { RegulatoryNeeds } from "../../ebay/category-policies";
import type { Regulatory, RegulatoryParty } from "../../ebay/types";

export type RegulatorySeller = Pick<User, "businessType" | "productSafety">;

/** The seller as GPSR sees them: private (nothing asked) or a dealer with the profile's contacts. */
export async function regulatorySellerOf(db: Db, userId: string): Promise<RegulatorySeller> {
  const [seller] = await db
    .select({ businessType: users.businessType, productSafety: users.productSafety })
    .from(users)
    .where(eq(users.id, userId));
  if (!seller) throw new HttpError(401, "Bitte melde dich erneut an.");
  return seller;
}

const WHERE = "Trage sie im Profil unter „Produktsicherheit (GPSR)“ ein und veröffentliche erneut.";

export const PRODUCT_SAFETY_UNSUPPORTED =
  "eBay verlangt in dieser Kategorie Sicherheitshinweise zum Produkt (Piktogramme oder Warnhinweise). Die kann AnzeigenPilot noch nicht senden – veröffentliche den Artikel direkt bei eBay oder wähle eine andere Kategorie.";

function partyOf(contact: ProductSafety["manufacturer"]): RegulatoryParty {
  return {
    companyName: contact.companyName,
    addressLine1: contact.street,
    postalCode: contact.postalCode,
    city: contact.city,
    country: contact.country,
    email: contact.email,
  };
}

/** What the draft tells a dealer about the category's GPSR needs before publishing (null: nothing to say). */
export function regulatoryNote(seller: RegulatorySeller, needs: RegulatoryNeeds): string | null {
  if (seller.businessType !== "commercial") return null;
  if (needs.productSafety === "required") return PRODUCT_SAFETY_UNSUPPORTED;
  if (needs.manufacturer === "required")
    return seller.productSafety
      ? `Produktsicherheit (GPSR): eBay verlangt in dieser Kategorie den Hersteller – wir senden „${seller.productSafety.manufacturer.companyName}“ aus deinem Profil.`
      : `Produktsicherheit (GPSR): eBay verlangt in dieser Kategorie den Hersteller (Firmenname, Anschrift, E-Mail). ${WHERE}`;
  return null;
}

/**
 * The listing's regulatory container for this seller and category; undefined when nothing is sent
 * (a private seller, a category that does not name it, a dealer who gave nothing where it is not
 * required). Throws a German 400 where the category requires what the profile lacks.
 */
export function regulatoryFor(seller: RegulatorySeller, needs: RegulatoryNeeds): Regulatory | undefined {
  if (seller.businessType !== "commercial") return undefined;
  if (needs.productSafety === "required") throw new HttpError(400, PRODUCT_SAFETY_UNSUPPORTED);
  const contacts = seller.productSafety;
  if (!contacts) {
    if (needs.manufacturer === "required")
      throw new HttpError(
        400,
        `eBay verlangt in dieser Kategorie Angaben zur Produktsicherheit (GPSR): „Hersteller“ (Firmenname, Anschrift, E-Mail) fehlt. ${WHERE}`,
      );
    return undefined;
  }
  if (needs.manufacturer === null) return undefined;
  return {
    manufacturer: partyOf(contacts.manufacturer),
    ...(contacts.responsiblePerson
      ? { responsiblePersons: [{ ...partyOf(contacts.responsiblePerson), types: ["EU_RESPONSIBLE_PERSON"] as ["EU_RESPONSIBLE_PERSON"] }] }
      : {}),
  };
}
