// What the landing page and the plan tables promise, per AI mode (ADR 035). The offline writer
// (AI_PROVIDER=offline) reads the seller's note, not the photos: it recognises no brand, model,
// serial number or defect on a photo and estimates a price only from a new price named in the note.
// So in that mode no such promise is made; with a model (Workers AI, OpenAI-compatible) the photo
// features are real. Pure, and read only by loaders: a page gets the texts of the running mode as
// loader data, so the landing page's JavaScript carries neither variant (ADR 018, ADR 035).
import { PLANS, type Plan, type PlanId } from "./plans";

export type BenefitIcon = "clock" | "timer" | "scan" | "tag" | "phone";
export type Benefit = { icon: BenefitIcon; title: string; text: string };
export type LandingPromises = {
  hero: string;
  benefits: Benefit[];
  demo: { before: string; after: string };
};

const LEGAL =
  "Privatverkauf unter Ausschluss jeglicher Sachmängelhaftung. Die Haftung für Verletzungen von Leben, Körper und Gesundheit sowie für Vorsatz und grobe Fahrlässigkeit bleibt unberührt.";

const SAVED: Benefit[] = [
  {
    icon: "clock",
    title: "12 Minuten gespart",
    text: "…pro Anzeige. Kein Grübeln über Titel, Aufbau und Formulierungen mehr.",
  },
  {
    icon: "timer",
    title: "30 Sekunden statt 30 Minuten",
    text: "Fotos hochladen, zwei Stichworte – die fertige Anzeige ist da, bevor der Kaffee durchgelaufen ist.",
  },
];
const MOBILE: Benefit = {
  icon: "phone",
  title: "Profi-Texte vom Handy",
  text: "Für unterwegs gebaut. Die erste Anzeige ist kostenlos – ganz ohne Kreditkarte.",
};

const MODEL: LandingPromises = {
  hero: "Fotos hochladen, zwei Stichworte – AnzeigenPilot schreibt Titel, Beschreibung, Preisvorschlag und die richtigen Rechtshinweise. Die erste Anzeige ist kostenlos, ohne Kreditkarte.",
  benefits: [
    ...SAVED,
    {
      icon: "scan",
      title: "Seriennummer erkannt",
      text: "Marke, Modell und Seriennummer werden erkannt und mit Herstellerinfos ergänzt.",
    },
    MOBILE,
  ],
  demo: {
    before: "Kaffeemaschine zu verkaufen. Funktioniert noch. 80 Euro. Abholung.",
    after: `☕ **DeLonghi Magnifica S ECAM 22.110.B – Kaffeevollautomat**
Ich verkaufe meinen Kaffeevollautomaten in **sehr gutem Zustand**.

🔧 **Technische Daten**
- Hersteller: De'Longhi, Modell ECAM 22.110.B
- 15 bar Pumpendruck, Kegelmahlwerk mit 13 Stufen
- Wassertank 1,8 l, Milchaufschäumdüse

🏭 **Herstellerinfo**
- Seriennummer erkannt: 1234-56789 – Baujahr 2021

✨ **Zustand**
- Regelmäßig entkalkt, Brühgruppe gereinigt
- *Hinweis:* kleiner Kratzer an der rechten Seite (siehe Foto 3)

📞 **Kontakt**
- Fragen gerne per Nachricht, Abholung in Köln-Ehrenfeld

⚖️ **Rechtliche Hinweise**
${LEGAL}`,
  },
};

/** Offline: everything in the example comes from the note, as the offline writer works. */
const OFFLINE: LandingPromises = {
  hero: "Fotos hochladen, ein paar Stichworte – AnzeigenPilot schreibt Titel, Beschreibung und die richtigen Rechtshinweise, mit deinem Preis genau so, wie du ihn nennst. Die erste Anzeige ist kostenlos, ohne Kreditkarte.",
  benefits: [
    ...SAVED,
    {
      icon: "tag",
      title: "Dein Preis bleibt dein Preis",
      text: "„250 VB“, „70 € Festpreis“ oder „zu verschenken“: genau so in jeder Fassung, ohne Raten.",
    },
    MOBILE,
  ],
  demo: {
    before:
      "delonghi magnifica s kaffeevollautomat, funktioniert einwandfrei, regelmäßig entkalkt, kleiner kratzer rechts. 80 VB, nur abholung köln",
    after: `☕ **DeLonghi Magnifica S Kaffeevollautomat**
Ich verkaufe meinen Kaffeevollautomaten DeLonghi Magnifica S.

✨ **Zustand**
- Funktioniert einwandfrei, regelmäßig entkalkt
- *Hinweis:* kleiner Kratzer rechts

📦 **Übergabe**
- Nur Abholung in Köln

💶 **Preis:** 80 € VB

⚖️ **Rechtliche Hinweise**
${LEGAL}`,
  },
};

export function landingPromises(offlineMode: boolean): LandingPromises {
  return offlineMode ? OFFLINE : MODEL;
}

/** Plan features the offline writer cannot keep are left out or said as it works. */
const OFFLINE_FEATURES: Record<string, string | null> = {
  "Bildanalyse mit Mängelerkennung": null,
  Preisempfehlung: "Preis aus deinen Angaben oder dem Neupreis",
  Preisvorschlag: "Preis aus deinen Angaben oder dem Neupreis",
};

export function planFeatures(plan: Plan, offlineMode: boolean): string[] {
  if (!offlineMode) return plan.features;
  return plan.features.flatMap((feature) => {
    const replacement = OFFLINE_FEATURES[feature];
    if (replacement === undefined) return [feature];
    return replacement === null ? [] : [replacement];
  });
}

/** Every plan's features as the running mode keeps them, for the plan tables' loader data. */
export function planFeatureTable(offlineMode: boolean): Record<PlanId, string[]> {
  return Object.fromEntries(Object.values(PLANS).map((plan) => [plan.id, planFeatures(plan, offlineMode)])) as Record<PlanId, string[]>;
}
