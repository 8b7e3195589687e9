// The deterministic checks of `npm run eval`: each takes a finished ad (as GET /api/ads answers
// it) and the eval item it was made from (bench/eval/items.mjs) and answers
// { status: "pass" | "fail" | "n/a", detail }. No model judges a model: every rule is a pattern
// that a reader can check by hand. Proven on good and bad ads in tests/unit/eval-checks.test.ts.

/**
 * The marketplace limits of app/lib/platforms.ts (PLATFORMS), mirrored because this module runs
 * in plain Node; tests/unit/eval-checks.test.ts fails when the two differ.
 */
export const PLATFORM_LIMITS = {
  kleinanzeigen: { titleMax: 65, descriptionMax: 4000, allowLinks: false, allowAt: false },
  ebay: { titleMax: 80, descriptionMax: 4000, allowLinks: false, allowAt: true },
  vinted: { titleMax: 60, descriptionMax: 2000, allowLinks: false, allowAt: true },
  willhaben: { titleMax: 50, descriptionMax: 4000, allowLinks: false, allowAt: false },
  facebook: { titleMax: 100, descriptionMax: 5000, allowLinks: true, allowAt: true },
};

/** The same link pattern as app/lib/platforms.ts (`containsLink`). */
const LINK = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:de|com|net|org|at|ch|eu|shop|info|io)(?:\/\S*)?\b/i;

/** The legal block the product appends (app/lib/legal-notes.ts LEGAL_HEADING): not the model's text. */
export const LEGAL_HEADING = "⚖️ **Rechtliche Hinweise**";

/** @typedef {{ optimizedTitle: string | null, optimizedDescription: string | null, priceSuggestion: number | null, platform: string }} EvalAd */
/** @typedef {{ itemName: string, note: string, platform: string, facts: (string | string[])[], price: number | null }} CheckItem */
/** @typedef {{ status: "pass" | "fail" | "n/a", detail: string }} CheckResult */

const pass = (detail = "") => /** @type {CheckResult} */ ({ status: "pass", detail });
const fail = (detail) => /** @type {CheckResult} */ ({ status: "fail", detail });
const notApplicable = (detail) => /** @type {CheckResult} */ ({ status: "n/a", detail });

function stripMarkup(text) {
  return text.replace(/\*\*?/g, "").replace(/^- /gm, "");
}

/** What the model wrote: the title and the description without the product's legal block. */
export function modelText(ad) {
  const description = ad.optimizedDescription ?? "";
  const legal = description.indexOf(LEGAL_HEADING);
  return stripMarkup(`${ad.optimizedTitle ?? ""}\n${legal >= 0 ? description.slice(0, legal) : description}`).trim();
}

function inputText(item) {
  return `${item.itemName}\n${item.note}`;
}

/** Title and description within the platform's limits; no link or "@" where the platform forbids them. */
export function checkPlatformRules(ad) {
  const limits = PLATFORM_LIMITS[ad.platform];
  if (!limits) return fail(`unknown platform ${ad.platform}`);
  const title = ad.optimizedTitle ?? "";
  const description = ad.optimizedDescription ?? "";
  const problems = [];
  if (!title.trim()) problems.push("no title");
  if (title.length > limits.titleMax) problems.push(`title ${title.length} > ${limits.titleMax} characters`);
  if (description.length > limits.descriptionMax) problems.push(`description ${description.length} > ${limits.descriptionMax} characters`);
  const text = `${title}\n${description}`;
  if (!limits.allowLinks && LINK.test(text)) problems.push(`link: ${text.match(LINK)[0]}`);
  if (!limits.allowAt && text.includes("@")) problems.push('"@"');
  return problems.length > 0 ? fail(problems.join("; ")) : pass();
}

const squeeze = (text) => stripMarkup(text).toLowerCase().replace(/\s+/g, "");

/** Every model number, size, capacity and brand of the note appears in the title or the description. */
export function checkFactsKept(ad, item) {
  const text = squeeze(`${ad.optimizedTitle ?? ""}\n${ad.optimizedDescription ?? ""}`);
  const missing = item.facts
    .map((fact) => (Array.isArray(fact) ? fact : [fact]))
    .filter((spellings) => !spellings.some((spelling) => text.includes(squeeze(spelling))))
    .map((spellings) => spellings[0]);
  return missing.length > 0 ? fail(`missing: ${missing.join(", ")}`) : pass();
}

/** Where the note states a price, the suggestion is exactly that price. */
export function checkPriceKept(ad, item) {
  if (item.price === null) return notApplicable("the note states no price");
  if (ad.priceSuggestion === item.price) return pass();
  const euro = (cents) => (cents === null ? "none" : `${(cents / 100).toLocaleString("de-DE")} €`);
  return fail(`suggested ${euro(ad.priceSuggestion)}, the note says ${euro(item.price)}`);
}

/**
 * Condition and history claims, each with the note words that support it. A claim in the ad
 * whose support words are all absent from the note is invented (the photos are plain pictures).
 */
