import { Link } from "@remix-run/react";
import { Logo } from "../site-header";
import { Button } from "../ui/button";

export function LandingHeader({ onLogin }: { onLogin: () => void }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Logo />
        <nav aria-label="Hauptnavigation" className="hidden items-center gap-5 text-sm font-medium text-slate-700 lg:flex">
          <Link to="/blog" className="hover:text-primary-700">
            Verkaufstipps
          </Link>
          <Link to="#benefits" className="hover:text-primary-700">
            Vorteile
          </Link>
          <Link to="#pricing" className="hover:text-primary-700">
            Preise
          </Link>
          <Link to="#demo" className="hover:text-primary-700">
            Beispiel
          </Link>
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
      <nav aria-label="Bereiche" className="flex justify-center gap-5 border-t border-slate-100 py-2 text-sm font-medium text-slate-700 lg:hidden">
        <Link to="/blog">Verkaufstipps</Link>
        <Link to="#benefits">Vorteile</Link>
        <Link to="#pricing">Preise</Link>
        <Link to="#demo">Beispiel</Link>
      </nav>
    </header>
  );
}
