// The Anzeigen-Check of a finished ad (ADR 041): a short score with concrete hints, in the
// spirit of mobile.de's listing score, computed from the offer record, the note and the written
// text — never from a guess. Four parts: photos (how many, which shots buyers ask for, a stated
// defect without its photo), the title (the facts buyers search for and how much of the platform's
// length it uses), the description (condition, handover, shipping cost) and the price basis.
import { NEW_PRICE_BASIS, priceView } from "../../../lib/ad-price";
import type { Category } from "../../../lib/categories";
import { MAX_PHOTOS } from "../../../lib/photo-limits";
import { PLATFORMS } from "../../../lib/platforms";
import { saysCondition } from "../../ai/condition-words";
import { names, titleFacts } from "../../ai/search-facts";
import type { Ad } from "../../db/schema";

export type AdCheckPart = {
  id: "photos" | "title" | "description" | "price";
  label: string;
  points: number;
  max: number;
  hints: string[];
};
export type AdCheck = { score: number; parts: AdCheckPart[] };

/** What the check reads: the offer record, the note, the photos and their analysis, the written title. */
export type AdCheckInput = Pick<
  Ad,
  | "category"
  | "itemName"
  | "imageUrls"
  | "imageAnalysis"
  | "originalDescription"
  | "description"
  | "optimizedTitle"
  | "platform"
  | "shipping"
  | "pickup"
  | "shippingCost"
  | "askingPrice"
  | "priceType"
  | "priceSuggestion"
  | "priceMin"
  | "priceMax"
  | "priceBasis"
>;

/** The shots buyers ask for, by category, after a first overall view. */
const FOLDED = "zusammengeklappt";
const FOLDS = /wagen|buggy|hochstuhl|reisebett|laufstall|kinderbett|babyschale|trage|laufrad|roller|klappbar|faltbar/iu;
const SHOTS: Record<string, string[]> = {
  elektronik: ["Typenschild oder Modellnummer", "eingeschaltet mit Display", "Anschlüsse und Zubehör"],
  moebel: ["Maße mit Zollstock", "Gebrauchsspuren aus der Nähe", "Rückseite und Füße"],
  kleidung: ["Etikett mit Größe", "Rückseite", "Nähte und Bündchen aus der Nähe"],
  freizeit: ["Typenschild oder Rahmennummer", "Verschleißteile aus der Nähe", "Zubehör"],
  spielzeug: ["alle Teile nebeneinander", "Verpackung oder Anleitung"],
  garten: ["Typenschild", "Gebrauchsspuren aus der Nähe", "Zubehör"],
  familie: ["Etikett oder Typenschild", "Gebrauchsspuren aus der Nähe", FOLDED],
  auto: ["Teilenummer oder Typenschild", "Gebrauchsspuren aus der Nähe", "Anschlüsse und Befestigung"],
  sonstiges: ["Details aus der Nähe", "Gebrauchsspuren"],
} satisfies Record<Category, string[]>;
const SHOES = /schuh|sneaker|stiefel|boots|pumps|sandale/i;
/** Tyres and wheels, in any category: buyers ask for the tread, the age (DOT) and, on rims, the rim's inner side. */
const TYRES = /reifen|kompletträder|felgen?(?!\p{L})/iu;
const RIMS = /felge|kompletträder|räder/i;

function shotsFor(ad: Pick<Ad, "category" | "itemName" | "originalDescription">): string[] {
  if (TYRES.test(ad.itemName)) {
    const onRims = RIMS.test(`${ad.itemName}\n${ad.originalDescription ?? ""}`);
    return ["Profiltiefe mit Münze oder Messer", "DOT-Nummer an der Flanke", ...(onRims ? ["Felge von innen"] : [])];
  }
  // Folded is a shot of what folds (a pram, a travel cot), not of baby clothes or toys.
  const shots = (SHOTS[ad.category] ?? SHOTS.sonstiges).filter((shot) => shot !== FOLDED || FOLDS.test(ad.itemName));
  return SHOES.test(ad.itemName) ? [...shots.slice(0, 1), "Sohle", ...shots.slice(1)] : shots;
}

