// The fake eBay's category tree for EBAY_DE (ADR 046): leaf categories with the words that lead
// to them, each category's item aspects (Taxonomy getItemAspectsForCategory) and its item
// condition policy (Metadata getItemConditionPolicies). Ids and names are shaped like eBay.de's
// tree, not copied from it; the rules are eBay's published ones:
// - suggestions: several leaf categories per query, best first
//   (https://developer.ebay.com/api-docs/commerce/taxonomy/resources/category_tree/methods/getCategorySuggestions);
// - aspects: aspectMode FREE_TEXT or SELECTION_ONLY, aspectRequired, itemToAspectCardinality,
//   aspectValues, aspectMaxLength for instance aspects
//   (https://developer.ebay.com/api-docs/commerce/taxonomy/types/txn:AspectConstraint);
// - conditions per category as condition ids
//   (https://developer.ebay.com/api-docs/sell/static/metadata/condition-id-values.html): most
//   categories know one used condition (3000 "Gebraucht"), clothing has its own pre-owned grades
//   (2990/3000/3010), books the graded ones (2750, 4000–6000); refurbished ones are RESTRICTED
//   (https://developer.ebay.com/api-docs/sell/metadata/types/sel:UsageEnum); trading cards list
//   their condition descriptors with each condition (ADR 073).

/**
 * @typedef {{ conditionDescriptorValueId: string, conditionDescriptorValueName: string }} ConditionDescriptorValue
 * @typedef {{ usage?: string, mode: string, cardinality: string, maxLength?: number,
 *   applicableToConditionDescriptorIds?: string[] }} ConditionDescriptorConstraint
 * @typedef {{ conditionDescriptorId: string, conditionDescriptorName: string,
 *   conditionDescriptorConstraint: ConditionDescriptorConstraint,
 *   conditionDescriptorValues?: ConditionDescriptorValue[] }} ConditionDescriptor
 * @typedef {[id: string, description: string, usage?: string, descriptors?: ConditionDescriptor[]]} Condition
 * @typedef {{ required: boolean, mode: "FREE_TEXT" | "SELECTION_ONLY", values: string[], multi?: boolean }} AspectSpec
 * @typedef {[name: string, spec: AspectSpec]} Aspect
 * @typedef {{ id: string, name: string, path: string[], words: string[], near?: string[],
 *   conditions: Condition[], aspects: Aspect[] }} Category
 */

/**
 * Condition id ↔ slr:ConditionEnum (condition-id-values.html).
 * @type {Record<string, string>}
 */
export const CONDITION_IDS = {
  NEW: "1000",
  NEW_OTHER: "1500",
  NEW_WITH_DEFECTS: "1750",
  CERTIFIED_REFURBISHED: "2000",
  EXCELLENT_REFURBISHED: "2010",
  VERY_GOOD_REFURBISHED: "2020",
  GOOD_REFURBISHED: "2030",
  SELLER_REFURBISHED: "2500",
  LIKE_NEW: "2750",
  PRE_OWNED_EXCELLENT: "2990",
  USED_EXCELLENT: "3000",
  PRE_OWNED_FAIR: "3010",
  USED_VERY_GOOD: "4000",
  USED_GOOD: "5000",
  USED_ACCEPTABLE: "6000",
  FOR_PARTS_OR_NOT_WORKING: "7000",
};

/** @type {Condition[]} */
const GENERAL = [
  ["1000", "Neu"],
  ["1500", "Neu: Sonstige (siehe Artikelbeschreibung)"],
  ["3000", "Gebraucht"],
  ["7000", "Als Ersatzteil / defekt"],
];
/** @type {Condition[]} */
const ELECTRONICS = [...GENERAL, ["2000", "Zertifiziert – Refurbished", "RESTRICTED"], ["2500", "Vom Verkäufer generalüberholt"]];
/** @type {Condition[]} */
const CLOTHING = [
  ["1000", "Neu mit Etikett"],
  ["1500", "Neu ohne Etikett"],
  ["1750", "Neu mit Fehlern"],
  ["2990", "Gebraucht – Hervorragend"],
  ["3000", "Gebraucht – Gut"],
  ["3010", "Gebraucht – Akzeptabel"],
];
/** @type {Condition[]} */
const BOOKS = [
  ["1000", "Neu"],
  ["2750", "Wie neu"],
  ["4000", "Sehr gut"],
  ["5000", "Gut"],
  ["6000", "Akzeptabel"],
];

