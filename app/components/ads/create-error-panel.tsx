// The recovery panels of a failed creation (docs/PRODUCT.md, "Pages"). The limit case is a toast, not a panel.
import { CloudOff, ImageOff, KeyRound, ServerCrash, TriangleAlert } from "lucide-react";
import type { CreateErrorKind } from "~/lib/dashboard";
import { MAX_PHOTO_MEGABYTES, MAX_PHOTOS } from "~/lib/photo-limits";
import { Button, buttonClasses } from "../ui/button";

const PANELS: Record<Exclude<CreateErrorKind, "limit">, { icon: typeof ImageOff; title: string; text: string }> = {
  upload: {
    icon: ImageOff,
    title: "Foto-Upload fehlgeschlagen",
    text: `Bitte nutze JPG-, PNG- oder WebP-Fotos bis ${MAX_PHOTO_MEGABYTES} MB – höchstens ${MAX_PHOTOS} Stück.`,
  },
  network: {
    icon: CloudOff,
    title: "Ups! Keine Internetverbindung",
    text: "Prüfe deine Verbindung. Deine Eingaben bleiben erhalten – sende die Anzeige einfach noch einmal.",
  },
  processing: {
    icon: ServerCrash,
    title: "KI ist gerade überlastet",
    text: "Bitte warte bis zu 2 Minuten und versuche es dann noch einmal.",
  },
  auth: {
    icon: KeyRound,
    title: "Bitte melde dich erneut an",
    text: "Deine Sitzung ist abgelaufen. Nach der Anmeldung kannst du direkt weitermachen.",
  },
  generic: {
    icon: TriangleAlert,
    title: "Etwas ist schiefgelaufen",
    text: "Die Anzeige konnte nicht erstellt werden.",
  },
};

export function CreateErrorPanel({
  kind,
  detail,
  onRetry,
}: {
  kind: Exclude<CreateErrorKind, "limit">;
  detail?: string;
  onRetry: () => void;
}) {
  const panel = PANELS[kind];
  const Icon = panel.icon;
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-950" data-testid={`error-panel-${kind}`}>
      <div className="flex items-start gap-3">
        <Icon aria-hidden className="mt-0.5 size-6 shrink-0" />
        <div className="space-y-1">
          <h3 className="font-bold">{panel.title}</h3>
          <p className="text-sm">{panel.text}</p>
          {detail ? <p className="text-sm opacity-80">{detail}</p> : null}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" size="touch" onClick={onRetry}>
          Nochmal versuchen
        </Button>
        {kind === "auth" ? (
          <a href="/api/login" className={buttonClasses("primary", "touch")}>
            Anmelden
          </a>
        ) : null}
      </div>
    </div>
  );
}