export const CLAIMS = [
  {
    claim: "new",
    ad: /neu und unbenutzt|\bunbenutzt|\bungetragen|originalverpackt|ungeöffnet|nagelneu|zustand:?\s*neu(?!\p{L})/iu,
    note: /(?<!\p{L})neu(?!\p{L})|unbenutzt|ungetragen|originalverpackt|ungeöffnet|nagelneu|nie benutzt/iu,
  },
  {
    claim: "like new",
    ad: /neuwertig|wie neu|fast neu/i,
    note: /neuwertig|wie neu|fast neu|kaum (?:benutzt|getragen|genutzt)|\b1x (?:benutzt|getragen)|einmal (?:benutzt|getragen)/i,
  },
  {
    claim: "very good",
    ad: /sehr gute[mnrs]?\s+zustand|zustand:?\s*sehr gut|top[- ]?zustand|einwandfrei|tadellos|makellos|hervorragend/i,
    note: /sehr gut|\btop\b|einwandfrei|tadellos|makellos|gepflegt|neuwertig|wie neu|kaum (?:benutzt|getragen)|\b\dx (?:benutzt|getragen)/i,
  },
  {
    claim: "signs of wear",
    ad: /gebrauchsspur|abnutzung|abgenutzt|kratzer|(?<!\p{L})macken?(?!\p{L})|(?<!\p{L})dellen?(?!\p{L})|flecke?n?(?!\p{L})/iu,
    note: /gebrauchsspur|abnutzung|abgenutzt|kratzer|macke|delle|riss|fleck|ausgeblichen|verfärb/i,
  },
  {
    claim: "defective",
    ad: /defekt|kaputt|bastler|ersatzteil|funktioniert nicht/i,
    note: /defekt|kaputt|bastler|ersatzteil|funktioniert nicht|geht nicht/i,
  },
  {
    claim: "works",
    ad: /funktionsfähig|funktionstüchtig|funktioniert (?:einwandfrei|tadellos|problemlos|super|gut|perfekt)|getestet/i,
    note: /funktion|läuft|(?<!\p{L})geht(?!\p{L})|getestet|einwandfrei|mäht/iu,
  },
  { claim: "non-smoker", ad: /nichtraucher|rauchfrei/i, note: /nichtraucher|rauchfrei|nr-haushalt/i },
  { claim: "pet-free", ad: /tierfrei|tierhaarfrei|(?:ohne|keine) haustiere|tierloser/i, note: /tier/i },
  { claim: "accident-free", ad: /unfallfrei/i, note: /unfallfrei/i },
  {
    claim: "original box",
    ad: /mit ovp|inkl\.? ovp|in ovp|originalverpackung|originalkarton|ovp vorhanden/i,
    note: /(?<!ohne |keine )\bovp\b|originalverpack|originalkarton/i,
  },
  { claim: "complete", ad: /vollständig|(?<!\p{L})komplett(?!\p{L})/iu, note: /vollständig|komplett|alle teile/i },
  {
    claim: "receipt / warranty",
    ad: /(?:rest|noch)\s*garantie|garantie bis|rechnung (?:vorhanden|liegt bei)|mit rechnung/i,
    note: /rechnung|garantie|beleg|quittung/i,
  },
];

/** The claim with a few words around it, for the report. */
function around(text, pattern) {
  const match = text.match(pattern);
  const line = text.slice(text.lastIndexOf("\n", match.index) + 1).split("\n")[0];
  return line.length <= 70 ? line.trim() : match[0];
}

const NUMBER = /\d+(?:[.,]\d+)*/g;

/** Every number and number part ("22.110" → 22.110, 22, 110) of a text. */
function numbersOf(text) {
  const numbers = new Set();
  for (const match of text.match(NUMBER) ?? []) {
    numbers.add(match);
    for (const part of match.split(/[.,]/)) numbers.add(part);
  }
  return numbers;
}

/** No condition claim the note does not support; no number in the title that is not in the input. */
export function checkNothingInvented(ad, item) {
  const text = modelText(ad);
  const note = inputText(item);
  const invented = CLAIMS.filter((rule) => rule.ad.test(text) && !rule.note.test(note)).map(
    (rule) => `"${around(text, rule.ad)}" (${rule.claim})`,
  );
  const known = numbersOf(note);
  const newNumbers = (ad.optimizedTitle ?? "").match(NUMBER)?.filter((number) => !known.has(number)) ?? [];
  const problems = [...invented, ...newNumbers.map((number) => `title number ${number}`)];
  return problems.length > 0 ? fail(`not in the note: ${problems.join(", ")}`) : pass();
}

