// The Verkaufshelfer's rules over real-style buyer messages (typos, no punctuation, English,
// emoji) and its negotiation: counter-offers never below the floor, round numbers, the seller's voice.
import { describe, expect, it } from "vitest";
import { adFacts } from "~/.server/app-worker/sales-kit/ad-facts";
import { buildStrategy, counterOffer, priceStep } from "~/.server/app-worker/sales-kit/negotiation";
import { buildReplies, counterOfferMessage } from "~/.server/app-worker/sales-kit/replies";
import { checkBuyerMessage, type PatternId } from "~/.server/app-worker/sales-kit/scam-check";
import type { Availability } from "~/lib/offer-facts";
import { paymentMethods } from "~/lib/condition-grade";

const HARMLESS = [
  "Hallo, ist das noch da?",
  "Hi! Noch verfügbar? Würde heute Abend vorbeikommen",
  "was letzte preis",
  "Würden Sie 80 € nehmen? Kann am Samstag abholen.",
  "Ist Versand möglich? Wohne in München",
  "Hallo, hat der Kinderwagen Kratzer? Lg",
  "Kann ich das Rad vorher Probe fahren?",
  "Guten Tag, ich hätte Interesse. Wann kann ich es anschauen?",
  "Hey 👋 noch zu haben? wäre echt super 😊",
  "Gibt es eine Rechnung dazu?",
  "Nehme es für 150, hole morgen ab und zahle bar",
  "Is it still available? I can pick it up tomorrow",
  "Bitte reservieren bis Samstag, danke!",
  "Funktioniert der Akku noch gut?",
  "hallo wie alt ist das sofa genau",
  "Würde es nehmen wenn Versand mit DHL geht, zahle per PayPal Waren und Dienstleistungen",
  "Kannst du es mir bis Freitag zurücklegen? Komme aus Köln",
  "Welche Maße hat der Tisch?",
  "Moin, 120 Festpreis oder geht da noch was?",
  "Hallo! Ist das Gerät aus einem Nichtraucherhaushalt?",
  "Ich komme heute noch vorbei und zahle bar, passt 18 Uhr?",
  "Bin sehr interessiert, kann ich über Sicher bezahlen kaufen?",
];

const SCAMS: Array<[string, PatternId]> = [
  ["Hallo, ich nehme den Artikel. Meine Spedition holt ihn ab, ich zahle vorher per Überweisung.", "courier"],
  ["I want to buy it, my courier will come to pick it up after payment", "courier"],
  ["Mein Sohn wird es abholen, ich überweise vorher. Bin beruflich im Ausland", "courier"],
  ["ich kaufe es ein kurier holt ab wenn bezahlt ist", "courier"],
  ["Kann ich mit PayPal Freunde und Familie zahlen? Dann ist es sofort erledigt", "paypal_friends"],
  ["zahle über paypal f&f ok?", "paypal_friends"],
  ["I pay with PayPal friends and family, send me your paypal", "paypal_friends"],
  [
    "Ich habe über Sicher bezahlen gezahlt, bitte klicke auf den Link um das Geld zu erhalten: https://kleinanzeigen-sicher-bezahlen.com/deal/8812",
    "payment_link",
  ],
  ["Zahlung ist erfolgt! Bestätige hier: http://ebay-kleinanzeigen.de-payment.info/confirm", "payment_link"],
  ["Hallo das Geld liegt bereit bitte den Betrag auf der Seite bestätigen www.dhl-paket-zahlung.net", "payment_link"],
  ["paypal hat dir geld geschickt 💰 link: paypal-secure-checkout.xyz/receive", "payment_link"],
  ["Ich habe versehentlich 500 € statt 300 € überwiesen, bitte schick mir die Differenz zurück.", "overpayment"],
  ["Ich zahle 50 € mehr, du überweist dann den Rest an meinen Spediteur zurück", "overpayment"],
  ["I will send extra money, please refund the difference to my agent", "overpayment"],
  ["Bevor ich zahle schick mir bitte ein Foto von deinem Ausweis zur Verifizierung", "id_documents"],
  ["Gib mir den Code aus der SMS, dann ist die Zahlung freigeschaltet", "id_documents"],
  ["Bitte sende mir deine Kreditkarte Daten damit ich das Geld senden kann", "id_documents"],
  ["Hallo, schreib mir bitte auf WhatsApp 0157 12345678, hier bin ich selten online", "off_platform"],
  ["Kontaktiere mich per E-Mail: anna.mueller1988@gmail.com", "off_platform"],
  ["Hi whatsapp?? +4917612345678", "off_platform"],
  ["Was ist deine Handynummer? Ich ruf dich an", "phone_number"],
  ["Ich zahle sofort ohne es anzusehen, schick mir einfach die Bankdaten", "pressure"],
  ["Letzte Chance, ich überweise sofort, aber nur heute", "pressure"],
  ["hallo ich nehm es meine spedition holt ab zahlung per paypal freunde familie", "courier"],
];

