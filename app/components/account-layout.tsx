// Frame of the signed-in pages besides the dashboard (/profile, /settings), and their signed-out state.
import { Link } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { AppHeader } from "./dashboard/app-header";
import { SiteHeader } from "./site-header";
import { buttonClasses } from "./ui/button";
import { useOptionalUser } from "./use-user";

export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const user = useOptionalUser();
  if (!user) {
    return (
      <>
        <SiteHeader />
        <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
          <h1 className="text-2xl font-extrabold text-slate-900">Anmeldung erforderlich</h1>
          <p className="text-slate-700">Bitte melde dich an, um diese Seite zu sehen.</p>
          <a href="/api/login" className={buttonClasses("primary")}>
            Anmelden
          </a>
        </main>
      </>
    );
  }
  return (
    <>
      <AppHeader user={user} />
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-6">
        <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-primary-700">
          <ArrowLeft aria-hidden className="size-4" /> Zum Dashboard
        </Link>
        <h1 className="text-2xl font-extrabold text-slate-900">{title}</h1>
        {children}
      </main>
    </>
  );
}