// Trading cards (eBay's condition grading, getItemConditionPolicies' conditionDescriptors): a graded
// card (2750) needs its grader and grade, an ungraded one (4000) its card condition; the
// certification number is optional free text
// (https://developer.ebay.com/api-docs/sell/inventory/types/slr:ConditionDescriptor).
/** @type {(id: string, name: string) => ConditionDescriptorValue} */
const value = (conditionDescriptorValueId, conditionDescriptorValueName) => ({ conditionDescriptorValueId, conditionDescriptorValueName });
/** @type {ConditionDescriptor} */
const GRADER = {
  conditionDescriptorId: "27501",
  conditionDescriptorName: "Professioneller Gutachter",
  conditionDescriptorConstraint: {
    usage: "REQUIRED",
    mode: "SELECTION_ONLY",
    cardinality: "SINGLE",
    applicableToConditionDescriptorIds: ["27502"],
  },
  conditionDescriptorValues: [value("275010", "PSA"), value("275013", "BGS"), value("275015", "CGC"), value("275016", "SGC")],
};
/** @type {ConditionDescriptor} */
const GRADE = {
  conditionDescriptorId: "27502",
  conditionDescriptorName: "Note",
  conditionDescriptorConstraint: {
    usage: "REQUIRED",
    mode: "SELECTION_ONLY",
    cardinality: "SINGLE",
    applicableToConditionDescriptorIds: ["27501"],
  },
  conditionDescriptorValues: [
    value("275020", "10"),
    value("275021", "9.5"),
    value("275022", "9"),
    value("275023", "8.5"),
    value("275024", "8"),
  ],
};
/** @type {ConditionDescriptor} */
const CERTIFICATION = {
  conditionDescriptorId: "27503",
  conditionDescriptorName: "Zertifizierungsnummer",
  conditionDescriptorConstraint: { mode: "FREE_TEXT", cardinality: "SINGLE", maxLength: 30 },
};
/** @type {ConditionDescriptor} */
const CARD_CONDITION = {
  conditionDescriptorId: "40001",
  conditionDescriptorName: "Kartenzustand",
  conditionDescriptorConstraint: { usage: "REQUIRED", mode: "SELECTION_ONLY", cardinality: "SINGLE" },
  conditionDescriptorValues: [
    value("400010", "Near Mint oder besser"),
    value("400011", "Ausgezeichnet"),
    value("400012", "Sehr gut"),
    value("400013", "Schlecht"),
  ],
};
/** @type {Condition[]} */
const TRADING_CARDS = [
  ["2750", "Gradiert", undefined, [GRADER, GRADE, CERTIFICATION]],
  ["4000", "Nicht gradiert", undefined, [CARD_CONDITION]],
];

const COLOURS = ["Beige", "Blau", "Braun", "Gelb", "Grau", "Grün", "Mehrfarbig", "Orange", "Rosa", "Rot", "Schwarz", "Silber", "Weiß"];
const SIZES = ["XS", "S", "M", "L", "XL", "XXL", "3XL"];

/**
 * An aspect: [name, { required, mode, values, multi }]. FREE_TEXT values are eBay's suggestions;
 * SELECTION_ONLY values are the only ones eBay takes.
 * @type {(name: string, required?: boolean, values?: string[]) => Aspect}
 */
const free = (name, required = false, values = []) => [name, { required, mode: "FREE_TEXT", values }];
/** @type {(name: string, required: boolean, values: string[], multi?: boolean) => Aspect} */
const select = (name, required, values, multi = false) => [name, { required, mode: "SELECTION_ONLY", values, multi }];

