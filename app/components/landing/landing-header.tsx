import { Logo } from "../site-header";
import { Button } from "../ui/button";

export function LandingHeader({ onLogin }: { onLogin: () => void }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Logo />
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
    </header>
  );
}
