import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { legalPageLoader } from "~/.server/app-worker/legal";
import { Detail, LegalPage, LegalSection } from "~/components/legal";
import { legalPageMeta } from "~/lib/page-meta";
import { formatEuroCents } from "~/lib/format";
import { PLANS } from "~/lib/plans";

export const loader = legalPageLoader("/agb");

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  legalPageMeta({
    title: "Allgemeine Geschäftsbedingungen",
    description: "Die AGB von AnzeigenPilot: Leistungen, Preise, Laufzeit und Kündigung, Widerruf und Haftung.",
    canonical: data?.canonical,
  });

export default function Agb() {
  const { operator } = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Allgemeine Geschäftsbedingungen">
      <LegalSection title="§ 1 Anbieter und Geltung">
        <p>
          Anbieter ist <Detail value={operator.name} setting="OPERATOR_NAME" />,{" "}
          <Detail value={operator.address} setting="OPERATOR_ADDRESS" />. Diese Bedingungen gelten für die Nutzung von AnzeigenPilot.
        </p>
      </LegalSection>
      <LegalSection title="§ 2 Leistungen">
        <p>
          AnzeigenPilot erstellt aus Fotos und Angaben Vorschläge für Verkaufsanzeigen. Die Veröffentlichung auf Marktplätzen und die
          Richtigkeit der Anzeige liegen beim Verkäufer.
        </p>
      </LegalSection>
      <LegalSection title="§ 3 Preise und Tarife">
        <ul className="list-disc space-y-1 pl-5">
          <li>Kostenlos: 1 Anzeige.</li>
          <li>
            {PLANS.pro_pack.name}: {formatEuroCents(PLANS.pro_pack.priceCents)} einmalig für 10 Anzeigen.
          </li>
          <li>
            {PLANS.power.name}: {formatEuroCents(PLANS.power.priceCents)} pro Monat für 200 Anzeigen je Abrechnungsmonat.
          </li>
          <li>
            {PLANS.pro_weekly.name}: {formatEuroCents(PLANS.pro_weekly.priceCents)} pro Woche, unbegrenzte Anzeigen im Rahmen fairer
            Nutzung.
          </li>
        </ul>
        <p>Alle Preise enthalten 19 % Umsatzsteuer.</p>
      </LegalSection>
      <LegalSection title="§ 4 Laufzeit und Kündigung">
        <p>Abonnements verlängern sich automatisch um die jeweilige Laufzeit und sind jederzeit zum Ende der laufenden Periode kündbar.</p>
      </LegalSection>
      <LegalSection title="§ 5 Widerrufsrecht">
        <p>
          Verbraucher haben ein gesetzliches Widerrufsrecht von 14 Tagen. Es erlischt bei digitalen Leistungen, wenn die Ausführung mit
          deiner ausdrücklichen Zustimmung vor Ablauf der Frist beginnt.
        </p>
      </LegalSection>
      <LegalSection title="§ 6 Haftung">
        <p>
          Wir haften unbeschränkt bei Vorsatz, grober Fahrlässigkeit und für Schäden aus der Verletzung von Leben, Körper oder Gesundheit;
          im Übrigen nur bei Verletzung wesentlicher Vertragspflichten und begrenzt auf den vorhersehbaren Schaden.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
