import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { legalPageLoader } from "~/.server/app-worker/legal";
import { Detail, LegalPage, LegalSection } from "~/components/legal";
import { legalPageMeta } from "~/lib/page-meta";

export const loader = legalPageLoader("/impressum");

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  legalPageMeta({
    title: "Impressum",
    description: "Impressum von AnzeigenPilot: Anbieterkennzeichnung nach § 5 DDG.",
    canonical: data?.canonical,
  });

export default function Impressum() {
  const { operator } = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Impressum">
      <LegalSection title="Angaben gemäß § 5 DDG">
        <p>
          <Detail value={operator.name} setting="OPERATOR_NAME" />
          <br />
          <Detail value={operator.address} setting="OPERATOR_ADDRESS" />
        </p>
      </LegalSection>
      <LegalSection title="Kontakt">
        <p>
          E-Mail: <Detail value={operator.email} setting="OPERATOR_EMAIL" />
          <br />
          Telefon: <Detail value={operator.phone} setting="OPERATOR_PHONE" />
        </p>
      </LegalSection>
      <LegalSection title="Umsatzsteuer-ID">
        <p>
          Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: <Detail value={operator.vatId} setting="OPERATOR_VAT_ID" />
        </p>
      </LegalSection>
      <LegalSection title="Verbraucherstreitbeilegung">
        <p>
          Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.
        </p>
      </LegalSection>
      <LegalSection title="Datenquellen">
        <p>
          Postleitzahlen und Orte: ©{" "}
          <a href="https://www.openstreetmap.org/copyright" className="underline">
            OpenStreetMap-Mitwirkende
          </a>
          , verfügbar unter der{" "}
          <a href="https://opendatacommons.org/licenses/odbl/1-0/" className="underline">
            Open Database License (ODbL) 1.0
          </a>
          .
        </p>
        <p>
          Wörterbuch für die Großschreibung von Substantiven: german-pos-dict von{" "}
          <a href="https://github.com/languagetool-org/german-pos-dict" className="underline">
            LanguageTool
          </a>{" "}
          (nach Morphy), verfügbar unter der{" "}
          <a href="https://creativecommons.org/licenses/by-sa/4.0/deed.de" className="underline">
            Lizenz CC BY-SA 4.0
          </a>
          .
        </p>
      </LegalSection>
      <LegalSection title="Haftung für Inhalte">
        <p>
          Die mit AnzeigenPilot erstellten Anzeigentexte sind Vorschläge. Für die Richtigkeit der veröffentlichten Anzeige ist der jeweilige
          Verkäufer verantwortlich.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
