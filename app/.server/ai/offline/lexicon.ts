// Word lists of the offline writer: brands and product names as their makers write them, the
// grammatical gender of common item nouns, colours, and typical used prices for a rough estimate.

/** Brands and product lines, spelled as the manufacturer writes them. */
export const BRANDS = [
  "Apple", "Samsung", "Sony", "LG", "Philips", "Bosch", "Siemens", "Miele", "AEG", "Braun", "De'Longhi",
  "Jura", "Krups", "Nespresso", "Dyson", "Canon", "Nikon", "Fujifilm", "Panasonic", "Nintendo", "Microsoft", "Lenovo",
  "HP", "Dell", "ASUS", "Acer", "Xiaomi", "Huawei", "Google", "Garmin", "Bose", "JBL", "Sennheiser", "Teufel", "IKEA",
  "Hülsta", "Nike", "adidas", "Puma", "Zara", "Levi's", "Tommy Hilfiger", "Hugo Boss", "Jack Wolfskin",
  "The North Face", "LEGO", "Playmobil", "Ravensburger", "HABA", "Schleich", "Märklin", "Gardena", "Kärcher", "STIHL",
  "Einhell", "Makita", "Metabo", "Weber", "Cube", "Canyon", "Specialized", "Trek", "Giant", "PUKY", "Maxi-Cosi",
  "Cybex", "Stokke", "Thule", "Vorwerk", "Rowenta", "Tefal", "WMF", "Fissler", "Le Creuset", "Villeroy & Boch",
  "Rimowa", "Samsonite", "Fossil", "Casio", "Seiko", "Tchibo", "Festool", "Hilti", "Tamaris", "Birkenstock", "Britax Römer",
  "Joolz", "Bugaboo", "Vitra", "USM", "Ortlieb", "Deuter", "Vaude", "Garmin",
] as const;

