import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The brand mark; `compact` shows only the icon on narrow screens (the name stays for screen readers). */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 text-lg font-extrabold tracking-tight text-primary-800">
      <span aria-hidden className="grid size-8 place-items-center rounded-lg bg-primary-600 text-sm text-white">
        AP
      </span>
      <span className={compact ? "sr-only sm:not-sr-only" : undefined}>AnzeigenPilot</span>
    </Link>
  );
}

export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        {children ? <nav aria-label="Hauptnavigation" className="flex items-center gap-2">{children}</nav> : null}
      </div>
    </header>
  );
}