/** Frequent German function words that are not English words as well. */
const GERMAN_WORDS = new Set(
  "der die das den dem des ein eine einen einem einer eines und oder aber ist sind war wurde wird werden mit für von vom zum zur auf bei beim aus nach ich wir du sie er es mein meine meinen meinem nicht kein keine keinen nur auch noch sehr wie gerne gern bitte ohne über unter durch gegen bis ab sowie dabei hier einfach alle alles mehr wenig schon sich zu im ins".split(
    " ",
  ),
);
/** English words a German ad must not contain (unless the seller's own input has them). */
export const ENGLISH_WORDS =
  "the and with for this that condition excellent shipping pickup please contact included including item price used great very good like of is are was you your our only brand sale selling works perfectly size color".split(
    " ",
  );
/**
 * Least share of German function words among the words the model wrote: terse German bullet
 * lists reach 9-12 %, full German sentences 20-28 %, an English ad 0-2 %.
 */
export const GERMAN_SHARE_MIN = 0.06;

function wordsOf(text) {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** German: enough German function words, and no English words the input did not bring. */
export function checkGerman(ad, item) {
  const words = wordsOf(modelText(ad));
  if (words.length === 0) return fail("no text");
  const share = words.filter((word) => GERMAN_WORDS.has(word)).length / words.length;
  const inputWords = new Set(wordsOf(inputText(item)));
  const english = [...new Set(words.filter((word) => ENGLISH_WORDS.includes(word) && !inputWords.has(word)))];
  const problems = [];
  if (share < GERMAN_SHARE_MIN) problems.push(`German function words ${(share * 100).toFixed(0)} % < ${GERMAN_SHARE_MIN * 100} %`);
  if (english.length > 0) problems.push(`English: ${english.join(", ")}`);
  return problems.length > 0 ? fail(problems.join("; ")) : pass(`${(share * 100).toFixed(0)} % function words`);
}

/** Abbreviations that need their dot; without it they are a cut ("Komplett m", "OVP u"). */
const CUT_LETTER = /(?<![\p{L}\d.'’])(?:(?<!\d )m|u|s|j|J)(?![\p{L}\d.'’])/gu;
const CUT_AT_END = /(?<![\p{L}\d(])(?:inkl|ca|gr|bzw|evtl|ggf|zzgl|usw|stk|orig|np)(?=[ \t]*(?:$|[,;:!?)–]))/gimu;

/** No word cut at an abbreviation dot. */
export function checkNoFragments(ad) {
  const text = modelText(ad);
  const fragments = [];
  for (const line of text.split("\n")) {
    for (const pattern of [CUT_LETTER, CUT_AT_END]) {
      for (const match of line.matchAll(pattern)) {
        const start = line.lastIndexOf(" ", Math.max(0, match.index - 2));
        fragments.push(`"${line.slice(start + 1, match.index + match[0].length).trim()}"`);
      }
    }
  }
  return fragments.length > 0 ? fail(fragments.join(", ")) : pass();
}

/** The checks in table order: column title and function. */
export const CHECKS = [
  { key: "platform", title: "platform rules", run: checkPlatformRules },
  { key: "facts", title: "facts kept", run: checkFactsKept },
  { key: "price", title: "price kept", run: checkPriceKept },
  { key: "invented", title: "nothing invented", run: checkNothingInvented },
  { key: "german", title: "German", run: checkGerman },
  { key: "fragments", title: "no fragments", run: checkNoFragments },
];

/** @param {EvalAd} ad @param {CheckItem} item */
export function scoreAd(ad, item) {
  return Object.fromEntries(CHECKS.map((check) => [check.key, check.run(ad, item)]));
}

const MARK = { pass: "✓", fail: "✗", "n/a": "–" };

/**
 * The Markdown table: one row per item, one column per check, the item's score, and a total row.
 * @param {{ id: string, results: Record<string, CheckResult> }[]} rows
 */
export function resultTable(rows) {
  const header = `| item | ${CHECKS.map((check) => check.title).join(" | ")} | score |`;
  const rule = `|---|${CHECKS.map(() => ":-:").join("|")}|--:|`;
  const lines = rows.map((row) => {
    const { passed, counted } = tally([row]);
    return `| ${row.id} | ${CHECKS.map((check) => MARK[row.results[check.key].status]).join(" | ")} | ${passed}/${counted} |`;
  });
  const perCheck = CHECKS.map((check) => {
    const { passed, counted } = tally(rows, check.key);
    return `${passed}/${counted}`;
  });
  const total = tally(rows);
  const percent = total.counted > 0 ? Math.round((total.passed / total.counted) * 100) : 0;
  return [header, rule, ...lines, `| **total** | ${perCheck.join(" | ")} | **${total.passed}/${total.counted} (${percent} %)** |`].join(
    "\n",
  );
}

/** Passed and counted (not "n/a") checks over rows, for one check or all. */
export function tally(rows, key) {
  let passed = 0;
  let counted = 0;
  for (const row of rows) {
    for (const [name, result] of Object.entries(row.results)) {
      if ((key && name !== key) || result.status === "n/a") continue;
      counted++;
      if (result.status === "pass") passed++;
    }
  }
  return { passed, counted };
}