/** Product names that reveal their brand, with their own spelling. */
export const PRODUCTS: Array<{ pattern: RegExp; brand: string; spelling: string }> = [
  { pattern: /\bde'?\s?longhi\b/gi, brand: "De'Longhi", spelling: "De'Longhi" },
  { pattern: /\biphone\b/gi, brand: "Apple", spelling: "iPhone" },
  { pattern: /\bipad\b/gi, brand: "Apple", spelling: "iPad" },
  { pattern: /\bmacbook\b/gi, brand: "Apple", spelling: "MacBook" },
  { pattern: /\bimac\b/gi, brand: "Apple", spelling: "iMac" },
  { pattern: /\bairpods\b/gi, brand: "Apple", spelling: "AirPods" },
  { pattern: /\bapple watch\b/gi, brand: "Apple", spelling: "Apple Watch" },
  { pattern: /\bgalaxy\b/gi, brand: "Samsung", spelling: "Galaxy" },
  { pattern: /\bplaystation\b/gi, brand: "Sony", spelling: "PlayStation" },
  { pattern: /\bps([345])\b/gi, brand: "Sony", spelling: "PS$1" },
  { pattern: /\bxbox\b/gi, brand: "Microsoft", spelling: "Xbox" },
  { pattern: /\bnintendo switch\b/gi, brand: "Nintendo", spelling: "Nintendo Switch" },
  { pattern: /\bthermomix\b/gi, brand: "Vorwerk", spelling: "Thermomix" },
  { pattern: /\bpixel\b/gi, brand: "Google", spelling: "Pixel" },
  { pattern: /\btripp trapp\b/gi, brand: "Stokke", spelling: "Tripp Trapp" },
  { pattern: /\bi-size\b/gi, brand: "", spelling: "i-Size" },
];

/** Grammatical gender of the head noun (German compounds take the gender of their last part). */
export type Gender = "m" | "f" | "n" | "pl";
export const NOUN_GENDERS: Array<[string, Gender]> = [
  ["iphone", "n"], ["handy", "n"], ["smartphone", "n"], ["tablet", "n"], ["ipad", "n"], ["macbook", "n"], ["notebook", "n"],
  ["fahrrad", "n"], ["rad", "n"], ["bike", "n"], ["sofa", "n"], ["bett", "n"], ["regal", "n"], ["kleid", "n"], ["spiel", "n"],
  ["set", "n"], ["buch", "n"], ["hemd", "n"], ["shirt", "n"], ["zelt", "n"], ["board", "n"], ["headset", "n"], ["auto", "n"],
  ["kindersitz", "m"], ["autositz", "m"], ["sitz", "m"], ["kinderwagen", "m"], ["wagen", "m"], ["buggy", "m"], ["tisch", "m"],
  ["stuhl", "m"], ["schrank", "m"], ["sessel", "m"], ["kaffeevollautomat", "m"], ["automat", "m"], ["akkuschrauber", "m"],
  ["schrauber", "m"], ["laptop", "m"], ["fernseher", "m"], ["monitor", "m"], ["rucksack", "m"], ["mantel", "m"], ["pullover", "m"],
  ["controller", "m"], ["drucker", "m"], ["staubsauger", "m"], ["sauger", "m"], ["rasenmäher", "m"], ["grill", "m"], ["koffer", "m"],
  ["hochstuhl", "m"], ["helm", "m"], ["lautsprecher", "m"], ["kopfhörer", "m"], ["thermomix", "m"], ["teppich", "m"], ["spiegel", "m"],
  ["bohrmaschine", "f"], ["maschine", "f"], ["jacke", "f"], ["hose", "f"], ["jeans", "f"], ["kamera", "f"], ["konsole", "f"],
  ["playstation", "f"], ["switch", "f"], ["xbox", "f"], ["lampe", "f"], ["leuchte", "f"], ["uhr", "f"], ["watch", "f"], ["tasche", "f"],
  ["kommode", "f"], ["couch", "f"], ["babyschale", "f"], ["schale", "f"], ["matratze", "f"], ["vitrine", "f"], ["säge", "f"],
  ["puppe", "f"], ["eisenbahn", "f"], ["bluse", "f"], ["mütze", "f"], ["box", "f"], ["gitarre", "f"],
  ["schuhe", "pl"], ["sneaker", "pl"], ["stiefel", "pl"], ["stühle", "pl"], ["airpods", "pl"], ["ski", "pl"], ["inliner", "pl"],
];

export const COLOURS = [
  "schwarz", "weiß", "weiss", "grau", "anthrazit", "silber", "gold", "roségold", "blau", "dunkelblau", "hellblau", "navy", "rot",
  "grün", "olivgrün", "gelb", "orange", "rosa", "pink", "lila", "violett", "braun", "beige", "creme", "natur", "eiche", "buche",
];

/** Typical asking price in euros of a used item in "Gut" condition, by item type: the rough estimate. */
export const TYPICAL_USED_PRICE_EUR: Array<[RegExp, number]> = [
  [/iphone/i, 250], [/ipad/i, 200], [/macbook/i, 550], [/airpods/i, 70], [/apple watch/i, 120],
  [/galaxy|smartphone|handy/i, 150], [/ps5|playstation 5/i, 320], [/playstation|ps4/i, 150], [/xbox/i, 180],
  [/switch/i, 160], [/laptop|notebook/i, 250], [/fernseher|\btv\b/i, 200], [/kamera|objektiv/i, 200],
  [/kaffeevollautomat/i, 150], [/thermomix/i, 700], [/staubsauger|saugroboter/i, 110], [/kopfhörer|headset/i, 60],
  [/akkuschrauber|bohrschrauber/i, 45], [/bohrmaschine|bohrhammer|schlagbohr/i, 50], [/säge|schleifer|fräse/i, 45],
  [/rasenmäher|mähroboter/i, 120], [/hochdruckreiniger/i, 70], [/grill/i, 120],
  [/e-bike|pedelec/i, 1200], [/mountainbike|\bmtb\b|rennrad|gravel/i, 600], [/kinderfahrrad|laufrad/i, 60], [/fahrrad|bike|\brad\b/i, 200],
  [/kindersitz|autositz|reboarder|babyschale/i, 120], [/kinderwagen|buggy/i, 180], [/hochstuhl|tripp trapp/i, 90],
  [/sofa|couch/i, 200], [/sessel/i, 80], [/schrank/i, 120], [/kommode/i, 70], [/tisch/i, 70], [/stuhl|stühle/i, 25],
  [/bett|matratze/i, 120], [/regal/i, 40], [/lampe|leuchte/i, 25],
  [/jacke|mantel/i, 40], [/kleid/i, 20], [/schuhe|sneaker|stiefel/i, 30], [/hose|jeans/i, 15], [/pullover|shirt|hemd|bluse/i, 12],
  [/lego/i, 40], [/playmobil/i, 25], [/brettspiel|puzzle/i, 12], [/puppe|spielzeug/i, 15],
];

/** Brands whose used goods sell clearly above the type's typical price. */
export const PREMIUM_BRANDS = new Set(["Cybex", "Stokke", "Miele", "Festool", "Hilti", "Specialized", "Canyon", "Le Creuset", "Rimowa", "Thule", "Dyson", "Bose", "Sennheiser", "Vitra", "USM", "Bugaboo", "Joolz", "Britax Römer"]);
