// Ready replies to the messages every seller gets, in the seller's voice (private: "ich"/"du";
// commercial: "wir"/"Sie"), with the ad's own facts filled in: handover, shipping cost and carrier
// exactly as the seller's offer states them (ADR 041) — no cost, visit or time the seller never
// offered, and never the seller's minimum. Nothing the seller did not say: the condition in their
// own words (a grade only where they named or picked it), no promise about other defects, a
// payment method only where they named one, and no reservation rule they never set.
import { formatEuroCents, formatEuros } from "../../../lib/format";
import type { SellerType } from "../../../lib/legal-notes";
import type { AdFacts } from "./ad-facts";
import { OF_THE_REST } from "../../ai/condition-words";
import { lastWordPrice, type CounterOffer, type Strategy } from "./negotiation";

export type ReplyId = "still_available" | "last_price" | "shipping" | "pickup" | "condition" | "payment" | "lowball" | "reservation";

export type Reply = { id: ReplyId; label: string; text: string };

type Voice = {
  greeting: string;
  you: string;
  your: string;
  i: string;
  me: string;
  can: string;
  youCan: string;
  write: string;
  thanks: string;
  /** A reservation asked back: until when, with no rule of payment, pickup or time the seller never set. */
  reservation: string;
};

function voiceOf(sellerType: SellerType): Voice {
  return sellerType === "commercial"
    ? {
        greeting: "Guten Tag",
        you: "Sie",
        your: "Ihr",
        i: "wir",
        me: "uns",
        can: "können",
        youCan: "können",
        write: "melden Sie sich",
        thanks: "Vielen Dank für Ihre Nachricht",
        reservation:
          "Bis wann möchten Sie den Artikel haben? Geben Sie uns kurz Bescheid, dann schauen wir, ob wir ihn so lange für Sie zurücklegen können.",
      }
    : {
        greeting: "Hallo",
        you: "du",
        your: "dein",
        i: "ich",
        me: "mir",
        can: "kann",
        youCan: "kannst",
        write: "melde dich",
        thanks: "Danke für deine Nachricht",
        reservation:
          "Bis wann möchtest du den Artikel haben? Sag mir kurz Bescheid, dann schaue ich, ob ich ihn so lange für dich zurücklegen kann.",
      };
}

function capital(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The letters and digits of a clause, without an article before them ("Ein paar Kratzer" ~ "paar Kratzer"). */
const bare = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\d]+/gu) ?? []).filter((word, index) => index > 0 || !/^(?:ein|eine|einen)$/.test(word)).join(" ");
/** Whether a defect says the clause already: the same words, or the clause's words inside the defect's. */
const sameWords = (defect: string, clause: string) => ` ${bare(defect)} `.includes(` ${bare(clause)} `);

/**
 * The condition as the seller stated it: their own words ("funktioniert tadellos, zweimal benutzt"),
 * the grade only where they named or picked it and nothing else says it, and the defects with their
 * photo. Never a grade read from other words, never "no other defects". Null when the ad states
 * nothing about the condition: then there is no ready reply to send, the seller answers themselves.
 */
function conditionAnswer(facts: AdFacts, voice: Voice): string | null {
  const defects = facts.defects.map((defect) =>
    defect.photoIndex !== null ? `${defect.text} (siehe Foto ${defect.photoIndex + 1})` : defect.text,
  );
  // A defect the note names is said once, under "Zu beachten"; what holds of the rest ("Rest top") follows it.
  const said = facts.conditionWords.filter((clause) => !facts.defects.some((defect) => sameWords(defect.text, clause)));
  const rest = defects.length > 0 ? said.filter((clause) => OF_THE_REST.test(clause)) : [];
  const words = said.filter((clause) => !rest.includes(clause));
  const grade = facts.condition && words.length === 0 ? `Der Zustand ist „${facts.condition}“.` : null;
  const stated = [
    words.length > 0 ? `Zum Zustand: ${words.join(", ")}.` : grade,
    defects.length > 0 ? `Zu beachten: ${defects.join("; ")}.` : null,
    rest.length > 0 ? `${rest.join(", ")}.` : null,
  ].filter((part): part is string => part !== null);
  if (stated.length === 0) return null;
  return `${voice.greeting}! ${stated.join(" ")} ${capital(voice.i)} ${voice.can} ${voice.you === "Sie" ? "Ihnen" : "dir"} gern noch ein Foto von einer bestimmten Stelle schicken.`;
}

