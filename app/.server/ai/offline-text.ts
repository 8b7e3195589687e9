// Reading facts out of the seller's own words, for the offline generator: condition, brand,
// model, serial number, defects, contents and handover. Plain rules, documented and testable.

export type Condition = { label: string; factorFromNew: number; factorFromUsed: number };

// Ordered from most to least specific: the first rule that matches wins.
const CONDITIONS: Array<{ pattern: RegExp } & Condition> = [
  { pattern: /\b(defekt|kaputt|bastler|für teile|ersatzteil|funktioniert nicht)/i, label: "Defekt – für Bastler", factorFromNew: 0.15, factorFromUsed: 0.3 },
  { pattern: /\b(neu und ovp|originalverpackt|ungeöffnet|unbenutzt|nagelneu|ovp)\b/i, label: "Neu", factorFromNew: 0.8, factorFromUsed: 1.8 },
  { pattern: /\b(neuwertig|wie neu|kaum benutzt|kaum getragen|fast neu|1x benutzt|einmal benutzt)/i, label: "Neuwertig", factorFromNew: 0.7, factorFromUsed: 1.5 },
  { pattern: /\bsehr gut/i, label: "Sehr gut", factorFromNew: 0.6, factorFromUsed: 1.25 },
  { pattern: /\b(deutliche gebrauchsspuren|starke gebrauchsspuren|abgenutzt|in ordnung|akzeptabel)/i, label: "Akzeptabel", factorFromNew: 0.35, factorFromUsed: 0.7 },
  { pattern: /\b(gut|gebraucht|gebrauchsspuren|getragen|benutzt)\b/i, label: "Gut", factorFromNew: 0.5, factorFromUsed: 1 },
];

export const DEFAULT_CONDITION: Condition = { label: "Gut", factorFromNew: 0.5, factorFromUsed: 1 };

export function detectCondition(text: string): Condition {
  return CONDITIONS.find((rule) => rule.pattern.test(text)) ?? DEFAULT_CONDITION;
}

const BRANDS = [
  "Apple", "Samsung", "Sony", "LG", "Philips", "Bosch", "Siemens", "Miele", "AEG", "Braun", "DeLonghi", "De'Longhi",
  "Jura", "Krups", "Nespresso", "Dyson", "Canon", "Nikon", "Fujifilm", "Panasonic", "Nintendo", "Microsoft", "Lenovo",
  "HP", "Dell", "Asus", "Acer", "Xiaomi", "Huawei", "Google", "Garmin", "Bose", "JBL", "Sennheiser", "Teufel", "IKEA",
  "Hülsta", "Nike", "Adidas", "Puma", "Zara", "Levi's", "Tommy Hilfiger", "Hugo Boss", "Jack Wolfskin",
  "The North Face", "Lego", "Playmobil", "Ravensburger", "Haba", "Schleich", "Märklin", "Gardena", "Kärcher", "Stihl",
  "Einhell", "Makita", "Metabo", "Weber", "Cube", "Canyon", "Specialized", "Trek", "Giant", "Puky", "Maxi-Cosi",
  "Cybex", "Stokke", "Thule", "Vorwerk", "Rowenta", "Tefal", "WMF", "Fissler", "Le Creuset", "Villeroy & Boch",
  "Rimowa", "Samsonite", "Fossil", "Casio", "Seiko", "Tchibo", "Ritter", "Festool", "Hilti", "Tamaris", "Birkenstock",
];

