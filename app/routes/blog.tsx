import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { Clock } from "lucide-react";
import { ContentPage } from "~/components/site-header";
import { BRAND_IMAGES, pageMeta } from "~/lib/page-meta";
import { buttonClasses } from "~/components/ui/button";

export function loader({ context }: LoaderFunctionArgs) {
  return { canonical: `${context.config.PUBLIC_BASE_URL}/blog` };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "7 Geheimnisse für Kleinanzeigen, die sich schneller verkaufen",
    description:
      "Sieben erprobte Tipps für bessere Kleinanzeigen: Titel, Fotos, Beschreibung, Preis und Rechtliches. Mit Beispielen für Kleinanzeigen, eBay und Vinted.",
    canonical: data?.canonical,
    type: "article",
    image: BRAND_IMAGES.blog,
    imageAlt: "Blog von AnzeigenPilot: 7 Geheimnisse für Kleinanzeigen, die sich schneller verkaufen",
  });

const TIPS = [
  {
    title: "Ein Titel, der gefunden wird",
    text: "Marke, Modell, Größe und Zustand gehören nach vorne – so wie Käufer suchen. Halte den Titel bei höchstens 80 Zeichen: Längere Titel werden in der Trefferliste abgeschnitten, und Kleinanzeigen erlaubt ohnehin nur 65.",
  },
  {
    title: "Fotos bei Tageslicht",
    text: "Fotografiere am Fenster, ohne Blitz, vor ruhigem Hintergrund. Das erste Foto zeigt den ganzen Artikel, die weiteren Details, Typenschild und Mängel.",
  },
  {
    title: "Mängel offen zeigen",
    text: "Ein Kratzer, den der Käufer vorher kennt, ist kein Streitpunkt. Ehrliche Anzeigen bekommen weniger Rückfragen und seltener Ärger.",
  },
  {
    title: "Gliedern statt Fließtext",
    text: "Kurze Abschnitte mit klaren Überschriften – Zustand, Details, Lieferumfang, Abholung – lesen sich auch auf dem Handy in Sekunden.",
  },
  {
    title: "Den Preis begründen",
    text: "Nenne den Neupreis und das Alter. Ein realistischer Preis mit kleinem Verhandlungsspielraum (VB) verkauft schneller als ein Mondpreis.",
  },
  {
    title: "Rechtliches nicht vergessen",
    text: "Privat darfst du die Sachmängelhaftung ausschließen – aber nie für Schäden an Leben, Körper und Gesundheit oder bei Vorsatz und grober Fahrlässigkeit. Händler dürfen das gar nicht.",
  },
  {
    title: "Schnell antworten",
    text: "Die ersten Stunden entscheiden. Antworte zügig und freundlich, und biete Abholung und Versand an, wenn es geht.",
  },
];

const TESTIMONIALS = [
  {
    quote: "Früher habe ich für jede Anzeige eine halbe Stunde gebraucht. Jetzt lade ich die Fotos hoch und bin fertig.",
    name: "Sabine, Köln",
  },
  { quote: "Die Seriennummer-Erkennung spart mir beim Verkauf von Werkzeug enorm viel Tipparbeit.", name: "Murat, Händler aus Dortmund" },
  { quote: "Mein Kinderwagen war nach zwei Tagen verkauft – mit einer Anzeige, die wirklich professionell aussah.", name: "Lena, Leipzig" },
];

export default function Blog() {
  return (
    <ContentPage>
      <article className="space-y-6 text-slate-800">
        <header>
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <Clock aria-hidden className="size-4" /> Lesezeit: 5 Minuten
          </p>
          <h1 className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl">
            7 Geheimnisse für Kleinanzeigen, die sich schneller verkaufen
          </h1>
        </header>
        <section aria-labelledby="problem">
          <h2 id="problem" className="text-xl font-bold text-slate-900">
            Das Problem
          </h2>
          <p className="mt-2">
            Auf Kleinanzeigen, eBay und Vinted stehen Millionen Angebote. Die meisten haben einen nichtssagenden Titel, ein dunkles Foto und
            drei Zeilen Text. Käufer scrollen daran vorbei – und der Keller bleibt voll.
          </p>
        </section>
        <section aria-labelledby="tips">
          <h2 id="tips" className="text-xl font-bold text-slate-900">
            Die sieben Tipps
          </h2>
          <ol className="mt-4 space-y-4">
            {TIPS.map((tip, index) => (
              <li key={tip.title} className="rounded-xl border border-slate-200 bg-white p-4">
                <h3 className="font-bold text-slate-900">
                  {index + 1}. {tip.title}
                </h3>
                <p className="mt-1">{tip.text}</p>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="pitch" className="rounded-2xl bg-primary-50 p-6">
          <h2 id="pitch" className="text-xl font-bold text-primary-900">
            Alle sieben Tipps auf Knopfdruck
          </h2>
          <p className="mt-2 text-primary-900">
            AnzeigenPilot setzt diese Regeln automatisch um: Titel nach Plattform-Limit, gegliederte Beschreibung, ehrliche Mängelliste,
            Preisvorschlag und die passenden Rechtshinweise. Die erste Anzeige ist kostenlos.
          </p>
          <a href="/api/login" className={buttonClasses("accent", "lg", "mt-4")}>
            Jetzt kostenlos ausprobieren
          </a>
        </section>
        <section aria-labelledby="voices">
          <h2 id="voices" className="text-xl font-bold text-slate-900">
            Das sagen Verkäufer
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {TESTIMONIALS.map((testimonial) => (
              <li key={testimonial.name}>
                <figure className="h-full rounded-xl border border-slate-200 bg-white p-4">
                  <blockquote className="text-slate-800">„{testimonial.quote}“</blockquote>
                  <figcaption className="mt-2 text-sm font-semibold text-slate-600">{testimonial.name}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-label="Weiterlesen" className="flex flex-wrap gap-4 border-t border-slate-200 pt-4 text-sm font-medium text-primary-700">
          <Link to="/docs">Datenschutz</Link>
          <Link to="/investors">Für Investoren</Link>
          <Link to="/">Zur Startseite</Link>
        </nav>
      </article>
    </ContentPage>
  );
}