/**
 * words: a title word that is one of them, or a compound ending in one (its head: "Kinderfahrrad"
 * is a Fahrrad), leads here; a compound starting with one ("Fahrradhelm") counts less. near: words
 * (or compounds ending in them) that make the category a weaker suggestion.
 * @type {Category[]}
 */
export const CATEGORIES = [
  {
    id: "9355",
    name: "Handys & Smartphones",
    path: ["Handys & Kommunikation"],
    words: ["handy", "smartphone", "iphone", "galaxy", "pixel", "xiaomi"],
    conditions: ELECTRONICS,
    aspects: [
      free("Marke", true, ["Apple", "Google", "Huawei", "Samsung", "Xiaomi"]),
      free("Modell", true),
      select("Speicherkapazität", false, ["16 GB", "32 GB", "64 GB", "128 GB", "256 GB", "512 GB", "1 TB"]),
      select("Farbe", false, COLOURS),
    ],
  },
  {
    id: "20349",
    name: "Handyhüllen & -taschen",
    path: ["Handys & Kommunikation", "Zubehör"],
    words: ["hülle", "case", "cover", "handyhülle"],
    near: ["iphone", "smartphone", "handy", "galaxy"],
    conditions: GENERAL,
    aspects: [free("Marke", true), free("Kompatible Marke", false)],
  },
  {
    id: "177",
    name: "PC-Notebooks & Netbooks",
    path: ["Computer, Tablets & Netzwerk", "Laptops & Netbooks"],
    words: ["laptop", "notebook", "macbook", "thinkpad"],
    conditions: ELECTRONICS,
    aspects: [free("Marke", true), free("Modell", false), free("Prozessor", false)],
  },
  {
    id: "80053",
    name: "Monitore",
    path: ["Computer, Tablets & Netzwerk"],
    words: ["monitor", "bildschirm"],
    conditions: ELECTRONICS,
    aspects: [free("Marke", true), select("Bildschirmgröße", false, ['22"', '24"', '27"', '32"', '34"'])],
  },
  {
    id: "16204",
    name: "Druckerpatronen & Toner",
    path: ["Computer, Tablets & Netzwerk", "Drucker, Scanner & Zubehör"],
    words: ["patrone", "patronen", "toner", "druckerpatrone", "druckerpatronen", "tinte"],
    conditions: GENERAL,
    aspects: [free("Marke", true)],
  },
  {
    id: "139971",
    name: "Videospielkonsolen",
    path: ["PC- & Videospiele"],
    words: ["konsole", "switch", "playstation", "ps4", "ps5", "xbox", "spielkonsole"],
    conditions: ELECTRONICS,
    aspects: [
      free("Marke", true, ["Microsoft", "Nintendo", "Sony"]),
      select("Plattform", true, ["Microsoft Xbox Series X", "Nintendo Switch", "Sony PlayStation 4", "Sony PlayStation 5"]),
    ],
  },
  {
    id: "20667",
    name: "Kaffeevollautomaten",
    path: ["Haushaltsgeräte", "Kaffee- & Espressomaschinen"],
    words: ["kaffeevollautomat", "vollautomat", "kaffeevollautomaten"],
    near: ["kaffee", "espressomaschine"],
    conditions: ELECTRONICS,
    aspects: [
      free("Marke", true, ["De'Longhi", "Jura", "Krups", "Melitta", "Philips", "Saeco", "Siemens"]),
      free("Modell", false),
      select("Farbe", false, COLOURS),
    ],
  },
  {
    id: "38252",
    name: "Espressomaschinen & Siebträger",
    path: ["Haushaltsgeräte", "Kaffee- & Espressomaschinen"],
    words: ["espressomaschine", "siebträger", "siebträgermaschine", "espresso"],
    near: ["kaffee", "kaffeevollautomat"],
    conditions: ELECTRONICS,
    aspects: [free("Marke", true), free("Modell", false)],
  },
  {
    id: "32877",
    name: "Filterkaffeemaschinen",
    path: ["Haushaltsgeräte", "Kaffee- & Espressomaschinen"],
    words: ["kaffeemaschine", "filterkaffeemaschine"],
    near: ["kaffee", "kaffeevollautomat"],
    conditions: ELECTRONICS,
    aspects: [free("Marke", true)],
  },
  {
    id: "177831",
    name: "Fahrräder",
    path: ["Sport", "Radsport"],
    words: ["fahrrad", "bike", "mtb", "mountainbike", "rennrad", "trekkingrad", "hollandrad", "kinderrad", "citybike", "pedelec"],
    conditions: GENERAL,
    aspects: [
      free("Marke", true, ["Cube", "Giant", "Kalkhoff", "KTM", "Puky", "Trek"]),
      free("Rahmenhöhe", true),
      select("Radgröße", false, ['12"', '16"', '20"', '24"', '26"', '27,5"', '28"', '29"']),
      select("Typ", false, ["Citybike", "E-Bike", "Kinderfahrrad", "Mountainbike", "Rennrad", "Trekkingrad"]),
    ],
  },
  {
    id: "177832",
    name: "Fahrradteile",
    path: ["Sport", "Radsport"],
    words: ["sattel", "pedal", "pedale", "lenker", "schaltung", "fahrradreifen", "schlauch", "kette"],
    near: ["fahrrad", "bike"],
    conditions: GENERAL,
    aspects: [free("Marke", false)],
  },
  {
    id: "177833",
    name: "Fahrradzubehör",
    path: ["Sport", "Radsport"],
    words: ["helm", "fahrradschloss", "fahrradanhänger", "fahrradtasche", "gepäckträger"],
    near: ["fahrrad", "bike"],
    conditions: GENERAL,
    aspects: [free("Marke", false)],
  },
  {
    id: "66700",
    name: "Kinderwagen",
    path: ["Baby", "Kinderwagen & Buggys"],
    words: ["kinderwagen", "buggy", "zwillingswagen", "kombikinderwagen", "sportwagen"],
    conditions: GENERAL,
    aspects: [
      free("Marke", true, ["ABC Design", "Bugaboo", "Cybex", "Hartan", "Joolz", "Teutonia"]),
      select("Produktart", true, ["Buggy", "Kombikinderwagen", "Reisesystem", "Sportwagen", "Zwillingskinderwagen"]),
      select("Farbe", false, COLOURS),
    ],
  },
  {
    id: "100223",
    name: "Kinderwagenzubehör",
    path: ["Baby", "Kinderwagen & Buggys"],
    words: ["fußsack", "regenverdeck", "sonnensegel", "wickeltasche"],
    near: ["kinderwagen", "buggy"],
    conditions: GENERAL,
    aspects: [free("Marke", false)],
  },
  {
    id: "66692",
    name: "Autokindersitze & Babyschalen",
    path: ["Baby", "Autositze"],
    words: ["babyschale", "kindersitz", "autositz", "autokindersitz", "maxicosi"],
    near: ["kinderwagen"],
    conditions: GENERAL,
    aspects: [free("Marke", true), select("Gewichtsklasse", false, ["Gruppe 0+", "Gruppe 1", "Gruppe 2/3"])],
  },
  {
    id: "38208",
    name: "Sofas & Couches",
    path: ["Möbel & Wohnen", "Sofas, Sessel & Stühle"],
    words: ["sofa", "couch", "wohnlandschaft", "bigsofa", "schlafsofa", "ecksofa"],
    conditions: GENERAL,
    aspects: [
      free("Marke", false),
      select("Material", true, ["Cord", "Kunstleder", "Leder", "Mikrofaser", "Samt", "Stoff"]),
      select("Farbe", false, COLOURS),
      select("Anzahl der Sitzplätze", false, ["2", "3", "4", "5 oder mehr"]),
    ],
  },
  {
    id: "38209",
    name: "Sessel",
    path: ["Möbel & Wohnen", "Sofas, Sessel & Stühle"],
    words: ["sessel", "ohrensessel", "relaxsessel"],
    near: ["sofa", "couch"],
    conditions: GENERAL,
    aspects: [free("Marke", false), select("Material", false, ["Kunstleder", "Leder", "Samt", "Stoff"])],
  },
  {
    id: "20487",
    name: "Bürostühle",
    path: ["Möbel & Wohnen", "Sofas, Sessel & Stühle"],
    words: ["bürostuhl", "drehstuhl", "schreibtischstuhl", "chefsessel"],
    conditions: GENERAL,
    aspects: [free("Marke", false)],
  },
  {
    id: "112581",
    name: "Lampen & Leuchten",
    path: ["Möbel & Wohnen", "Beleuchtung"],
    words: ["lampe", "leuchte", "stehlampe", "tischlampe", "deckenlampe"],
    conditions: GENERAL,
    aspects: [free("Marke", false)],
  },
  {
    id: "57988",
    name: "Herrenjacken & -mäntel",
    path: ["Kleidung & Accessoires", "Herrenmode"],
    words: ["jacke", "mantel", "parka", "anorak", "blouson"],
    near: ["herren", "männer"],
    conditions: CLOTHING,
    aspects: [
      free("Marke", true, ["Adidas", "Jack Wolfskin", "Nike", "The North Face", "Tommy Hilfiger"]),
      select("Größe", true, SIZES),
      select("Abteilung", true, ["Herren"]),
      select("Farbe", false, COLOURS),
    ],
  },
  {
    id: "63862",
    name: "Damenjacken & -mäntel",
    path: ["Kleidung & Accessoires", "Damenmode"],
    words: ["jacke", "mantel", "parka", "anorak", "blouson"],
    near: ["damen", "frauen"],
    conditions: CLOTHING,
    aspects: [
      free("Marke", true, ["Esprit", "Jack Wolfskin", "Mango", "The North Face", "Zara"]),
      select("Größe", true, SIZES),
      select("Abteilung", true, ["Damen"]),
      select("Farbe", false, COLOURS),
    ],
  },
  {
    id: "171146",
    name: "Jacken & Mäntel für Kinder",
    path: ["Kleidung & Accessoires", "Kindermode"],
    words: ["kinderjacke", "matschjacke"],
    near: ["kinder", "jungen", "mädchen", "jacke"],
    conditions: CLOTHING,
    aspects: [
      free("Marke", true),
      select("Größe", true, ["92", "98", "104", "110", "116", "122", "128", "134", "140", "146", "152"]),
      select("Abteilung", true, ["Jungen", "Mädchen", "Unisex-Kinder"]),
    ],
  },
  {
    id: "122827",
    name: "Bohrmaschinen & Akkuschrauber",
    path: ["Heimwerker", "Elektrowerkzeuge"],
    words: ["bohrmaschine", "akkuschrauber", "bohrschrauber", "schlagbohrmaschine", "bohrhammer"],
    near: ["werkzeug"],
    conditions: GENERAL,
    aspects: [free("Marke", true, ["Bosch", "DeWalt", "Makita", "Metabo"]), select("Stromquelle", true, ["Akku", "Netzbetrieb"])],
  },
  {
    id: "42285",
    name: "Werkzeugsets & -koffer",
    path: ["Heimwerker", "Handwerkzeuge"],
    words: ["werkzeug", "werkzeugkoffer", "werkzeugset", "werkzeugkasten", "werkzeugsatz"],
    conditions: GENERAL,
    aspects: [free("Marke", false)],
  },
  {
    id: "3244",
    name: "Handwerkzeuge",
    path: ["Heimwerker", "Handwerkzeuge"],
    words: ["hammer", "zange", "schraubendreher", "säge", "schraubenschlüssel"],
    near: ["werkzeug"],
    conditions: GENERAL,
    aspects: [free("Marke", false)],
  },
  {
    id: "19006",
    name: "LEGO Komplettsets & Pakete",
    path: ["Spielzeug", "LEGO"],
    words: ["lego", "duplo"],
    conditions: GENERAL,
    aspects: [select("Marke", true, ["LEGO"]), free("Thema", false, ["City", "Friends", "Ninjago", "Star Wars", "Technic"])],
  },
  {
    id: "238",
    name: "Puppen & Zubehör",
    path: ["Spielzeug"],
    words: ["puppe", "barbie", "puppenhaus", "puppenwagen"],
    conditions: GENERAL,
    aspects: [free("Marke", false)],
  },
  {
    id: "2550",
    name: "Gesellschaftsspiele",
    path: ["Spielzeug", "Spiele"],
    words: ["brettspiel", "gesellschaftsspiel", "kartenspiel", "puzzle"],
    near: ["spielzeug"],
    conditions: GENERAL,
    aspects: [free("Marke", false)],
  },
  {
    id: "19192",
    name: "Sonstiges Spielzeug",
    path: ["Spielzeug"],
    words: ["spielzeug", "spielsachen", "holzspielzeug", "kinderspielzeug", "spielküche", "holzeisenbahn"],
    conditions: GENERAL,
    aspects: [free("Marke", false)],
  },
  {
    id: "261186",
    name: "Bücher",
    path: ["Bücher & Zeitschriften"],
    words: ["buch", "bücher", "roman", "taschenbuch", "sachbuch", "kinderbuch"],
    conditions: BOOKS,
    aspects: [
      free("Autor", false),
      select("Sprache", true, ["Deutsch", "Englisch", "Französisch", "Italienisch", "Spanisch"]),
      select("Format", false, ["Gebundene Ausgabe", "Taschenbuch"]),
    ],
  },
  {
    id: "179680",
    name: "Reifen",
    path: ["Auto & Motorrad: Teile", "Reifen & Felgen"],
    words: ["reifen", "winterreifen", "sommerreifen", "allwetterreifen", "kompletträder"],
    conditions: GENERAL,
    aspects: [free("Marke", true), free("Reifengröße", false)],
  },
  {
    id: "183454",
    name: "Sammelkartenspiele: Einzelkarten",
    path: ["Spielzeug", "Sammelkartenspiele"],
    words: ["sammelkarte", "sammelkarten", "pokemonkarte", "pokémonkarte", "glurak", "yugioh", "tcg"],
    conditions: TRADING_CARDS,
    aspects: [free("Spiel", true, ["Magic: The Gathering", "Pokémon TCG", "Yu-Gi-Oh! TCG"])],
  },
  {
    id: "173634",
    name: "Konzertkarten",
    path: ["Tickets & Eintrittskarten"],
    words: ["konzertkarte", "konzertkarten", "eintrittskarte", "eintrittskarten", "ticket", "tickets"],
    conditions: [["1000", "Neu"]],
    aspects: [free("Veranstaltung", false)],
  },
  { id: "88433", name: "Sonstige", path: ["Sonstiges"], words: [], conditions: GENERAL, aspects: [free("Marke", false)] },
];

