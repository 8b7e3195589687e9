// The legal pages' frame and operator details: configured values, or a visible placeholder naming the setting.
import type { ReactNode } from "react";
import { ContentPage } from "./site-header";

export function Detail({ value, setting }: { value?: string; setting: string }) {
  if (value) return <>{value}</>;
  return (
    <mark className="rounded bg-amber-100 px-1 text-amber-950" data-testid="placeholder">
      [nicht konfiguriert: {setting}]
    </mark>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ContentPage>
      <div className="space-y-6 text-slate-800">
        <h1 className="text-3xl font-extrabold text-slate-900">{title}</h1>
        {children}
      </div>
    </ContentPage>
  );
}
