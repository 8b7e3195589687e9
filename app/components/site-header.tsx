import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SiteFooter } from "./site-footer";

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

/** Header of the public content pages: brand and the way in. */
export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Hauptnavigation" className="flex items-center gap-3 text-sm font-medium">
          {children}
          <a href="/api/login" className="rounded-lg bg-accent-600 px-3 py-2 font-semibold text-white hover:bg-accent-700">
            Kostenlos ausprobieren
          </a>
        </nav>
      </div>
    </header>
  );
}

/** Header, prose column and footer for content pages (blog, investors, legal). */
export function ContentPage({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-3xl px-4 py-10">{children}</main>
      <SiteFooter />
    </>
  );
}