/** The payment methods the seller named ("PayPal oder bar"); null when none: no reply names one. */
function paymentAnswer(facts: AdFacts, voice: Voice): string | null {
  if (facts.payment.length === 0) return null;
  // Where the seller attached a condition to a method, their words are the answer ("PayPal Freunde nur wenn …").
  if (facts.paymentWords.length > 0) {
    // "Zur Bezahlung: per Überweisung …", not "Zur Bezahlung: Bezahlung per Überweisung …".
    const words = facts.paymentWords.join(", ").replace(/^(?:bezahlung|zahlung)\s*:?\s*(?=\p{L})/iu, "");
    return `${voice.greeting}! Zur Bezahlung: ${capital(words)}.`;
  }
  const methods =
    facts.payment.length === 1
      ? facts.payment[0]
      : `${facts.payment.slice(0, -1).join(", ")} oder ${facts.payment[facts.payment.length - 1]}`;
  return `${voice.greeting}! Bezahlung ist möglich: ${methods}.`;
}

/** The message to send for an offer, in the seller's voice. */
export function counterOfferMessage(offer: number, answer: CounterOffer, sellerType: SellerType, typeStated = true): string {
  const voice = voiceOf(sellerType);
  const yourOffer = `${capital(voice.your)} Angebot über ${formatEuros(offer)}`;
  if (answer.decision === "giveaway") {
    return `${voice.greeting}! Der Artikel ist zu verschenken – ${voice.you === "Sie" ? "Sie müssen" : "du musst"} nichts bezahlen, nur abholen. Wann passt es ${voice.you === "Sie" ? "Ihnen" : "dir"}?`;
  }
  if (answer.decision === "fixed") {
    // "Festpreis" only where the seller said so (ADR 086): a price without a type is named, not typed.
    const price = typeStated
      ? `Der Preis von ${formatEuros(answer.price)} ist ein Festpreis`
      : `Der Preis ist ${formatEuros(answer.price)}`;
    return `${voice.greeting}! ${voice.thanks}. ${price} – für ${formatEuros(answer.price)} ${voice.youCan} ${voice.you} den Artikel gern haben.`;
  }
  if (answer.decision === "above") {
    return `${voice.greeting}! ${voice.thanks}. Der Preis ist ${formatEuros(answer.price)} – mehr als das ${voice.i === "wir" ? "nehmen wir" : "nehme ich"} nicht. Für ${formatEuros(answer.price)} ${voice.youCan} ${voice.you} den Artikel gern haben.`;
  }
  if (answer.decision === "accept") {
    return `${voice.greeting}! ${yourOffer} nehme${voice.i === "wir" ? "n wir" : " ich"} an. Wann ${voice.you === "Sie" ? "passt es Ihnen" : "passt es dir"}?`;
  }
  if (answer.decision === "decline") {
    return `${voice.greeting}! ${voice.thanks}. ${formatEuros(offer)} ist ${voice.me} leider deutlich zu wenig. Für ${formatEuros(answer.price)} ${voice.youCan} ${voice.you} den Artikel haben.`;
  }
  return `${voice.greeting}! ${voice.thanks}. ${formatEuros(offer)} ist ${voice.me} etwas zu wenig – für ${formatEuros(answer.price)} ${voice.youCan} ${voice.you} den Artikel gern haben.`;
}

/** "mit DHL", or "" when the seller named no service. */
function withCarrier(facts: AdFacts) {
  // "mit der Deutschen Post": the one service whose name takes an article.
  if (facts.carrier === "Deutsche Post") return " mit der Deutschen Post";
  return facts.carrier ? ` mit ${facts.carrier}` : "";
}

