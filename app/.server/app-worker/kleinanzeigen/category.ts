// The Kleinanzeigen category an ad is suggested under (ADR 048): the item's own words first (a
// "Kinderwagen" is listed under "Kinderwagen & Buggys", not under the app's "Familie, Kind & Baby"
// catch-all), else the app category's default. The dealer sees the suggestion in the review step
// and may choose any other category of the tree (contract.ts).
import type { Category } from "../../../lib/categories";
import { CATEGORY_DEFAULTS, categoryPath, type CategoryGroup, type CategoryName } from "../../kleinanzeigen/contract";

/** Words of an item → where Kleinanzeigen's buyers look for it; the first match wins, so the narrower come first. */
const RULES: ReadonlyArray<[RegExp, CategoryGroup, CategoryName]> = [
  [/kinderwagen|buggy|sportwagen für kinder|jogger/i, "Familie, Kind & Baby", "Kinderwagen & Buggys"],
  [/babyschale|kindersitz|maxi[- ]?cosi|isofix/i, "Familie, Kind & Baby", "Babyschalen & Kindersitze"],
  [/hochstuhl|babybett|beistellbett|wickel|babyphone|laufstall|babytrage|tragetuch/i, "Familie, Kind & Baby", "Baby-Ausstattung"],
  [/kinderzimmer|kinderbett|hochbett/i, "Familie, Kind & Baby", "Kinderzimmermöbel"],
  [
    /(kinder|baby)\S*\s?(jacke|hose|kleid|body|shirt|pullover|schneeanzug|kleidung)|strampler/i,
    "Familie, Kind & Baby",
    "Baby- & Kinderkleidung",
  ],
  [/lego|playmobil|duplo|puppe|spielzeug|spielküche|bobby[- ]?car|brettspiel|puzzle/i, "Familie, Kind & Baby", "Spielzeug"],
  [/playstation|\bps[345]\b|xbox|nintendo|switch|gameboy/i, "Elektronik", "Konsolen"],
  [/iphone|smartphone|handy|galaxy [as]\d|pixel \d/i, "Elektronik", "Handy & Telefon"],
  [/notebook|laptop|macbook|thinkpad|chromebook/i, "Elektronik", "Notebooks"],
  [/ipad|tablet|kindle|e-?reader|tolino/i, "Elektronik", "Tablets & Reader"],
  [/fernseher|\btv\b|beamer|fire ?stick|receiver/i, "Elektronik", "TV & Video"],
  [/kamera|objektiv|spiegelreflex|systemkamera|gopro/i, "Elektronik", "Foto"],
  [/kopfhörer|lautsprecher|verstärker|plattenspieler|soundbar|hifi|airpods/i, "Elektronik", "Audio & Hifi"],
  [
    /kaffeevollautomat|kaffeemaschine|waschmaschine|trockner|kühlschrank|gefrier|geschirrspül|spülmaschine|staubsauger|mikrowelle|thermomix|küchenmaschine|backofen|herd\b/i,
    "Elektronik",
    "Haushaltsgeräte",
  ],
  [/monitor|tastatur|\bmaus\b|drucker|grafikkarte|festplatte|router/i, "Elektronik", "PC-Zubehör & Software"],
  [/\bpc\b|computer|gaming[- ]?rechner/i, "Elektronik", "PCs"],
  [/fahrrad|e-?bike|mountainbike|rennrad|trekkingrad|pedelec|\bmtb\b/i, "Auto, Rad & Boot", "Fahrräder & Zubehör"],
  [/reifen|felge|kompletträder|dachbox|autoradio/i, "Auto, Rad & Boot", "Autoteile & Reifen"],
  [/motorrad/i, "Auto, Rad & Boot", "Motorradteile & Zubehör"],
  [/schreibtisch|bürostuhl|aktenschrank/i, "Haus & Garten", "Büro"],
  [/sofa|couch|sessel|couchtisch|tv-?board|wohnwand|regal|sideboard/i, "Haus & Garten", "Wohnzimmer"],
  [/\bbett\b|matratze|kleiderschrank|kommode|nachttisch/i, "Haus & Garten", "Schlafzimmer"],
  [/esstisch|stühle|\bstuhl\b|küchenschrank|geschirr|besteck|topf|pfanne/i, "Haus & Garten", "Küche & Esszimmer"],
  [/lampe|leuchte|leuchter|deckenlicht/i, "Haus & Garten", "Lampen & Licht"],
  [/bohrmaschine|akkuschrauber|werkzeug|\bsäge\b|schleifer|leiter/i, "Haus & Garten", "Heimwerken"],
  [/rasenmäher|gartenmöbel|pflanze|\bgrill\b|hochbeet|gartenschlauch|vertikutierer/i, "Haus & Garten", "Gartenzubehör & Pflanzen"],
  [/armbanduhr|smartwatch|\buhr\b|schmuck|kette|armband|ohrring/i, "Mode & Beauty", "Uhren & Schmuck"],
  [/handtasche|rucksack|\btasche\b|geldbörse|portemonnaie/i, "Mode & Beauty", "Taschen & Accessoires"],
  [/herren.*(schuh|sneaker|stiefel)/i, "Mode & Beauty", "Herrenschuhe"],
  [/schuh|sneaker|stiefel|pumps|sandale/i, "Mode & Beauty", "Damenschuhe"],
  [/herren/i, "Mode & Beauty", "Herrenbekleidung"],
  [
    /zelt|schlafsack|\bski\b|snowboard|hantel|laufband|crosstrainer|fitness|yoga|surfbrett|sup\b/i,
    "Freizeit, Hobby & Nachbarschaft",
    "Sport & Camping",
  ],
  [/gitarre|klavier|e-?piano|geige|schlagzeug|trompete/i, "Musik, Filme & Bücher", "Musikinstrumente"],
  [/\bbuch\b|bücher|roman|zeitschrift/i, "Musik, Filme & Bücher", "Bücher & Zeitschriften"],
];

/** The suggested Kleinanzeigen category path for an ad, from its item name and title. */
export function suggestCategoryPath(ad: { category: Category; itemName: string; optimizedTitle: string | null }): string {
  const words = `${ad.itemName} ${ad.optimizedTitle ?? ""}`;
  const [defaultGroup, defaultName] = CATEGORY_DEFAULTS[ad.category];
  const match = RULES.find(([pattern]) => pattern.test(words));
  return match ? categoryPath(match[1], match[2]) : categoryPath(defaultGroup, defaultName);
}