const FALLBACK = /** @type {Category} */ (CATEGORIES.at(-1));

/**
 * How well one title word fits a keyword: 3 the word itself, 2 a compound ending in it, 1 one starting with it.
 * @param {string} word
 * @param {string} keyword
 */
function fit(word, keyword) {
  if (word === keyword) return 3;
  if (word.length > keyword.length + 2 && word.endsWith(keyword)) return 2;
  if (word.length > keyword.length + 2 && word.startsWith(keyword)) return 1;
  return 0;
}

/**
 * Leaf categories for a query, best first (at most 8); the fallback when nothing fits.
 * @param {string} query
 * @returns {Category[]}
 */
export function suggestionsFor(query) {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const scored = CATEGORIES.map((category, index) => {
    let score = 0;
    for (const word of words) {
      score += Math.max(0, ...category.words.map((keyword) => fit(word, keyword)));
      score += Math.max(0, ...(category.near ?? []).map((keyword) => (fit(word, keyword) >= 2 ? 1 : 0)));
    }
    // A "near" word alone never makes a suggestion: the category needs one of its own words too,
    // unless nothing else fits.
    const own = words.some((word) => category.words.some((keyword) => fit(word, keyword) > 0));
    return { category, score, own, index };
  }).filter((entry) => entry.score > 0);
  const strong = scored.filter((entry) => entry.own);
  const found = (strong.length > 0 ? scored : []).sort((a, b) => b.score - a.score || a.index - b.index).slice(0, 8);
  return found.length > 0 ? found.map((entry) => entry.category) : [FALLBACK];
}

