// /subscribe: the weekly Pro subscription with Stripe's Payment Element (docs/PRODUCT.md, "Plans and credits").
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { CheckCircle2, Lock } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { AccountLayout } from "~/components/account-layout";
import { Button, buttonClasses } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { apiRequest, errorMessage } from "~/browser/api-client";
import { formatEuroCents } from "~/lib/format";
import { planFeatureTable } from "~/lib/landing-promises";
import { PLANS, WEEKLY_PRICE } from "~/lib/plans";

export const meta: MetaFunction = () => [{ title: "Pro werden – AnzeigenPilot" }, { name: "robots", content: "noindex" }];

/** Also /upgrade's loader: what a signed-in seller can buy here. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { user } = await context.currentUser();
  if (!user) throw redirect("/api/login");
  const { billingEnabled, stripePublishableKey, proPaymentLink, powerPaymentLink, offlineMode } = context.publicConfig;
  return {
    active: user.subscriptionStatus === "active",
    planFeatures: planFeatureTable(offlineMode),
    billingEnabled,
    publishableKey: stripePublishableKey,
    packAvailable: billingEnabled && Boolean(proPaymentLink),
    powerAvailable: billingEnabled && Boolean(powerPaymentLink),
  };
}

type State =
  | { step: "loading" }
  | { step: "error"; message: string }
  | { step: "ready"; clientSecret: string }
  | { step: "paying"; clientSecret: string };

function Breakdown() {
  return (
    <dl className="space-y-1 rounded-xl bg-slate-50 p-4 text-slate-800" aria-label="Preis">
      <div className="flex justify-between">
        <dt>Pro (wöchentlich), netto</dt>
        <dd>{formatEuroCents(WEEKLY_PRICE.netCents)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>zzgl. 19 % MwSt.</dt>
        <dd>{formatEuroCents(WEEKLY_PRICE.vatCents)}</dd>
      </div>
      <div className="flex justify-between border-t border-slate-200 pt-1 font-bold">
        <dt>Gesamt pro Woche</dt>
        <dd>{formatEuroCents(WEEKLY_PRICE.totalCents)}</dd>
      </div>
      <p className="pt-1 text-sm text-slate-600">Verlängert sich wöchentlich automatisch, jederzeit kündbar.</p>
    </dl>
  );
}

export default function Subscribe() {
  const data = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();

  useEffect(() => {
    if (searchParams.get("payment") !== "success") return;
    toast({ title: "Zahlung erfolgreich!", description: "Willkommen bei Pro – viel Erfolg beim Verkaufen." });
    navigate("/subscribe", { replace: true });
  }, [searchParams, navigate]);

  return (
    <AccountLayout title="Pro werden">
      {data.active ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <CheckCircle2 aria-hidden className="mx-auto size-10 text-green-700" />
          <h2 className="mt-3 text-xl font-bold">Du bist bereits Pro</h2>
          <p className="mt-1 text-slate-700">Du kannst unbegrenzt Anzeigen erstellen (Fair Use).</p>
        </section>
      ) : (
        <section aria-labelledby="weekly-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="weekly-heading" className="text-lg font-bold">
            {PLANS.pro_weekly.name}: unbegrenzt Anzeigen
          </h2>
          <Breakdown />
          {data.billingEnabled && data.publishableKey ? <PaymentForm publishableKey={data.publishableKey} /> : <DisabledForm />}
        </section>
      )}
      <section aria-labelledby="once-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="once-heading" className="text-lg font-bold">
          Lieber ohne Wochen-Abo?
        </h2>
        <div className="flex flex-wrap gap-2">
          <CheckoutButton
            available={data.packAvailable}
            plan="pro_pack"
            label={`${PLANS.pro_pack.name}: 10 Anzeigen für ${formatEuroCents(PLANS.pro_pack.priceCents)}`}
          />
          <CheckoutButton
            available={data.powerAvailable}
            plan="power"
            label={`${PLANS.power.name}: 200 Anzeigen für ${formatEuroCents(PLANS.power.priceCents)}/Monat`}
          />
        </div>
        {!data.packAvailable || !data.powerAvailable ? (
          <p className="text-sm text-slate-600">Zahlungen sind in dieser Umgebung nicht eingerichtet.</p>
        ) : null}
      </section>
    </AccountLayout>
  );
}

function CheckoutButton({ available, plan, label }: { available: boolean; plan: "pro_pack" | "power"; label: string }) {
  if (!available) {
    return (
      <Button variant="outline" disabled>
        {label}
      </Button>
    );
  }
  return (
    <a href={`/api/billing/checkout/${plan}`} target="_blank" rel="noopener" className={buttonClasses("outline")}>
      {label}
    </a>
  );
}

function DisabledForm() {
  return (
    <form aria-label="Zahlung" className="space-y-3" onSubmit={(event) => event.preventDefault()}>
      <div className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
        Zahlungen sind in dieser Umgebung nicht eingerichtet.
      </div>
      <Button type="submit" className="w-full" disabled>
        <Lock aria-hidden className="size-4" /> {formatEuroCents(WEEKLY_PRICE.totalCents)} pro Woche bezahlen
      </Button>
    </form>
  );
}

function PaymentForm({ publishableKey }: { publishableKey: string }) {
  const [state, setState] = useState<State>({ step: "loading" });
  const [ready, setReady] = useState(false);
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    apiRequest("POST", "/api/get-or-create-subscription")
      .then(async (answer) => {
        if (cancelled) return;
        if ("status" in answer) return navigate(".", { replace: true });
        const { clientSecret } = answer;
        setState({ step: "ready", clientSecret });
        const { loadStripe } = await import("@stripe/stripe-js");
        const stripe = await loadStripe(publishableKey);
        if (!stripe || cancelled || !mountRef.current) return;
        const elements = stripe.elements({ clientSecret, locale: "de" });
        const payment = elements.create("payment");
        payment.on("ready", () => setReady(true));
        payment.mount(mountRef.current);
        stripeRef.current = { stripe, elements };
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const message = errorMessage(error, "Das Zahlungsformular konnte nicht geladen werden.");
        setState({ step: "error", message });
        toast({ variant: "destructive", title: "Fehler beim Laden", description: message });
      });
    return () => {
      cancelled = true;
    };
  }, [publishableKey, navigate]);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripeRef.current || state.step !== "ready") return;
    setState({ step: "paying", clientSecret: state.clientSecret });
    const { error } = await stripeRef.current.stripe.confirmPayment({
      elements: stripeRef.current.elements,
      confirmParams: { return_url: `${window.location.origin}/subscribe?payment=success` },
    });
    if (error) {
      toast({ variant: "destructive", title: "Zahlung fehlgeschlagen", description: error.message ?? "Bitte prüfe deine Angaben." });
      setState({ step: "ready", clientSecret: state.clientSecret });
    }
  }

  if (state.step === "error") {
    return (
      <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-900">
        <p className="font-bold">Fehler beim Laden</p>
        <p className="text-sm">{state.message}</p>
      </div>
    );
  }
  return (
    <form aria-label="Zahlung" onSubmit={pay} className="space-y-3">
      <div ref={mountRef} className="min-h-32" aria-busy={!ready}>
        {!ready ? <p className="text-sm text-slate-600">Zahlungsformular wird geladen …</p> : null}
      </div>
      <Button type="submit" className="w-full" disabled={!ready || state.step !== "ready"}>
        <Lock aria-hidden className="size-4" />
        {state.step === "paying" ? "Zahlung läuft …" : `${formatEuroCents(WEEKLY_PRICE.totalCents)} pro Woche bezahlen`}
      </Button>
    </form>
  );
}