describe("scam check over real-style buyer messages", () => {
  it("covers at least 40 messages, half harmless", () => {
    expect(HARMLESS.length + SCAMS.length).toBeGreaterThanOrEqual(40);
    expect(HARMLESS.length).toBeGreaterThanOrEqual(20);
    expect(SCAMS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(HARMLESS)("never calls a harmless message fraud: %s", (message) => {
    const result = checkBuyerMessage(message);
    expect(result.verdict, JSON.stringify(result.matches.map((match) => match.id))).not.toBe("betrugsmuster");
    // Only pressure may raise a "Vorsicht" on a harmless message.
    for (const match of result.matches) expect(match.id).toBe("pressure");
  });

  it.each(SCAMS)("flags the scam with its pattern: %s", (message, pattern) => {
    const result = checkBuyerMessage(message);
    expect(result.verdict).not.toBe("unbedenklich");
    expect(result.matches.map((match) => match.id)).toContain(pattern);
    const match = result.matches.find((candidate) => candidate.id === pattern)!;
    expect(match.explanation.length).toBeGreaterThan(40);
    expect(match.advice.length).toBeGreaterThan(20);
  });

  it("calls the severe patterns Betrugsmuster, and two warning signs together too", () => {
    expect(checkBuyerMessage("Meine Spedition holt ab").label).toBe("Betrugsmuster");
    expect(checkBuyerMessage("Schreib mir auf WhatsApp").label).toBe("Vorsicht");
    expect(checkBuyerMessage("Schreib mir auf WhatsApp, was ist deine Handynummer?").label).toBe("Betrugsmuster");
    expect(checkBuyerMessage("Ist das noch da?")).toMatchObject({ verdict: "unbedenklich", label: "Unbedenklich", matches: [] });
  });

  it("trusts the real platforms' links and distrusts look-alikes", () => {
    expect(checkBuyerMessage("Hier ist der Link zur Anzeige: https://www.kleinanzeigen.de/s-anzeige/123").verdict).toBe("unbedenklich");
    expect(checkBuyerMessage("https://kleinanzeigen.de.sicher-zahlung.info/123").matches.map((match) => match.id)).toContain(
      "payment_link",
    );
  });
});

describe("negotiation", () => {
  const base = { price: 200, type: "vb" as const, floor: null, platform: "kleinanzeigen" as const };

  it("anchors on the price the ad shows, proposes a floor for VB, and keeps the seller's own floor", () => {
    expect(buildStrategy(base)).toMatchObject({ anchor: 200, floor: 170, floorFromSeller: false, mode: "vb" });
    expect(buildStrategy({ ...base, floor: 180 })).toMatchObject({ floor: 180, floorFromSeller: true });
    // A price without a type is answered as fixed, as every surface treats it (ADR 041); so is a shown estimate (ADR 091).
    expect(buildStrategy({ ...base, type: null })).toMatchObject({ mode: "festpreis", anchor: 200, floor: 200 });
    expect(buildStrategy({ ...base, platform: "ebay" }).advice).toContain("Preisvorschlag erlauben");
  });

  it("never counters below the floor and answers in round numbers", () => {
    const strategy = { anchor: 200, floor: 170 };
    for (let offer = 1; offer <= 260; offer += 3) {
      const answer = counterOffer(offer, strategy);
      if (answer.decision === "above") {
        // More than the asking price is answered with the asking price (and flagged).
        expect(offer).toBeGreaterThan(200);
        expect(answer.price).toBe(200);
      } else if (answer.decision !== "accept") {
        expect(answer.price, `offer ${offer}`).toBeGreaterThanOrEqual(170);
        expect(answer.price % priceStep(answer.price), `offer ${offer}`).toBe(0);
        expect(answer.price).toBeGreaterThan(offer);
      } else {
        expect(offer).toBeGreaterThanOrEqual(170);
      }
    }
    expect(counterOffer(200, strategy)).toEqual({ decision: "accept", price: 200 });
    expect(counterOffer(180, strategy)).toEqual({ decision: "counter", price: 190 });
    expect(counterOffer(197, strategy)).toEqual({ decision: "accept", price: 197 });
    expect(counterOffer(150, strategy)).toEqual({ decision: "counter", price: 190 });
    expect(counterOffer(60, strategy)).toEqual({ decision: "decline", price: 190 });
    expect(counterOffer(60, { anchor: 200, floor: 195 })).toEqual({ decision: "decline", price: 200 });
  });

  it("answers a higher offer never worse: the counter rises with the offer (ADR 028: 135 € → 150 €, 100 € → 140 €)", () => {
    for (const strategy of [
      buildStrategy({ ...base, price: 165 }),
      { anchor: 660, floor: 510, mode: "vb" as const },
      { anchor: 150, floor: 130 },
    ]) {
      let previous = 0;
      for (let offer = 1; offer <= strategy.anchor + 20; offer += 1) {
        const answer = counterOffer(offer, strategy);
        if (answer.decision === "accept") {
          expect(offer, `accepted ${offer} against ${JSON.stringify(strategy)}`).toBeGreaterThanOrEqual(strategy.floor);
          continue;
        }
        if (answer.decision === "above") {
          expect(answer.price).toBe(strategy.anchor);
          continue;
        }
        // A counter never falls as the offer rises, never reaches down to the floor, never below the offer.
        expect(answer.price, `offer ${offer} against ${JSON.stringify(strategy)}`).toBeGreaterThanOrEqual(previous);
        expect(answer.price).toBeGreaterThan(strategy.floor);
        expect(answer.price).toBeGreaterThan(offer);
        previous = answer.price;
      }
    }
    expect(counterOffer(135, { anchor: 150, floor: 130 }).price).toBeGreaterThanOrEqual(
      counterOffer(100, { anchor: 150, floor: 130 }).price,
    );
  });

  it("keeps the seller's own price and type exactly: no 10 % on top, a Festpreis stays a Festpreis", () => {
    const vb = buildStrategy({ ...base, price: 250, type: "vb" });
    expect(vb).toMatchObject({ anchor: 250, mode: "vb" });
    expect(vb.floor).toBeLessThan(250);
    const fixed = buildStrategy({ ...base, price: 70, type: "festpreis" });
    expect(fixed).toMatchObject({ anchor: 70, floor: 70, mode: "festpreis" });
    expect(counterOffer(65, fixed)).toEqual({ decision: "fixed", price: 70 });
    expect(counterOfferMessage(65, counterOffer(65, fixed), "private")).toBe(
      "Hallo! Danke für deine Nachricht. Der Preis von 70 € ist ein Festpreis – für 70 € kannst du den Artikel gern haben.",
    );
    const replies = Object.fromEntries(
      buildReplies(
        adFacts({ ...bareAd, optimizedTitle: "Kinderwagen", itemName: "Kinderwagen" }, { city: null, postalCode: null }),
        fixed,
        "private",
      ).map((reply) => [reply.id, reply.text]),
    );
    expect(replies.last_price).toBe("Hallo! Der Preis von 70 € ist ein Festpreis.");
    expect(replies.last_price).not.toMatch(/65/);
    const giveaway = buildStrategy({ ...base, price: 0, type: "verschenken" });
    expect(giveaway.mode).toBe("verschenken");
    expect(counterOfferMessage(10, counterOffer(10, giveaway), "private")).toContain("zu verschenken");
  });

  it("writes the counter-offer in the seller's voice", () => {
    expect(counterOfferMessage(150, { decision: "counter", price: 190 }, "private")).toBe(
      "Hallo! Danke für deine Nachricht. 150 € ist mir etwas zu wenig – für 190 € kannst du den Artikel gern haben.",
    );
    expect(counterOfferMessage(150, { decision: "counter", price: 190 }, "commercial")).toBe(
      "Guten Tag! Vielen Dank für Ihre Nachricht. 150 € ist uns etwas zu wenig – für 190 € können Sie den Artikel gern haben.",
    );
    expect(counterOfferMessage(200, { decision: "accept", price: 200 }, "private")).toBe(
      "Hallo! Dein Angebot über 200 € nehme ich an. Wann passt es dir?",
    );
  });
});

describe("ready replies", () => {
  const ad = {
    optimizedTitle: "Cybex Sirona Z i-Size Kindersitz – unfallfrei",
    itemName: "Cybex Sirona Z i-Size",
    description: null,
    originalDescription:
      "Kindersitz Cybex Sirona Z, gut erhalten, Gurtpolster leicht verblasst, Abholung in Köln oder Versand 5,49 € mit DHL",
    // The seller's offer record: pickup in Köln or shipping for 5,49 € with DHL.
    shipping: "offered" as const,
    pickup: "offered" as const,
    shippingCost: 549,
    shippingCarrier: "DHL" as const,
    postalCode: "50667",
    city: "Köln",
    imageAnalysis: {
      brand: "Cybex",
      model: null,
      serialNumber: null,
      condition: "Gut",
      defects: [{ text: "Gurtpolster leicht verblasst", photoIndex: 1 }],
    },
    category: "sonstiges" as const,
  };
  const strategy = buildStrategy({ price: 180, type: "vb", floor: 140, platform: "kleinanzeigen" });

  it("fill in the ad's facts: title, place, the seller's condition words with the defect's photo, prices", () => {
    const replies = Object.fromEntries(
      buildReplies(adFacts(ad, { city: null, postalCode: null }), strategy, "private").map((reply) => [reply.id, reply.text]),
    );
    expect(Object.keys(replies)).toEqual(["still_available", "last_price", "shipping", "pickup", "condition", "lowball", "reservation"]);
    // The title's head: "– unfallfrei" after the dash does not read in the sentence.
    expect(replies.still_available).toContain("Ja, der Cybex Sirona Z i-Size Kindersitz ist noch zu haben.");
    expect(replies.last_price).toBe(
      "Hallo! Der Preis liegt bei 180 €. Bei Abholung kann ich dir mit 160 € entgegenkommen – das ist dann aber das letzte Wort.",
    );
    expect(replies.pickup).toContain("Abholung ist in 50667 Köln möglich");
    // The seller's own words ("gut erhalten"), the defect once with its photo; no promise about other defects.
    expect(replies.condition).toBe(
      "Hallo! Zum Zustand: gut erhalten. Zu beachten: Gurtpolster leicht verblasst (siehe Foto 2). Ich kann dir gern noch ein Foto von einer bestimmten Stelle schicken.",
    );
    // The seller's own shipping cost and service, not a figure by category.
    expect(replies.shipping).toContain("Ja, Versand mit DHL ist möglich, für 5,49 €");
    expect(replies.lowball).toBe(
      "Hallo! Danke für deine Nachricht, aber so weit gehe ich nicht runter. Für 160 € kannst du den Artikel haben.",
    );
    // The floor (140 €) is the seller's secret: no reply names it.
    for (const text of Object.values(replies)) expect(text).not.toContain("140 €");
  });

  it("speak as 'wir' to 'Sie' for dealers, and say 'nur Abholung' where the offer says so", () => {
    const facts = adFacts(
      { ...ad, shipping: "excluded", pickup: "offered", shippingCost: null, shippingCarrier: null, postalCode: null, city: null },
      { city: "Bonn", postalCode: "53111" },
    );
    const replies = Object.fromEntries(
      buildReplies(facts, { ...strategy, mode: "festpreis", anchor: 160 }, "commercial").map((reply) => [reply.id, reply.text]),
    );
    expect(replies.last_price).toBe("Guten Tag! Der Preis von 160 € ist ein Festpreis.");
    expect(replies.shipping).toBe("Guten Tag! Versand ist bei diesem Artikel leider nicht möglich – nur Abholung in 53111 Bonn.");
    expect(replies.lowball).toBe(
      "Guten Tag! Vielen Dank für Ihre Nachricht. Der Preis von 160 € ist ein Festpreis, daran ändert sich nichts.",
    );
    for (const text of Object.values(replies)) expect(text).not.toContain("140 €");
    expect(replies.pickup).toContain("Wann passt es Ihnen?");
  });

  it("set no reservation rule the seller never set: no deadline, payment or pickup date, for a giveaway or a sale", () => {
    const replies = buildReplies(
      adFacts({ ...ad, pickup: "offered" }, { city: null, postalCode: null }),
      { ...strategy, mode: "verschenken", anchor: 0 },
      "private",
    );
    const reservation = replies.find((reply) => reply.id === "reservation")!.text;
    expect(reservation).toBe(
      "Hallo! Bis wann möchtest du den Artikel haben? Sag mir kurz Bescheid, dann schaue ich, ob ich ihn so lange für dich zurücklegen kann.",
    );
    // Nothing to buy and no pickup the seller never offered.
    const unsaid = buildReplies(
      adFacts({ ...ad, pickup: null }, { city: null, postalCode: null }),
      { ...strategy, mode: "verschenken", anchor: 0 },
      "private",
    );
    expect(unsaid.find((reply) => reply.id === "still_available")!.text).toContain("haben möchtest");
    expect(unsaid.find((reply) => reply.id === "last_price")!.text).not.toContain("abholen");
    // A giveaway sent for its postage: the buyer pays that, and only that.
    const posted = buildReplies(
      adFacts({ ...ad, pickup: null, shipping: "offered" }, { city: null, postalCode: null }),
      { ...strategy, mode: "verschenken", anchor: 0 },
      "private",
    );
    expect(posted.find((reply) => reply.id === "last_price")!.text).toMatch(/nur den Versand \(\d+,\d{2} €\) bezahlen/);
    const sale = buildReplies(adFacts({ ...ad, pickup: "offered" }, { city: null, postalCode: null }), strategy, "commercial");
    expect(sale.find((reply) => reply.id === "reservation")!.text).not.toMatch(/24 Stunden|bezahl|Abholtermin/);
  });

  it("answer 'Noch da?' with the item's own article, verb and pronoun: plural, feminine, or 'den Artikel' when unknown", () => {
    const stillAvailable = (itemName: string, optimizedTitle: string) =>
      buildReplies(
        adFacts({ ...ad, itemName, optimizedTitle, pickup: null, shipping: "offered" }, { city: null, postalCode: null }),
        strategy,
        "private",
      )[0].text;
    expect(stillAvailable("Gartenstühle", "Gartenstühle Grün")).toBe(
      "Hallo! Ja, die Gartenstühle Grün sind noch zu haben. Melde dich gern, wenn du sie kaufen möchtest.",
    );
    expect(stillAvailable("Nintendo Switch OLED", "Nintendo Switch OLED Weiß")).toContain(
      "Ja, die Nintendo Switch OLED Weiß ist noch zu haben. Melde dich gern, wenn du sie kaufen möchtest.",
    );
    expect(stillAvailable("Ferrari 42143", "LEGO Technic Ferrari 42143 – mit OVP")).toBe(
      "Hallo! Ja, „LEGO Technic Ferrari 42143“ ist noch zu haben. Melde dich gern, wenn du den Artikel kaufen möchtest.",
    );
  });
});

describe("the Verkaufshelfer states the seller's offer, nothing else (ADR 041)", () => {
  const ad = {
    optimizedTitle: "Winterjacke Jack Wolfskin Gr. M",
    itemName: "Winterjacke",
    description: null,
    originalDescription: null,
    imageAnalysis: null,
    category: "kleidung" as const,
    postalCode: null,
    city: null,
  };
  const strategyInput = { price: 45, type: "vb", floor: null, platform: "kleinanzeigen" } as const;
  const strategy = buildStrategy(strategyInput);
  const replies = (record: {
    shipping: Availability | null;
    pickup: Availability | null;
    shippingCost: number | null;
    shippingCarrier: "DHL" | null;
  }) =>
    Object.fromEntries(
      buildReplies(adFacts({ ...ad, ...record }, { city: "Köln", postalCode: "50667" }), strategy, "private").map((reply) => [
        reply.id,
        reply.text,
      ]),
    );

  it("shipping only, 5,49 € with DHL: that cost and service, and no pickup or visit", () => {
    const shipped = replies({ shipping: "offered", pickup: "excluded", shippingCost: 549, shippingCarrier: "DHL" });
    expect(shipped.shipping).toContain("Versand mit DHL ist möglich, für 5,49 €");
    expect(shipped.pickup).toBe("Hallo! Abholung ist bei diesem Artikel leider nicht möglich – nur Versand.");
    for (const id of ["still_available", "last_price", "reservation"]) {
      expect(shipped[id]).not.toMatch(/Abholung|vorbeikommen/);
    }
    expect(Object.values(shipped).join(" ")).not.toMatch(/4,49|6,99/);
  });

  it("pickup only: no shipping offered and no shipping cost named", () => {
    const collected = replies({ shipping: "excluded", pickup: "offered", shippingCost: null, shippingCarrier: null });
    expect(collected.shipping).toBe("Hallo! Versand ist bei diesem Artikel leider nicht möglich – nur Abholung in 50667 Köln.");
    expect(Object.values(collected).join(" ")).not.toMatch(/\d+,\d\d €/);
  });

  it("shipping unstated: no cost invented, the seller is to say", () => {
    const unstated = replies({ shipping: null, pickup: null, shippingCost: null, shippingCarrier: null });
    expect(unstated.shipping).toContain("Versand steht nicht in der Anzeige");
    expect(unstated.shipping).not.toMatch(/€/);
  });

  it("shipping offered, pickup unsaid: no pickup promised or refused, the seller is to say (ADR 064)", () => {
    const shipsOnly = replies({ shipping: "offered", pickup: null, shippingCost: 549, shippingCarrier: null });
    expect(shipsOnly.pickup).toContain("Abholung steht nicht in der Anzeige");
    expect(shipsOnly.pickup).not.toMatch(/nicht möglich|nur Versand/);
    for (const id of ["still_available", "last_price", "reservation"]) expect(shipsOnly[id]).not.toMatch(/vorbeikommen/);
  });

  it("names no price below the seller's where the seller set no minimum (ADR 089)", () => {
    const open = buildStrategy({ ...strategyInput, price: 200 });
    const texts = buildReplies(
      adFacts(
        { ...ad, shipping: "offered", pickup: "offered", shippingCost: null, shippingCarrier: null },
        { city: null, postalCode: null },
      ),
      open,
      "private",
    );
    const text = (id: string) => texts.find((reply) => reply.id === id)!.text;
    expect(text("last_price")).toBe("Hallo! Der Preis liegt bei 200 €, verhandelbar. Mach mir gern ein Angebot.");
    expect(text("lowball")).toBe(
      "Hallo! Danke für deine Nachricht, aber so weit gehe ich nicht runter. Mach mir gern ein besseres Angebot.",
    );
    expect(texts.map((reply) => reply.text).join("\n")).not.toMatch(/1\d\d €/);
  });

  it("an offer of the last-word price is taken, and an offer above the price is answered with the price", () => {
    // 45 € VB with no minimum of the seller's: negotiable as the seller said, no stance on the room for a discount.
    const small = replies({ shipping: "offered", pickup: "offered", shippingCost: null, shippingCarrier: null }).last_price;
    expect(small).toBe("Hallo! Der Preis liegt bei 45 €, verhandelbar. Mach mir gern ein Angebot.");
    // The seller's own minimum at 44 € leaves no step between the last word and the price: no "concession" of the price itself (ADR 086).
    const tight = buildReplies(
      adFacts(
        { ...ad, shipping: "offered", pickup: "offered", shippingCost: null, shippingCarrier: null },
        { city: null, postalCode: null },
      ),
      buildStrategy({ ...strategyInput, floor: 44 }),
      "private",
    ).find((reply) => reply.id === "last_price")!.text;
    expect(tight).toBe("Hallo! Der Preis liegt bei 45 €, viel Luft ist da nicht. Mach mir gern ein Angebot.");
    const larger = buildStrategy({ ...strategyInput, price: 200, floor: 170 });
    const lastWord = /mit (\d+) € entgegenkommen – das ist dann aber das letzte Wort/.exec(
      buildReplies(
        adFacts(
          { ...ad, shipping: "offered", pickup: "offered", shippingCost: null, shippingCarrier: null },
          { city: null, postalCode: null },
        ),
        larger,
        "private",
      ).find((reply) => reply.id === "last_price")!.text,
    );
    expect(lastWord).not.toBeNull();
    const named = Number(lastWord![1]);
    expect(named).toBeLessThan(200);
    expect(counterOffer(named, larger)).toEqual({ decision: "accept", price: named });
    expect(counterOffer(90, strategy)).toEqual({ decision: "above", price: 45 });
    expect(counterOfferMessage(90, counterOffer(90, strategy), "private")).toBe(
      "Hallo! Danke für deine Nachricht. Der Preis ist 45 € – mehr als das nehme ich nicht. Für 45 € kannst du den Artikel gern haben.",
    );
  });
});

describe("the Verkaufshelfer states nothing the seller did not say", () => {
  const strategy = buildStrategy({ price: 40, type: "vb", floor: null, platform: "kleinanzeigen" });
  const replies = (
    note: string,
    condition: string | null,
    extra: { shipping?: Availability | null; pickup?: Availability | null; defects?: string[] } = {},
  ) =>
    Object.fromEntries(
      buildReplies(
        adFacts(
          {
            optimizedTitle: "Babyschale Maxi-Cosi",
            itemName: "Babyschale",
            description: note,
            originalDescription: note,
            imageAnalysis: {
              brand: null,
              model: null,
              serialNumber: null,
              condition,
              defects: (extra.defects ?? []).map((text) => ({ text, photoIndex: null })),
            },
            category: "familie",
            shipping: extra.shipping === undefined ? "offered" : extra.shipping,
            pickup: extra.pickup === undefined ? "offered" : extra.pickup,
            shippingCost: 499,
            shippingCarrier: null,
            postalCode: "50667",
            city: "Köln",
          },
          { city: null, postalCode: null },
        ),
        strategy,
        "private",
      ).map((reply) => [reply.id, reply.text]),
    );

  it("quotes the seller's condition words instead of a grade read from them, and promises nothing about other defects", () => {
    const kit = replies("Babyschale, funktioniert tadellos, zweimal benutzt, 40 € VB", "Sehr gut");
    expect(kit.condition).toBe(
      "Hallo! Zum Zustand: funktioniert tadellos, zweimal benutzt. Ich kann dir gern noch ein Foto von einer bestimmten Stelle schicken.",
    );
    expect(Object.values(kit).join("\n")).not.toMatch(/Sehr gut|Neuwertig|Mängel|wie auf den Fotos/);
  });

  it("quotes the condition words as a careful seller writes them (ADR 086)", () => {
    expect(replies("Jacke, 2 saisons getragen, funzt alles einwandfrei, 40 € VB", null).condition).toBe(
      "Hallo! Zum Zustand: 2 Saisons getragen, funktioniert alles einwandfrei. Ich kann dir gern noch ein Foto von einer bestimmten Stelle schicken.",
    );
  });

  it("leaves the condition reply out where the ad says nothing about the condition", () => {
    const kit = replies("Babyschale, 40 € VB", "Gut");
    expect(kit.condition).toBeUndefined();
    expect(Object.keys(kit)).toEqual(["still_available", "last_price", "shipping", "pickup", "lowball", "reservation"]);
  });

  it("says a defect once, keeps a bracket whole and a noun's capital inside the sentence (ADR 089)", () => {
    const shelf = replies("Regal, paar kleine kratzer auf dem boden sieht man kaum, 40 € VB", null, {
      defects: ["Ein paar kleine Kratzer auf dem Boden sieht man kaum"],
    });
    expect(shelf.condition).toBe(
      "Hallo! Zu beachten: Ein paar kleine Kratzer auf dem Boden sieht man kaum. Ich kann dir gern noch ein Foto von einer bestimmten Stelle schicken.",
    );
    const monitor = replies(
      "Monitor, 1 pixelfehler oben rechts (nur auf weißem hintergrund sichtbar, stört mich nicht). kaum genutzt",
      null,
    );
    expect(monitor.condition).toContain("1 Pixelfehler oben rechts (nur auf weißem Hintergrund sichtbar, stört mich nicht)");
    expect(replies("Maschine, milchsystem funktioniert, wassertank hat nen sprung", null).condition).toContain(
      "Zum Zustand: Milchsystem funktioniert, Wassertank hat einen Sprung.",
    );
  });

  it("keeps a shipping cost the seller estimated an estimate (ADR 089)", () => {
    expect(replies("Babyschale, 40 € VB, versand ca 4,99€", null).shipping).toBe(
      "Hallo! Ja, Versand ist möglich, für etwa 4,99 € zusätzlich zum Preis.",
    );
    expect(replies("Babyschale, 40 € VB, versand 4,99€", null).shipping).toBe(
      "Hallo! Ja, Versand ist möglich, für 4,99 € zusätzlich zum Preis.",
    );
  });

  it("names the grade the seller wrote, in their words", () => {
    expect(replies("Babyschale, sehr gut erhalten, 40 € VB", "Sehr gut").condition).toContain("Zum Zustand: sehr gut erhalten.");
  });

  it("names no payment method the seller did not name: no cash at pickup, no payment service with shipping", () => {
    const kit = replies("Babyschale, kaum benutzt, 40 € VB", null);
    expect(kit.pickup).toBe("Hallo! Abholung ist in 50667 Köln möglich. Wann passt es dir?");
    expect(kit.shipping).toBe("Hallo! Ja, Versand ist möglich, für 4,99 € zusätzlich zum Preis.");
    expect(kit.payment).toBeUndefined();
    expect(Object.values(kit).join("\n")).not.toMatch(/\bbar\b|PayPal|Überweisung|Sicher bezahlen/);
  });

  it("names exactly the payment methods the seller named, in a reply of their own", () => {
    expect(replies("Babyschale, 40 € VB, Zahlung per PayPal", null).payment).toBe("Hallo! Bezahlung ist möglich: PayPal.");
    // Where the seller says more than the methods, the reply quotes them (ADR 089).
    expect(replies("Babyschale, 40 € VB, PayPal oder bar bei Abholung", null).payment).toBe(
      "Hallo! Zur Bezahlung: PayPal oder bar bei Abholung.",
    );
    expect(replies("Tasche, 45 €, paypal freunde nur wenn ihr das risiko kennt, ansonsten überweisung", null).payment).toBe(
      "Hallo! Zur Bezahlung: PayPal Freunde nur, wenn ihr das Risiko kennt, ansonsten Überweisung.",
    );
    expect(replies("Schuhe, 60 €, paypal ok (gebühren zahlst du) lg", null).payment).toBe(
      "Hallo! Zur Bezahlung: PayPal ok (gebühren zahlst du).",
    );
    expect(replies("Zug, 140 € VB. Bezahlung per Überweisung oder bar bei Abholung.", null).payment).toBe(
      "Hallo! Zur Bezahlung: Per Überweisung oder bar bei Abholung.",
    );
    expect(replies("Babyschale, 40 € VB, kein PayPal", null).payment).toBeUndefined();
  });
});

/** An ad without photos, handover or place, for the replies that read only its name, note and price (ADR 093, 094). */
const bareAd = {
  description: null,
  originalDescription: null,
  imageAnalysis: null,
  category: "sonstiges" as const,
  shipping: null,
  pickup: null,
  shippingCost: null,
  shippingCarrier: null,
  postalCode: null,
  city: null,
};
/** The ready reply `id` for an ad at `price` euros without a price type. */
const replyAt = (price: number) => (ad: Parameters<typeof adFacts>[0], id: string) =>
  buildReplies(
    adFacts(ad, { city: null, postalCode: null }),
    buildStrategy({ price, type: null, floor: null, platform: "kleinanzeigen" }),
    "private",
    false,
  ).find((entry) => entry.id === id)?.text;

describe("the Verkaufshelfer names the lot's price with the piece's, and the title's article (ADR 093)", () => {
  const base = { ...bareAd, category: "spielzeug" as const };
  const reply = replyAt(20);

  it("says the piece's price beside the lot's where the card shows both", () => {
    const lot = { ...base, optimizedTitle: "3 Revell Bausätze", itemName: "revell bausätze", perPiecePrice: 800 };
    expect(reply(lot, "last_price")).toBe("Hallo! Der Preis ist 20 € (einzeln je 8 €).");
    expect(reply({ ...lot, perPiecePrice: null }, "last_price")).toBe("Hallo! Der Preis ist 20 €.");
  });

  it("takes the article from the title's head where the typed name says less", () => {
    const ad = { ...base, optimizedTitle: "HABA Kullerbü Kugelbahn Grundpaket – nur Abholung", itemName: "kugelbahn" };
    expect(reply(ad, "still_available")).toContain("Ja, das HABA Kullerbü Kugelbahn Grundpaket ist noch zu haben.");
  });
});

describe("the Verkaufshelfer names the item as the ad's heading does (ADR 094)", () => {
  const base = { ...bareAd, category: "elektronik" as const };
  const reply = replyAt(8);

  it("uses the heading's name, not a title with what comes with the item (a 65-character name in a sentence)", () => {
    const ad = {
      ...base,
      itemName: "mx master 3",
      optimizedTitle: "Logitech MX Master 3 Maus Graphit mit USB-Empfänger und Ladekabel",
      description: "📦 **Logitech MX Master 3 Maus**\nIch verkaufe meine Logitech MX Master 3 Maus.",
    };
    expect(reply(ad, "still_available")).toContain("Ja, die Logitech MX Master 3 Maus ist noch zu haben.");
  });

  it("takes the article from the seller's possessive where no word gives one", () => {
    const ad = {
      ...base,
      itemName: "sodastream",
      optimizedTitle: "Sodastream Crystal",
      originalDescription: "verkaufe unseren sodastream crystal",
    };
    expect(reply(ad, "still_available")).toContain("Ja, der Sodastream Crystal ist noch zu haben.");
  });

  it("says no piece's price that is the lot's ('8 € (einzeln je 8 €)')", () => {
    const ad = { ...base, itemName: "jumpsuits", optimizedTitle: "2 Jumpsuits", perPiecePrice: 800, askingPrice: 800 };
    expect(reply(ad, "last_price")).toBe("Hallo! Der Preis ist 8 €.");
  });
});

describe("the Verkaufshelfer's condition and shipping replies (ADR 094)", () => {
  const base = { ...bareAd, itemName: "Kaffeebecher", optimizedTitle: "6 Kahla Kaffeebecher" };
  const reply = replyAt(20);

  it("says what holds of the rest after the defect it answers ('Zum Zustand: Rest top.' was a fragment)", () => {
    const ad = {
      ...base,
      originalDescription: "6 kaffeebecher\neiner hat ne macke am henkel\nrest top",
      imageAnalysis: {
        brand: null,
        model: null,
        serialNumber: null,
        condition: null,
        defects: [{ text: "Einer hat eine Macke am Henkel", photoIndex: null }],
      },
    };
    expect(reply(ad, "condition")).toMatch(/^Hallo! Zu beachten: Einer hat eine Macke am Henkel\. Rest top\. /);
  });

  it("ships 'mit der Deutschen Post'", () => {
    const ad = { ...base, shipping: "offered" as const, shippingCost: 200, shippingCarrier: "Deutsche Post" as const };
    expect(reply(ad, "shipping")).toContain("mit der Deutschen Post");
  });
});

describe("the Verkaufshelfer names no payment the seller did not name (ADR 094)", () => {
  it("reads '8 bar' as a compressor's pressure, not cash", () => {
    expect(paymentMethods("moin, güde kompressor 24 liter 8 bar")).toEqual([]);
    expect(paymentMethods("zahlung bar bei abholung")).toEqual(["bar"]);
  });
});