function shippingAnswer(facts: AdFacts, voice: Voice, place: string): string {
  const formal = voice.you === "Sie";
  if (facts.shipping === "excluded")
    return `${voice.greeting}! Versand ist bei diesem Artikel leider nicht möglich${facts.pickup === "offered" ? ` – nur Abholung${place}` : ""}.`;
  if (facts.shipping === null && facts.shippingCost === null) {
    return `${voice.greeting}! Versand steht nicht in der Anzeige. ${capital(formal ? "schreiben Sie" : "schreib")} ${voice.me === "uns" ? "uns" : "mir"}, wohin es gehen soll, dann ${voice.i === "wir" ? "sagen wir" : "sage ich"} ${formal ? "Ihnen" : "dir"}, ob und zu welchen Kosten es geht.`;
  }
  if (facts.shippingCost === 0) return `${voice.greeting}! Ja, Versand${withCarrier(facts)} ist möglich und im Preis enthalten.`;
  if (facts.shippingCost !== null) {
    // "ca 15€" stays an estimate: "etwa 15 €".
    const about = facts.shippingCostApprox ? "etwa " : "";
    return `${voice.greeting}! Ja, Versand${withCarrier(facts)} ist möglich, für ${about}${formatEuroCents(facts.shippingCost)} zusätzlich zum Preis.`;
  }
  return `${voice.greeting}! Ja, Versand${withCarrier(facts)} ist möglich; die Kosten richten sich nach Größe und Gewicht, den genauen Betrag ${voice.i === "wir" ? "nennen wir" : "nenne ich"} ${formal ? "Ihnen" : "dir"} gern.`;
}

function pickupAnswer(facts: AdFacts, voice: Voice, place: string): string {
  const formal = voice.you === "Sie";
  if (facts.pickup === "excluded")
    return `${voice.greeting}! Abholung ist bei diesem Artikel leider nicht möglich${facts.shipping === "offered" ? " – nur Versand" : ""}.`;
  // Pickup unsaid (ADR 064): no promise; the seller answers it.
  if (facts.pickup === null)
    return `${voice.greeting}! Abholung steht nicht in der Anzeige. ${capital(formal ? "schreiben Sie" : "schreib")} ${voice.me === "uns" ? "uns" : "mir"}, wann es ${formal ? "Ihnen" : "dir"} passen würde, dann ${voice.i === "wir" ? "sagen wir" : "sage ich"} ${formal ? "Ihnen" : "dir"}, ob das geht.`;
  return `${voice.greeting}! Abholung ist${place || " nach Absprache"} möglich. Wann passt es ${formal ? "Ihnen" : "dir"}?`;
}

/**
 * The ready replies. `typeStated` is false for a price the seller gave without a type: it is
 * answered as a fixed price (ADR 041) but never called a "Festpreis" the seller did not write (ADR 086).
 * Without a price the ad shows (`strategy` null: the seller still has to name one) no reply names a
 * price or answers an offer: the seller answers those (ADR 091).
 */
