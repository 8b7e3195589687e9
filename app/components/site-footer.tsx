// The footer of every public page (docs/PRODUCT.md, "Pages").
import { Link } from "@remix-run/react";
import { berlinYear } from "~/lib/format";

function SocialIcon({ label, href, path }: { label: string; href: string; path: string }) {
  return (
    <a href={href} aria-label={label} className="grid size-10 place-items-center rounded-full bg-slate-800 text-white hover:bg-primary-700">
      <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="currentColor">
        <path d={path} />
      </svg>
    </a>
  );
}

const ICONS = {
  instagram:
    "M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4Zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0ZM21 7.1c0-1.6-.5-3-1.6-4.1A5.8 5.8 0 0 0 15.3 1.5C13.7 1.4 10.3 1.4 8.7 1.5 7.1 1.5 5.7 2 4.6 3 3.5 4.1 3 5.5 3 7.1c-.1 1.6-.1 5 0 6.6 0 1.6.5 3 1.6 4.1a5.8 5.8 0 0 0 4.1 1.5c1.6.1 5 .1 6.6 0 1.6 0 3-.5 4.1-1.5A5.8 5.8 0 0 0 21 13.7c.1-1.6.1-5 0-6.6Z",
  facebook: "M14 8.5V6.8c0-.8.2-1.3 1.4-1.3H17V2.6c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.1H8.4v3h2.5V21h3.1v-9.5h2.5l.4-3H14Z",
  youtube:
    "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3L10 15Z",
};

export function SiteFooter() {
  return (
    <footer className="bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-3">
        <div>
          <p className="text-lg font-extrabold text-white">AnzeigenPilot</p>
          <p className="mt-2 text-sm text-slate-300">Kleinanzeigen mit KI – in 30 Sekunden statt 30 Minuten.</p>
          <div className="mt-4 flex gap-2">
            <SocialIcon label="AnzeigenPilot auf Instagram" href="https://www.instagram.com/anzeigenpilot" path={ICONS.instagram} />
            <SocialIcon label="AnzeigenPilot auf Facebook" href="https://www.facebook.com/anzeigenpilot" path={ICONS.facebook} />
            <SocialIcon label="AnzeigenPilot auf YouTube" href="https://www.youtube.com/@anzeigenpilot" path={ICONS.youtube} />
          </div>
        </div>
        <nav aria-label="Fußzeile" className="grid grid-cols-2 gap-2 text-sm">
          <Link to="/blog" className="hover:text-white">
            Verkaufstipps
          </Link>
          <Link to="/#benefits" className="hover:text-white">
            Vorteile
          </Link>
          <Link to="/#pricing" className="hover:text-white">
            Preise
          </Link>
          <Link to="/#demo" className="hover:text-white">
            Beispiel
          </Link>
          <Link to="/docs" className="hover:text-white">
            Dokumentation
          </Link>
          <Link to="/investors" className="hover:text-white">
            Für Investoren
          </Link>
        </nav>
        <div className="text-sm">
          <p className="font-semibold text-white">Bezahlen mit</p>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Zahlungsarten">
            {["Visa", "MC", "Amex", "PayPal", "SEPA"].map((method) => (
              <li key={method} className="rounded-md border border-slate-600 px-2 py-1 text-xs font-semibold">
                {method}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4 text-sm text-slate-300">
          <nav aria-label="Rechtliches" className="flex gap-4">
            <Link to="/impressum" className="hover:text-white">
              Impressum
            </Link>
            <Link to="/datenschutz" className="hover:text-white">
              Datenschutz
            </Link>
            <Link to="/agb" className="hover:text-white">
              AGB
            </Link>
          </nav>
          <p className="flex items-center gap-2">
            © {berlinYear(new Date().getTime())} AnzeigenPilot
            {/* Tiny dots, each with a full 24 px touch target. */}
            <Link to="/investors" aria-label="Investoren" className="group inline-grid size-6 place-items-center">
              <span className="size-2 rounded-full bg-slate-600 group-hover:bg-white" />
            </Link>
            <Link to="/docs" aria-label="Interne Dokumentation" className="group inline-grid size-6 place-items-center">
              <span className="size-2 rounded-full bg-slate-600 group-hover:bg-white" />
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
