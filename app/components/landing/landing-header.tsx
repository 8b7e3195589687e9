import { Link } from "@remix-run/react";
import { Logo } from "../site-header";
import { Button } from "../ui/button";

const LINKS = [
  { to: "/blog", label: "Verkaufstipps" },
  { to: "#benefits", label: "Vorteile" },
  { to: "#pricing", label: "Preise" },
  { to: "#demo", label: "Beispiel" },
];

export function LandingHeader({ onLogin }: { onLogin: () => void }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Logo />
        <nav aria-label="Hauptnavigation" className="hidden items-center gap-5 text-sm font-medium text-slate-700 lg:flex">
          {LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="hover:text-primary-700">
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" onClick={onLogin}>
            Anmelden
          </Button>
          <span className="hidden sm:block">
            <Button variant="accent" size="sm" onClick={onLogin}>
              Kostenlos ausprobieren
            </Button>
          </span>
        </div>
      </div>
      {/* On phones the section links get their own row (in-page anchors go through Link so every click scrolls). */}
      <nav
        aria-label="Bereiche"
        className="flex justify-center gap-5 border-t border-slate-100 py-2 text-sm font-medium text-slate-700 lg:hidden"
      >
        {LINKS.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.label}
          </Link>
        ))}
      </nav>
    </header>
  );
}
