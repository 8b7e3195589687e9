// The JSON shapes of an ad: the owner's full view and the public view (no owner fields). Both are
// derived from the `ads` table's own definition (drizzle-zod, ADR 031): column types, nullability
// and enums (category, status, platform, price type, shipping, pickup …) come from db/schema.ts, so a
// changed column changes the API's schema, its OpenAPI document and `tsc`'s view of the
// serializers at once. Only what the table cannot say is written here: URLs instead of R2 keys,
// the typed content of JSON columns, and the fields computed for the answer.
import { createSelectSchema } from "drizzle-zod";
import { z } from "zod";
import { adTextOf, offerFacts } from "../../../lib/ad-text";
import { offerLine } from "../../../lib/offer-line";
import { listingPrice } from "../../../lib/ad-price";
import { OFFER_FACTS } from "../../../lib/offer-facts";
import { statedCondition } from "../../../lib/condition-grade";
import { platformVariants } from "../../../lib/platform-variants";
import { privacyHintsOf, PRIVACY_KINDS } from "../../../lib/privacy-hints";
import { ads, type Ad } from "../../db/schema";
import { imageUrl } from "../../storage/photo-keys";
import { adCheck } from "./ad-check";
import { adIdSchema } from "./ad-id";

/** The table's row, with what the columns' SQL types cannot say. */
const adRowSchema = createSelectSchema(ads, {
  id: adIdSchema,
  priceSuggestion: (column) =>
    column.describe("Cent: der Vorschlag des Schreibers (KI oder Schätzung) – nicht der Preis des Verkäufers; angezeigt wird price"),
  priceMin: (column) => column.describe("Cent"),
  priceMax: (column) => column.describe("Cent"),
  priceBasis: (column) =>
    column.describe(
      "Grundlage von priceSuggestion: asking = Preis des Verkäufers, new_price = aus dem Neupreis, estimate = grobe Schätzung (nie angezeigt), null = Schätzung der KI",
    ),
  askingPrice: (column) => column.describe("Cent, der eigene Preis des Verkäufers (0 = zu verschenken); er gilt überall vor dem Vorschlag"),
  shippingCost: (column) =>
    column.describe(
      "Cent, was der Versand den Käufer kostet, wie der Verkäufer es angibt (0 = im Preis enthalten); null = nicht angegeben",
    ),
  shippingCarrier: (column) => column.describe("Der Versanddienst, den der Verkäufer nennt; null = keiner genannt"),
  shipping: (column) =>
    column.describe("Versand: offered = möglich, excluded = ausgeschlossen, wie der Verkäufer es sagt; null = nicht gesagt"),
  pickup: (column) =>
    column.describe("Abholung: offered = möglich, excluded = ausgeschlossen, wie der Verkäufer es sagt; null = nicht gesagt"),
  perPiecePrice: (column) =>
    column.describe("Cent: Stückpreis, wenn der Preis für mehrere Stücke gilt („je 12 €, alle 50 €“); null = keiner"),
  offerReading: () =>
    z
      .object({
        unconfirmed: z
          .array(
            z.object({
              fact: z.enum(OFFER_FACTS),
              words: z.string().describe("Die Worte des Verkäufers, aus denen die Angabe stammt"),
              doubt: z.boolean().describe("true = die Worte lassen sich auch anders lesen"),
            }),
          )
          .describe("Angaben, die nur aus der Beschreibung gelesen und noch nicht bestätigt sind („Bitte prüfen“)"),
        unplaced: z
          .array(z.object({ value: z.number().describe("Euro"), words: z.string() }))
          .describe("Beträge in der Beschreibung, die keiner Angabe zugeordnet sind („250 – ist das dein Preis?“)"),
      })
      .nullable()
      .describe("Was aus der Beschreibung gelesen wurde und zu prüfen ist; null = alles bestätigt oder nichts gelesen (ADR 064)"),
  swap: (column) =>
    column.describe("Tausch möglich (true) oder ausgeschlossen (false), wie der Verkäufer es angibt; null = nicht angegeben"),
  deliveryKm: (column) =>
    column.describe("Eigene Lieferung des Verkäufers im Umkreis von so vielen Kilometern; null = keine angeboten oder nicht angegeben"),
  createdAt: (column) => column.describe("Epoch-Millisekunden"),
  updatedAt: (column) => column.describe("Epoch-Millisekunden"),
  imageAnalysis: () =>
    z.object({
      brand: z.string().nullable(),
      model: z.string().nullable(),
      serialNumber: z.string().nullable(),
      condition: z.string().nullable(),
      conditionPicked: z
        .boolean()
        .optional()
        .describe(
          "Zustand vom Verkäufer gewählt (Prüfung vor Kleinanzeigen); sonst zeigen Vorschau und Antworten ihn nur, wenn die Notiz ihn nennt",
        ),
      defects: z.array(z.object({ text: z.string(), photoIndex: z.number().int().nullable() })),
      toConfirm: z
        .array(z.string())
        .optional()
        .describe("Sätze der Anzeige, die nur die Bildanalyse stützt: vom Verkäufer zu prüfen (ADR 043)"),
      unreadablePhotos: z
        .array(z.number().int().min(0))
        .optional()
        .describe("Fotos (Index in imageUrls), die der Bilddienst nicht lesen konnte: die KI hat sie nicht gesehen (ADR 053)"),
    }),
  listingUrl: (column) => column.describe("Wo die Anzeige online ist (ein bekannter Marktplatz)"),
});

