// The 5-step welcome tour (docs/PRODUCT.md, "Pages"): shown once to a user with no ads; finishing or skipping
// stores the local flag; finishing opens the create tab.
import { Camera, CheckCircle2, FileText, PartyPopper, Sparkles } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { ONBOARDING_FLAG_KEY, shouldShowTour } from "~/lib/dashboard";
import { MAX_PHOTOS } from "~/lib/photo-limits";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";

const STEPS = [
  {
    icon: PartyPopper,
    title: "Willkommen bei AnzeigenPilot!",
    text: "In wenigen Schritten zur fertigen Verkaufsanzeige – wir zeigen dir kurz, wie es geht.",
  },
  {
    icon: Camera,
    title: "Fotos hochladen",
    text: `Mach bis zu ${MAX_PHOTOS} Fotos vom Artikel. Wir verkleinern sie vor dem Upload, damit es auch unterwegs schnell geht.`,
  },
  {
    icon: FileText,
    title: "Artikel beschreiben",
    text: "Name, Kategorie und ein paar Stichworte zu Zustand, Zubehör und Mängeln reichen völlig.",
  },
  {
    icon: Sparkles,
    title: "KI-Optimierung",
    text: "Die KI schreibt Titel und Beschreibung, schlägt einen Preis vor und ergänzt die passenden Rechtshinweise.",
  },
  {
    icon: CheckCircle2,
    title: "Fertig!",
    text: "Deine erste Anzeige ist kostenlos. Kopieren, bei Kleinanzeigen & Co. einfügen, verkaufen.",
  },
];

function readFlag(): string | null {
  try {
    return window.localStorage.getItem(ONBOARDING_FLAG_KEY);
  } catch {
    return "true"; // No storage: do not nag on every visit.
  }
}

function storeFlag() {
  try {
    window.localStorage.setItem(ONBOARDING_FLAG_KEY, "true");
  } catch {
    // Nothing to keep it in; the tour simply shows again next time.
  }
}

const noSubscription = () => () => {};

export function OnboardingTour({ adCount, onFinish }: { adCount: number; onFinish: () => void }) {
  // The flag lives in local storage: read on the client; the server renders no tour.
  const flag = useSyncExternalStore(noSubscription, readFlag, () => "true");
  const [dismissed, setDismissed] = useState(false);
  const [step, setStep] = useState(0);
  const open = !dismissed && shouldShowTour(adCount, flag);

  function close(finished: boolean) {
    storeFlag();
    setDismissed(true);
    if (finished) onFinish();
  }

  const current = STEPS[step];
  const last = step === STEPS.length - 1;
  const Icon = current.icon;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close(false))}
      title={current.title}
      description={`Schritt ${step + 1} von ${STEPS.length}`}
    >
      <div className="space-y-5">
        <Icon aria-hidden className="size-10 text-primary-600" />
        <p className="text-slate-700">{current.text}</p>
        <div className="flex justify-center gap-1.5" aria-hidden>
          {STEPS.map((item, index) => (
            <span key={item.title} className={`h-1.5 w-6 rounded-full ${index <= step ? "bg-primary-600" : "bg-slate-200"}`} />
          ))}
        </div>
        <div className="flex items-center justify-between gap-2">
          <Button variant="ghost" size="sm" onClick={() => close(false)}>
            Überspringen
          </Button>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setStep(step - 1)} disabled={step === 0}>
              Zurück
            </Button>
            <Button size="sm" onClick={() => (last ? close(true) : setStep(step + 1))}>
              {last ? "Los geht's" : "Weiter"}
            </Button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
