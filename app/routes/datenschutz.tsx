import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { legalPageLoader } from "~/.server/app-worker/legal";
import { Detail, LegalPage, LegalSection } from "~/components/legal";
import { legalPageMeta } from "~/lib/page-meta";

export const loader = legalPageLoader("/datenschutz");

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  legalPageMeta({
    title: "Datenschutzerklärung",
    description:
      "Wie AnzeigenPilot mit deinen Daten und Fotos umgeht: Zwecke, Rechtsgrundlagen, Speicherdauer und deine Rechte nach DSGVO.",
    canonical: data?.canonical,
  });

export default function Datenschutz() {
  const { operator } = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Datenschutzerklärung">
      <LegalSection title="1. Verantwortlicher">
        <p>
          <Detail value={operator.name} setting="OPERATOR_NAME" />, <Detail value={operator.address} setting="OPERATOR_ADDRESS" />, E-Mail:{" "}
          <Detail value={operator.email} setting="OPERATOR_EMAIL" />
        </p>
      </LegalSection>
      <LegalSection title="2. Welche Daten wir verarbeiten">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Konto: E-Mail-Adresse und freiwillige Profilangaben (Name, Adresse, Telefon, Firmenname) – zur Vertragserfüllung (Art. 6 Abs. 1
            lit. b DSGVO).
          </li>
          <li>Anzeigen: deine Angaben und Fotos, um die Anzeige zu erstellen und anzuzeigen (Art. 6 Abs. 1 lit. b DSGVO).</li>
          <li>
            Protokolle: Aktionen mit gekürzter IP-Adresse (letzter Block entfernt), Land und auf 50 Zeichen gekürztem Browser-Kennzeichen –
            zur Sicherheit und Fehlersuche (Art. 6 Abs. 1 lit. f DSGVO). Löschung nach 90 Tagen.
          </li>
          <li>Zahlungen: über Stripe; wir speichern nur Kunden- und Abo-Kennungen, keine Kartendaten.</li>
          <li>
            Kostenlose erste Anzeige: Damit sie jede Person nur einmal erhält, speichern wir beim Anlegen und beim Löschen eines Kontos
            einen verschlüsselten Fingerabdruck (HMAC) der vereinheitlichten E-Mail-Adresse – nicht die Adresse selbst. Zweck:
            Missbrauchsvermeidung; Rechtsgrundlage: Art. 6 Abs. 1 lit. f DSGVO (berechtigtes Interesse, das kostenlose Angebot nicht
            mehrfach zu vergeben); Speicherdauer: 2 Jahre, auch nach Löschung des Kontos.
          </li>
          <li>
            Verkaufshelfer: Nachrichten von Käufern, die du zur Betrugsprüfung einfügst, werden nur für die Prüfung verarbeitet (ist ein
            Sprachmodell angebunden, auch von diesem, für eine zusätzliche Einschätzung) und nicht gespeichert; protokolliert wird nur das
            Ergebnis (z. B. „Betrugsmuster: Spedition“), nie der Text (Art. 6 Abs. 1 lit. b DSGVO). Dein „Minimum“ speichern wir zur
            Anzeige.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="3. KI-Verarbeitung">
        <p>
          Fotos und Angaben werden zur Texterstellung an das KI-Modell übermittelt (Cloudflare Workers AI bzw. den konfigurierten Anbieter).
          Sie werden nicht zum Training verwendet. Konto, Anzeigen und Fotos speichern wir in der EU; die Texterstellung selbst kann in
          Cloudflares weltweitem Netz auch außerhalb der EU laufen. Cloudflare speichert Fotos und Angaben dabei nicht; Grundlage der
          Übermittlung ist der Auftragsverarbeitungsvertrag mit Cloudflare einschließlich der EU-Standardvertragsklauseln (Art. 46 Abs. 2
          lit. c DSGVO).
        </p>
      </LegalSection>
      <LegalSection title="4. Cookies und lokaler Speicher">
        <p>
          Wir setzen nur ein technisch notwendiges Sitzungs-Cookie (HttpOnly, 30 Tage). Im lokalen Speicher deines Browsers liegen dein
          Anmelde-Token, deine KI-Prompt-Einstellungen und ob du die Einführung gesehen hast. Kein Tracking, keine Werbe-Cookies.
        </p>
      </LegalSection>
      <LegalSection title="5. Speicherdauer">
        <p>
          Konto- und Anzeigendaten bis zur Löschung deines Kontos. Beim Löschen entfernen wir Konto, Sitzungen, Anzeigen und alle Fotos;
          Protokolleinträge werden anonymisiert.
        </p>
      </LegalSection>
      <LegalSection title="6. Deine Rechte">
        <p>
          Auskunft, Berichtigung, Löschung, Einschränkung, Datenübertragbarkeit und Widerspruch (Art. 15–21 DSGVO) sowie Beschwerde bei
          einer Aufsichtsbehörde. Dein Konto kannst du jederzeit selbst in den Einstellungen löschen.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