const columns = adRowSchema.shape;

/** Photo URLs (`/images/<key>`), in the ad's order. */
const imageUrlsSchema = z.array(z.string()).describe("Foto-URLs (/images/…), bestes Foto zuerst");

/**
 * The owner's view of an ad: every column but the internal ones. Omitting (rather than picking)
 * means a new column fails `tsc` in `toAdJson` until it is either answered or listed here.
 */
export const adJsonSchema = adRowSchema
  .omit({
    coverImageKey: true,
    priceFloor: true,
    promptOverrides: true,
    leaseUntil: true,
    creditSource: true,
    soldAt: true,
    copiedTo: true,
  })
  .extend({
    imageUrls: imageUrlsSchema,
    /** Private details per photo from the ad's one model call (ADR 069), aligned with imageUrls. */
    privacyHints: z
      .array(
        z.object({
          checked: z
            .boolean()
            .describe(
              "true = die KI hat das Foto auf private Details geprüft; false = nicht geprüft (Offline-Modus, unlesbar oder nach der Erstellung ersetzt) – nichts ist darüber bekannt",
            ),
          seen: z
            .array(z.enum(PRIVACY_KINDS))
            .describe(
              "Was darauf zu sehen ist: face = Gesicht, person = Person, licensePlate = Autokennzeichen, document = Brief/Dokument mit Name oder Adresse, screen = Bildschirm mit persönlichen Daten, houseNumber = Hausnummer",
            ),
        }),
      )
      .describe("Private Details je Foto, in der Reihenfolge von imageUrls"),
    /** The price the ad is shown with (ADR 028, ADR 034): the seller's own when given, else an estimate; null = none yet. */
    price: z
      .number()
      .int()
      .nullable()
      .describe("Cent: der angezeigte Preis – der eigene Preis des Verkäufers, sonst die Schätzung; null = noch kein Preis"),
    priceLabel: z.string().nullable().describe("„250 € VB“, „70 € Festpreis“, „Zu verschenken“"),
    /** A finished ad's paste-ready copies, the ad's own platform first (ADR 029); empty before. */
    variants: z.array(
      z.object({
        platform: columns.platform,
        title: z.string(),
        text: z.string().describe("Text für das Beschreibungsfeld (reiner Text)"),
        html: z.string().nullable().describe("eBay: formatierter Text als HTML"),
        notice: z.string().nullable(),
      }),
    ),
    /** The Anzeigen-Check of a finished ad (ADR 041); null before. */
    check: z
      .object({
        score: z.number().int().min(0).max(100).describe("Punkte von 100"),
        parts: z.array(
          z.object({
            id: z.enum(["photos", "title", "description", "price"]),
            label: z.string(),
            points: z.number().int(),
            max: z.number().int(),
            hints: z.array(z.string()).describe("Konkrete Hinweise, was die Anzeige besser macht"),
          }),
        ),
      })
      .nullable()
      .describe("Anzeigen-Check einer fertigen Anzeige: Fotos, Titel, Beschreibung, Preisgrundlage"),
  });

/** The public view of a finished ad: picked column by column, so no owner field can appear by accident. */
export const publicAdJsonSchema = adRowSchema
  .pick({
    id: true,
    itemName: true,
    category: true,
    platform: true,
    optimizedTitle: true,
    optimizedDescription: true,
    priceType: true,
    listingUrl: true,
    createdAt: true,
  })
  .extend({
    /** The photos' display copies (ADR 021): the photo itself stays private (ADR 070). */
    imageUrls: z
      .array(z.string())
      .describe(
        "Anzeigekopien der Fotos (JPEG, längste Kante 1024 px, ohne Metadaten wie GPS), bestes Foto zuerst; ein Foto ohne Kopie (noch) fehlt",
      ),
    coverImageUrl: z.string().nullable(),
    /** The price the ad is offered at (the seller's own; else an estimate from the new price or the model; else null). */
    price: z
      .number()
      .int()
      .nullable()
      .describe("Cent: der Preis der Anzeige – der eigene Preis des Verkäufers, sonst die Schätzung; null = kein Preis"),
    priceBasis: z
      .enum(["asking", "new_price", "model"])
      .nullable()
      .describe("Grundlage von price: asking = Preis des Verkäufers, new_price = Schätzung aus dem Neupreis, model = Schätzung der KI"),
    /** "250 € VB", "70 € Festpreis", "Zu verschenken". */
    priceLabel: z.string().nullable(),
    priceSuggestion: z.number().int().nullable().meta({
      deprecated: true,
      description: "Veraltet, nutze price: die Schätzung (Cent), nur wenn der Verkäufer keinen Preis genannt hat; sonst null",
    }),
    condition: z
      .string()
      .nullable()
      .describe(
        "Zustand, nur wenn der Verkäufer ihn selbst nennt („neuwertig“, „sehr gut erhalten“) oder gewählt hat; null = nicht angegeben",
      ),
    brand: z.string().nullable(),
    /** The ad's place, else the seller's city from the profile. */
    sellerCity: z.string().nullable(),
    /** Handover and shipping in one line, from the seller's offer record (ADR 041); null when the seller said nothing about them. */
    offerLine: z.string().nullable().describe("Übergabe und Versand in einer Zeile, wie der Verkäufer sie angibt; null = nichts angegeben"),
    sold: z.boolean().describe("Vom Verkäufer als verkauft markiert"),
  });