function photosPart(ad: AdCheckInput): AdCheckPart {
  const count = ad.imageUrls.length;
  const hints: string[] = [];
  const wanted = Math.min(MAX_PHOTOS, 1 + shotsFor(ad).length);
  if (count < wanted) {
    const missing = shotsFor(ad).slice(Math.max(0, count - 1));
    hints.push(`${count === 1 ? "Ein Foto" : `${count} Fotos`} – zeig auch: ${missing.join(", ")}.`);
  }
  // A defect the seller says is in a photo ("siehe Foto 3", "s. Bild") needs no hint to photograph it.
  const unphotographed = (ad.imageAnalysis?.defects ?? [])
    .filter((defect) => defect.photoIndex === null && !/(?<!\p{L})(?:siehe|s\.|auf)\s+(?:dem\s+)?(?:foto|bild)/iu.test(defect.text))
    .map((defect) => defect.text);
  for (const defect of unphotographed.slice(0, 2)) hints.push(`Fotografiere den Mangel „${defect}“ aus der Nähe – das schafft Vertrauen.`);
  const points = Math.round((Math.min(count, wanted) / wanted) * 30) - Math.min(10, unphotographed.length * 5);
  return { id: "photos", label: "Fotos", points: Math.max(0, points), max: 30, hints };
}

function titlePart(ad: AdCheckInput): AdCheckPart {
  const title = ad.optimizedTitle || ad.itemName;
  const platform = ad.platform in PLATFORMS ? ad.platform : "kleinanzeigen";
  const limit = PLATFORMS[platform].titleMax;
  const facts = titleFacts(ad);
  const missing = facts.filter((fact) => !names(title, fact));
  const hints = missing.map((fact) => `Im Titel fehlt „${fact}“ – danach suchen Käufer.`);
  const short = title.length < limit / 2;
  if (short && missing.length > 0) hints.push(`Der Titel nutzt ${title.length} von ${limit} Zeichen – Platz für die fehlenden Angaben.`);
  const found = facts.length === 0 ? 1 : (facts.length - missing.length) / facts.length;
  return { id: "title", label: "Titel", points: Math.round(found * 30), max: 30, hints };
}

function descriptionPart(ad: AdCheckInput): AdCheckPart {
  const hints: string[] = [];
  const note = ad.originalDescription ?? ad.description ?? "";
  if (!ad.imageAnalysis?.condition && !saysCondition(note))
    hints.push("Beschreibe den Zustand in deinen Worten, z. B. „kaum benutzt“ oder „Kratzer am Rand“.");
  if (ad.shipping === null && ad.pickup === null)
    hints.push("Schreib, ob du versendest oder nur Abholung anbietest – das ist die häufigste Käuferfrage.");
  else if (ad.shipping === "offered" && ad.shippingCost === null)
    hints.push("Nenne die Versandkosten, z. B. „Versand 5,49 € mit DHL“ – sonst fragt jeder Käufer danach.");
  return { id: "description", label: "Beschreibung", points: 20 - Math.min(20, hints.length * 7), max: 20, hints };
}

function pricePart(ad: AdCheckInput): AdCheckPart {
  const view = priceView(ad);
  if (view.kind === "seller") {
    const hints =
      view.type === null && view.cents > 0
        ? ["Sag, ob dein Preis verhandelbar ist: schreib „VB“ dazu, wenn du verhandeln willst, oder „Festpreis“, wenn nicht."]
        : [];
    return { id: "price", label: "Preis", points: hints.length > 0 ? 15 : 20, max: 20, hints };
  }
  const hint =
    view.kind === "estimate"
      ? `Der Preis ist eine Schätzung ${view.basis === NEW_PRICE_BASIS ? "aus dem Neupreis" : "der KI"} – nenne deinen eigenen Preis, z. B. „250 VB“.`
      : "Nenne deinen Preis, z. B. „250 VB“ – eine Anzeige ohne Preis bekommt kaum Nachrichten.";
  return { id: "price", label: "Preis", points: view.kind === "estimate" ? 8 : 0, max: 20, hints: [hint] };
}

export function adCheck(ad: AdCheckInput): AdCheck {
  const parts = [photosPart(ad), titlePart(ad), descriptionPart(ad), pricePart(ad)];
  return { score: parts.reduce((sum, part) => sum + part.points, 0), parts };
}