/**
 * The whole tree as getCategoryTree answers it (txn:CategoryTree): the root, the groups named by the
 * leaves' paths, the leaves; group ids are made up, stable per path.
 * https://developer.ebay.com/api-docs/commerce/taxonomy/resources/category_tree/methods/getCategoryTree
 * @param {string} treeId
 * @param {string} version
 */
export function categoryTreeJson(treeId, version) {
  /**
   * @typedef {{ category: { categoryId: string, categoryName: string }, categoryTreeNodeLevel: number,
   *   childCategoryTreeNodes?: TreeNode[], leafCategoryTreeNode?: boolean }} TreeNode
   * @type {(categoryId: string, categoryName: string, level: number) => TreeNode & { childCategoryTreeNodes: TreeNode[] }}
   */
  const node = (categoryId, categoryName, level) => ({
    category: { categoryId, categoryName },
    categoryTreeNodeLevel: level,
    childCategoryTreeNodes: [],
  });
  const root = { ...node("0", "Root", 0) };
  const groups = new Map([["", root]]);
  for (const category of CATEGORIES) {
    let parent = root;
    category.path.forEach((name, index) => {
      const key = category.path.slice(0, index + 1).join(" › ");
      if (!groups.has(key)) {
        const group = node(`9${String(groups.size).padStart(5, "0")}`, name, index + 1);
        parent.childCategoryTreeNodes.push(group);
        groups.set(key, group);
      }
      parent = /** @type {TreeNode & { childCategoryTreeNodes: TreeNode[] }} */ (groups.get(key));
    });
    parent.childCategoryTreeNodes.push({
      category: { categoryId: category.id, categoryName: category.name },
      categoryTreeNodeLevel: category.path.length + 1,
      leafCategoryTreeNode: true,
    });
  }
  return { applicableMarketplaceIds: ["EBAY_DE"], categoryTreeId: treeId, categoryTreeVersion: version, rootCategoryNode: root };
}

