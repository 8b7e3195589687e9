// The words a seller uses for the item's condition (ADR 088): defects, their negation ("ohne
// Kratzer") and good condition. The offline writer files the note's clauses with them; the
// Anzeigen-Check asks for the condition only where the note has none of them.

// Short stems only where a word starts ("Delle", not "Modelle"; "Rost", not "Bürostuhl").
export const DEFECT =
  /(kratzer|zerkratzt|(?<!\p{L})dellen?(?!\p{L})|riss\b|risse|gerissen|fleck|macke|gebrauchsspur|defekt|kaputt|fehlt|fehlen|beschädig|abgenutzt|abnutzung|abgeblättert|abblätter|spielspur|aufgegangen|abbröck|bröckelt|bröselt|(?:dunkler|heller|gelblich|fleckig)\s+geworden|(?:löst|lösen)\s+sich|geflickt|verbogen|verzogen|verformt|ausgeleiert|ausgebeult|plattgedrückt|(?<!\p{L})(?:knackst|knackt|knistert|brummt|rauscht)(?!\p{L})|abgewetzt|verfärb|verblass|ausgeblichen|vergilbt|(?<!\d[\s-]?)\bloch\b|löcher|abrieb|abgerieben|abgegriffen|verkratzt|ausgerissen|eingerissen|abgegangen|abgebrochen|wackel|bruch|(?<!\p{L})rost(?!ock)|flugrost|verrost|angerost|angeschlagen|abgeplatzt|pilling|knötchen|ausgefranst|mängel|mangel\b|schaden|schäden|funktioniert nicht|geht nicht|nichts mehr|lädt nicht|springt nicht|nicht mehr|quietsch|klemmt|gekratzt|kratzspur|eselsohr|platzer|pixelfehler|druckstelle|eingedrückt|spritzer|(?<!\p{L})(?:einen|eine|ein)\s+losen?(?!\p{L})|(?<!\p{L})sprung(?!\p{L})|(?<!\p{L})sprünge|geklebt|wasserrand|(?<!\p{L})kerben?(?!\p{L})|(?<!\p{L})knick|kritzelei|schwergängig|(?:geht|läuft)\s+(?:etwas\s+|ein\s+bisschen\s+|leicht\s+)?schwer(?!\p{L})|(?:naht|nähte|saum)\s+(?:\p{L}+\s+){0,4}?gelöst|(?<!\p{L})(?:hakt|hakelt)(?!\p{L})|verloren\s+gegangen|(?<!\p{L})(?:ist|sind)\s+(?:\p{L}+\s+){0,5}locker(?!\p{L})|lackfehler|(?<!\p{L})fehler(?!\p{L}*frei)|steinschlag|drift|undicht|bastler|für teile|ersatzteil)/iu;
export const NEGATION =
  /\b(ohne|keine?[nrms]?|frei von|nicht)\s+(?:\S+\s+){0,2}?(kratzer|zerkratzt|delle|risse?|fleck|flecken|macken?|gebrauchsspuren|defekte?|beschädig\S*|mängel|schäden|schaden|löcher|rost|abnutzung|probleme?|\S*fehler)|\b\w*(?:kratzer|flecken|macken|mängel|rost|schaden|unfall|fehler)frei\b|\b(?:kratzer|flecken?|macken?|löcher|risse|mängel|schäden|dellen|gebrauchsspuren)\s+(?:gibt\s+es|gibt's|gibts|hat\s+(?:er|sie|es)|sind)\s+(?:auch\s+)?keine?\b|\b(?:es\s+)?fehl(?:t|en)\s+(?:auch\s+)?(?:keine?|nichts)\b|\b(?:kaputt|defekt|beschädigt|wackelig)\s+(?:ist|sind|war)\s+(?:da\s+|hier\s+|auch\s+)?nichts\b|\bnichts\s+(?:ist\s+)?(?:kaputt|defekt|beschädigt)\b|\bunbeschädigt\b/i;
export const POSITIVE =
  /((?:^|,\s*)(?:sonst|ansonsten)\s+(?:alles\s+)?(?:gut|top|super|einwandfrei|in\s+ordnung|ok|okay)(?![a-zäöüß])|^(?:sonst|ansonsten)\s|keine\s+(?:haus)?tiere|zustand|neuwertig|wie neu|(?<![a-zäöüß])top(?![a-zäöüß])|einwandfrei|funktionsfähig|funktioniert|gepflegt|unbespielt|ungetragen|unbenutzt|ungenutzt|kaum (?:benutzt|getragen|genutzt|gefahren)|wenig (?:benutzt|getragen|genutzt|gefahren)|selten (?:benutzt|getragen|genutzt)|nichtraucher|\bnr-haushalt|tierfrei|unfallfrei|scheckheft|inspiziert|gewartet|frisch|sauber|gut erhalten)/i;
/** How the item was used ("kaum benutzt", "2 Winter getragen", "gelesen"): a word about its condition too. */
const USAGE = /(?<!\p{L})(?:neu|gebraucht|benutzt|genutzt|getragen|gefahren|bespielt|gelesen|läuft|lief)(?!\p{L})/iu;

/** Whether a note says anything about the item's condition, good or bad. */
export function saysCondition(note: string): boolean {
  return DEFECT.test(note) || NEGATION.test(note) || POSITIVE.test(note) || USAGE.test(note);
}