/** Product names that reveal their brand. */
const BRAND_HINTS: Array<[RegExp, string]> = [
  [/\b(iphone|ipad|macbook|imac|airpods|apple watch)\b/i, "Apple"],
  [/\b(galaxy)\b/i, "Samsung"],
  [/\b(playstation|ps[345])\b/i, "Sony"],
  [/\b(xbox|surface)\b/i, "Microsoft"],
  [/\b(switch|game ?boy)\b/i, "Nintendo"],
  [/\b(thermomix|kobold)\b/i, "Vorwerk"],
  [/\b(pixel)\b/i, "Google"],
];

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function detectBrand(text: string): string | null {
  for (const brand of BRANDS) {
    if (new RegExp(`(^|[^\\p{L}])${escapeRegExp(brand)}($|[^\\p{L}])`, "iu").test(text)) return brand;
  }
  return BRAND_HINTS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** The model: what remains of the item name once the brand is gone, if it carries a type number. */
export function detectModel(itemName: string, brand: string | null): string | null {
  const rest = brand ? itemName.replace(new RegExp(escapeRegExp(brand), "i"), "").trim() : itemName.trim();
  const cleaned = rest.replace(/^[-–,:\s]+|[-–,:\s]+$/g, "");
  return /\d/.test(cleaned) && cleaned.length <= 40 ? cleaned : null;
}

export function detectSerialNumber(text: string): string | null {
  const match = text.match(/(?:S\/N|\bSN\b|Seriennummer|Serien-?Nr\.?|Serial(?: number)?)\s*[:#.]?\s*([A-Z0-9][A-Z0-9-]{4,24})/i);
  return match ? match[1].toUpperCase() : null;
}

const DEFECT = /(kratzer|delle|riss|fleck|macke|gebrauchsspur|defekt|kaputt|fehlt|fehlen|beschädigt|abgenutzt|verfärb|loch|abgebrochen|wackel|bruch)/i;
const CONTENTS = /(inkl\.?|inklusive|samt|zubehör|ovp|originalverpackung|karton|rechnung|quittung|ladekabel|netzteil|kabel|fernbedienung|anleitung|bedienungsanleitung|garantiekarte|tasche|hülle|case)/i;
const HANDOVER = /(abholung|abzuholen|versand|verschick|selbstabhol|übergabe|besichtig|porto|dhl|hermes)/i;
const CONDITION_WORDS = /(zustand|neu|neuwertig|gebraucht|benutzt|getragen|funktioniert|voll funktionsfähig|top|einwandfrei)/i;

const ABBREVIATION = /(?:^|\s)(?:inkl|ca|z\.\s?b|bzw|ggf|evtl|usw|nr|gr|u\.\s?a|max|min|mind|st|stk|tel|np)\.$/i;

/** The seller's note split into clean fragments (one fact each); "inkl." and friends do not end one. */
export function fragments(text: string | null): string[] {
  if (!text) return [];
  const pieces: string[] = [];
  for (const line of text.split(/\n|\s+[-–•]\s+/)) {
    let current = "";
    for (const sentence of line.split(/(?<=[.!?;])\s+/)) {
      current = current ? `${current} ${sentence}` : sentence;
      if (!ABBREVIATION.test(current)) {
        pieces.push(current);
        current = "";
      }
    }
    if (current) pieces.push(current);
  }
  const seen = new Set<string>();
  return pieces
    .map((part) => part.replace(/^[\s•*-]+/, "").replace(/[\s.;!]+$/, "").trim())
    .filter((part) => part.length >= 3)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .filter((part) => {
      const key = part.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export type SortedFacts = { condition: string[]; defects: string[]; contents: string[]; handover: string[]; details: string[] };

export function sortFacts(parts: string[]): SortedFacts {
  const facts: SortedFacts = { condition: [], defects: [], contents: [], handover: [], details: [] };
  for (const part of parts) {
    if (DEFECT.test(part)) facts.defects.push(part);
    else if (HANDOVER.test(part)) facts.handover.push(part);
    else if (CONTENTS.test(part)) facts.contents.push(part);
    else if (CONDITION_WORDS.test(part)) facts.condition.push(part);
    else facts.details.push(part);
  }
  return facts;
}

/** A size such as "Größe M", "Gr. 38" or "120 x 60 cm", worth naming in a title. */
export function detectSize(text: string): string | null {
  const clothing = text.match(/\b(?:Größe|Gr\.?)\s*([0-9]{2,3}|X{0,3}S|M|X{0,3}L)\b/i);
  if (clothing) return `Gr. ${clothing[1].toUpperCase()}`;
  const dimensions = text.match(/\b(\d{2,3})\s*[x×]\s*(\d{2,3})(?:\s*[x×]\s*(\d{2,3}))?\s*cm\b/i);
  return dimensions ? dimensions[0].replace(/\s+/g, " ") : null;
}