/**
 * What eBay's sandbox answers getCategorySuggestions with: "random or boilerplate text regardless of
 * the query submitted" (the method's documentation, contracts/ebay/commerce_taxonomy_v1_oas3.json).
 */
export function sandboxSuggestions() {
  return CATEGORIES.slice(0, 3).map((category, index) => ({ ...category, name: `Lorem ipsum ${index + 1}`, path: ["Dolor sit amet"] }));
}

/**
 * @param {string} id
 * @returns {Category | null}
 */
export function categoryById(id) {
  return CATEGORIES.find((category) => category.id === id) ?? null;
}

/**
 * The category's aspects as getItemAspectsForCategory answers them.
 * @param {Category} category
 */
export function aspectsJson(category) {
  return category.aspects.map(([name, spec]) => ({
    localizedAspectName: name,
    aspectConstraint: {
      aspectDataType: "STRING",
      aspectMode: spec.mode,
      aspectRequired: spec.required,
      // eBay: required aspects say RECOMMENDED here, yet they are required.
      aspectUsage: "RECOMMENDED",
      itemToAspectCardinality: spec.multi ? "MULTI" : "SINGLE",
      ...(spec.mode === "FREE_TEXT" ? { aspectMaxLength: 50 } : {}),
    },
    ...(spec.values.length > 0 ? { aspectValues: spec.values.map((value) => ({ localizedValue: value })) } : {}),
  }));
}

/**
 * The category's item condition policy as getItemConditionPolicies answers it.
 * @param {Category} category
 */
export function conditionPolicyJson(category) {
  return {
    categoryId: category.id,
    categoryTreeId: "77",
    itemConditionRequired: true,
    itemConditions: category.conditions.map(([conditionId, conditionDescription, usage, descriptors]) => ({
      conditionId,
      conditionDescription,
      ...(usage ? { usage } : {}),
      ...(descriptors ? { conditionDescriptors: descriptors } : {}),
    })),
  };
}