export type AdJson = z.input<typeof adJsonSchema>;
export type PublicAdJson = z.input<typeof publicAdJsonSchema>;

/** The same compiled variants the dashboard copies, for API clients. */
function variantsOf(ad: Ad): AdJson["variants"] {
  if (ad.status !== "completed" || !ad.optimizedDescription) return [];
  return platformVariants(adTextOf(ad), ad.platform).map((variant) => ({
    platform: variant.platform,
    title: variant.title,
    text: variant.plainText,
    html: variant.html,
    notice: variant.notice,
  }));
}

export function toAdJson(ad: Ad): AdJson {
  return {
    id: ad.id,
    userId: ad.userId,
    itemName: ad.itemName,
    category: ad.category,
    description: ad.description,
    originalDescription: ad.originalDescription,
    optimizedTitle: ad.optimizedTitle,
    optimizedDescription: ad.optimizedDescription,
    imageUrls: ad.imageUrls.map(imageUrl),
    privacyHints: privacyHintsOf(ad.imageUrls, ad.privacyHints),
    status: ad.status,
    platform: ad.platform,
    price: listingPrice(ad)?.cents ?? null,
    priceLabel: listingPrice(ad)?.label ?? null,
    priceSuggestion: ad.priceSuggestion,
    priceMin: ad.priceMin,
    priceMax: ad.priceMax,
    priceBasis: ad.priceBasis,
    askingPrice: ad.askingPrice,
    priceType: ad.priceType,
    shipping: ad.shipping,
    pickup: ad.pickup,
    perPiecePrice: ad.perPiecePrice,
    offerReading: ad.offerReading,
    postalCode: ad.postalCode,
    city: ad.city,
    shippingCost: ad.shippingCost,
    shippingCarrier: ad.shippingCarrier,
    swap: ad.swap,
    deliveryKm: ad.deliveryKm,
    bestImageIndex: ad.bestImageIndex,
    imageAnalysis: ad.imageAnalysis,
    errorMessage: ad.errorMessage,
    attempts: ad.attempts,
    provider: ad.provider,
    generationMs: ad.generationMs,
    /** While processing: the phase and the description written so far. */
    progressPhase: ad.status === "processing" ? ad.progressPhase : null,
    partialDescription: ad.status === "processing" ? ad.partialDescription : null,
    listingUrl: ad.listingUrl,
    variants: variantsOf(ad),
    check: ad.status === "completed" ? adCheck(ad) : null,
    createdAt: ad.createdAt,
    updatedAt: ad.updatedAt,
  };
}

/** What the public view needs beside the row: the seller's city and which display copies exist. */
export type PublicAdExtras = { sellerCity: string | null; displayKeys: readonly (string | null)[] };

export function toPublicAdJson(ad: Ad, extras: PublicAdExtras): PublicAdJson {
  const price = listingPrice(ad);
  return {
    id: ad.id,
    itemName: ad.itemName,
    category: ad.category,
    platform: ad.platform,
    optimizedTitle: ad.optimizedTitle,
    optimizedDescription: ad.optimizedDescription,
    imageUrls: extras.displayKeys.flatMap((key) => (key ? [imageUrl(key)] : [])),
    coverImageUrl: ad.coverImageKey ? imageUrl(ad.coverImageKey) : null,
    price: price?.cents ?? null,
    priceType: price?.type ?? null,
    priceBasis: price?.basis ?? null,
    priceLabel: price?.label ?? null,
    priceSuggestion: price && price.basis !== "asking" ? price.cents : null,
    condition: statedCondition(ad),
    brand: ad.imageAnalysis?.brand ?? null,
    listingUrl: ad.listingUrl,
    sellerCity: ad.city ?? extras.sellerCity,
    offerLine: handoverLine(ad),
    sold: ad.soldAt !== null,
    createdAt: ad.createdAt,
  };
}

/** Shipping, pickup and swap from the record, without the price (shown apart); null when none is stated. */
function handoverLine(ad: Ad): string | null {
  if (ad.shipping === null && ad.pickup === null && ad.shippingCost === null && ad.swap === null && ad.deliveryKm === null) return null;
  return offerLine(offerFacts(ad), "buyer");
}