export function buildReplies(facts: AdFacts, strategy: Strategy | null, sellerType: SellerType, typeStated = true): Reply[] {
  const voice = voiceOf(sellerType);
  const formal = voice.you === "Sie";
  // The price the counter-offer to a low offer names and that an offer of it is accepted at: above the floor, never the floor itself.
  const meetAt = strategy ? lastWordPrice(strategy) : 0;
  const makeOffer = `${formal ? "Machen Sie" : "Mach"} ${voice.me} gern ein Angebot`;
  const place = facts.place ? ` in ${facts.place}` : "";
  const pickup = facts.pickup === "offered";
  const condition = conditionAnswer(facts, voice);
  const payment = paymentAnswer(facts, voice);
  // The item's pronoun and verb by the noun's gender ("ihn", "sie", "es"; "sind" for "Gartenstühle"); "den Artikel" when unknown.
  const pronoun = facts.gender ? { m: "ihn", f: "sie", n: "es", pl: "sie" }[facts.gender] : "den Artikel";
  const verb = facts.gender === "pl" ? "sind" : "ist";
  // The item with its article where its gender is known ("die Jack Wolfskin Winterjacke"), else its name in quotes, as a name stands ("Ja, „Tolino Shine 3“ ist …").
  const named = facts.gender ? `${{ m: "der", f: "die", n: "das", pl: "die" }[facts.gender]} ${facts.title}` : `„${facts.title}“`;
  // A giveaway is had, not bought.
  const want = strategy?.mode === "verschenken" ? "haben" : "kaufen";
  const interest = pickup
    ? formal
      ? "Sie vorbeikommen möchten"
      : "du vorbeikommen möchtest"
    : formal
      ? `Sie ${pronoun} ${want} möchten`
      : `du ${pronoun} ${want} möchtest`;
  // The price of one piece beside the lot's, as the card shows it ("20 € (einzeln je 8 €)").
  const each = facts.perPiece ? ` (einzeln je ${formatEuroCents(facts.perPiece)})` : "";
  const lastPrice = (strategy: Strategy): Reply => ({
    id: "last_price",
    label: "Letzter Preis?",
    text:
      strategy.mode === "verschenken"
        ? `${voice.greeting}! Der Artikel ist zu verschenken – ${formal ? "Sie müssen" : "du musst"} ${pickup ? "ihn nur abholen" : facts.shippingCost ? `nur den Versand (${formatEuroCents(facts.shippingCost)}) bezahlen` : "nichts bezahlen"}.`
        : strategy.mode === "festpreis"
          ? typeStated
            ? `${voice.greeting}! Der Preis von ${formatEuros(strategy.anchor)}${each} ist ein Festpreis.`
            : `${voice.greeting}! Der Preis ist ${formatEuros(strategy.anchor)}${each}.`
          : !strategy.floorFromSeller
            ? // No minimum of the seller's: no reply names a price below theirs (ADR 089), nor takes a stance
              // on the room for a discount the seller never took — a VB price is negotiable, however small.
              `${voice.greeting}! Der Preis liegt bei ${formatEuros(strategy.anchor)}, verhandelbar. ${makeOffer}.`
            : meetAt >= strategy.anchor
              ? // The seller's own minimum leaves no step below the price: no "concession" of the price itself.
                `${voice.greeting}! Der Preis liegt bei ${formatEuros(strategy.anchor)}, viel Luft ist da nicht. ${makeOffer}.`
              : `${voice.greeting}! Der Preis liegt bei ${formatEuros(strategy.anchor)}. ${pickup ? "Bei Abholung" : "Bei schneller Zusage"} ${voice.can} ${voice.i} ${formal ? "Ihnen" : "dir"} mit ${formatEuros(meetAt)} entgegenkommen – das ist dann aber das letzte Wort.`,
  });
  const lowball = (strategy: Strategy): Reply => ({
    id: "lowball",
    label: "Zu niedriges Angebot",
    text:
      strategy.mode === "vb"
        ? `${voice.greeting}! ${voice.thanks}, aber so weit ${voice.i === "wir" ? "gehen wir" : "gehe ich"} nicht runter. ${
            strategy.floorFromSeller
              ? `Für ${formatEuros(meetAt)} ${voice.youCan} ${voice.you} den Artikel haben.`
              : `${formal ? "Machen Sie" : "Mach"} ${voice.me} gern ein besseres Angebot.`
          }`
        : strategy.mode === "festpreis"
          ? typeStated
            ? `${voice.greeting}! ${voice.thanks}. Der Preis von ${formatEuros(strategy.anchor)} ist ein Festpreis, daran ändert sich nichts.`
            : `${voice.greeting}! ${voice.thanks}, aber der Preis ist ${formatEuros(strategy.anchor)}. Dafür ${voice.youCan} ${voice.you} den Artikel gern haben.`
          : `${voice.greeting}! Der Artikel ist zu verschenken – ein Angebot braucht es nicht.`,
  });
  return [
    {
      id: "still_available",
      label: "Noch da?",
      text: `${voice.greeting}! Ja, ${named} ${verb} noch zu haben. ${capital(voice.write)} gern, wenn ${interest}.`,
    },
    ...(strategy ? [lastPrice(strategy)] : []),
    { id: "shipping", label: "Versand möglich?", text: shippingAnswer(facts, voice, place) },
    { id: "pickup", label: "Abholung", text: pickupAnswer(facts, voice, place) },
    ...(condition ? [{ id: "condition" as const, label: "Zustand", text: condition }] : []),
    ...(payment ? [{ id: "payment" as const, label: "Bezahlung", text: payment }] : []),
    ...(strategy ? [lowball(strategy)] : []),
    {
      id: "reservation",
      label: "Reservieren?",
      // No rule the seller never set (a deadline, a payment, a pickup date): the buyer is asked until when.
      text: `${voice.greeting}! ${voice.reservation}`,
    },
  ];
}
