// Profile → "eBay": connect once (eBay's consent page); a new eBay account is set up from zero on
// the seller's confirmation (ADR 045), one that has its own policies and locations chooses from its
// lists; disconnect (the stored tokens are deleted; eBay has no revocation for apps, so the answer
// says where the seller removes the access at eBay). ADR 036, ADR 049.
import { useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { apiRequest, errorMessage } from "~/browser/api-client";
import type { ApiAnswer } from "~/lib/api/types";
import { setupNeeded, type EbaySetupPlan } from "~/lib/ebay-setup";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Select } from "../ui/field";
import { toast } from "../ui/use-toast";
import { EbaySetup } from "./ebay-setup";

/** What the profile's loader reads with the same function as GET /api/ebay. */
export type EbayStatus = ApiAnswer<"GET", "/api/ebay">;

type Choices = ApiAnswer<"GET", "/api/ebay/choices">;
type Choice = Choices["fulfillment"][number];
type Settings = NonNullable<EbayStatus["settings"]>;

const RETURN_MESSAGES: Record<string, { title: string; destructive?: boolean }> = {
  verbunden: { title: "eBay verbunden – richte jetzt Standort und Richtlinien ein." },
  abgelehnt: { title: "Du hast den Zugriff bei eBay nicht erlaubt.", destructive: true },
  fehler: { title: "Die Verbindung mit eBay ist fehlgeschlagen. Bitte versuche es erneut.", destructive: true },
};

export function EbayConnection({ status }: { status: EbayStatus }) {
  const revalidator = useRevalidator();
  const [searchParams, setSearchParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<Choices | null>(null);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Settings>(
    status.settings ?? { fulfillmentPolicyId: "", paymentPolicyId: "", returnPolicyId: "", merchantLocationKey: "" },
  );
  const [plan, setPlan] = useState<EbaySetupPlan | null>(null);
  // The seller's account has a location and each kind of policy: they choose among their own.
  const hasOwn = plan !== null && !plan.location && !plan.placeMissing && !plan.shipping && !plan.payment && !plan.returns;
  const choosing = status.connected && hasOwn && (editing || !status.settings);

  // What the seller's eBay account lacks (ADR 045), read again after setting it up.
  useEffect(() => {
    if (!status.connected || plan) return;
    apiRequest("GET", "/api/ebay/setup")
      .then(setPlan)
      .catch((error) => toast({ variant: "destructive", title: "eBay-Konto nicht gelesen", description: errorMessage(error) }));
  }, [status.connected, plan]);

  // Back from eBay's consent page (/profile?ebay=…): say what happened, once.
  useEffect(() => {
    const result = searchParams.get("ebay");
    if (!result) return;
    const message = RETURN_MESSAGES[result];
    if (message) toast({ title: message.title, variant: message.destructive ? "destructive" : undefined });
    setSearchParams(
      (params) => {
        params.delete("ebay");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [searchParams, setSearchParams]);

  useEffect(() => {
    if (!choosing || choices) return;
    apiRequest("GET", "/api/ebay/choices")
      .then((loaded) => {
        setChoices(loaded);
        // One choice each is preselected; the seller confirms with "Speichern".
        setValues((current) => ({
          fulfillmentPolicyId: current.fulfillmentPolicyId || loaded.fulfillment[0]?.id || "",
          paymentPolicyId: current.paymentPolicyId || loaded.payment[0]?.id || "",
          returnPolicyId: current.returnPolicyId || loaded.returns[0]?.id || "",
          merchantLocationKey: current.merchantLocationKey || loaded.locations[0]?.id || "",
        }));
      })
      .catch((error) => toast({ variant: "destructive", title: "eBay-Auswahl nicht geladen", description: errorMessage(error) }));
  }, [choosing, choices]);

  async function connect() {
    setBusy(true);
    try {
      const { url } = await apiRequest("POST", "/api/ebay/connect");
      window.location.assign(url);
    } catch (error) {
      toast({ variant: "destructive", title: "Fehler", description: errorMessage(error) });
      setBusy(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await apiRequest("PUT", "/api/ebay/settings", { body: values });
      toast({ title: "eBay-Einstellungen gespeichert" });
      setEditing(false);
      revalidator.revalidate();
    } catch (error) {
      toast({ variant: "destructive", title: "Fehler", description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  async function disconnect() {
    setBusy(true);
    try {
      const { message, hint } = await apiRequest("DELETE", "/api/ebay");
      // eBay has no revocation for apps (ADR 049): the hint says where the seller removes the access.
      toast({ title: message, description: hint, persistent: true });
      setChoices(null);
      setPlan(null);
      revalidator.revalidate();
    } catch (error) {
      toast({ variant: "destructive", title: "Fehler", description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  const field = (key: keyof Settings) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });
  const options = (list: Choice[] | undefined) =>
    (list ?? []).map((choice) => (
      <option key={choice.id} value={choice.id}>
        {choice.name}
      </option>
    ));

  return (
    <section
      aria-labelledby="ebay-heading"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="ebay-connection"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="ebay-heading" className="text-lg font-semibold text-slate-900">
          eBay
        </h2>
        {status.connected ? <Badge tone="success">Verbunden</Badge> : null}
      </div>
      {!status.configured ? (
        <p className="text-sm text-slate-700">eBay ist in dieser Umgebung nicht eingerichtet.</p>
      ) : !status.connected ? (
        <>
          <p className="text-sm text-slate-700">
            Verbinde dein eBay-Konto einmal, dann veröffentlichst du fertige Anzeigen mit einem Klick auf eBay – über eBays offizielle
            Schnittstelle. Ohne deinen Klick wird nichts eingestellt oder geändert.
          </p>
          <Button onClick={connect} disabled={busy}>
            eBay verbinden
          </Button>
        </>
      ) : (
        <>
          {plan === null ? (
            <p className="h-24 animate-pulse rounded-lg bg-slate-100" aria-label="Dein eBay-Konto wird gelesen" />
          ) : setupNeeded(plan) ? (
            <EbaySetup
              plan={plan}
              onDone={() => {
                setPlan(null);
                setChoices(null);
                revalidator.revalidate();
              }}
            />
          ) : null}
          {!hasOwn ? null : choosing ? (
            <form onSubmit={save} className="space-y-3" aria-label="eBay-Einstellungen">
              <p className="text-sm text-slate-700">
                Wähle einmal, mit welchen deiner eBay-Richtlinien und von welchem Standort aus du verkaufst.
              </p>
              {choices ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  <Select label="Versand" value={values.fulfillmentPolicyId} onChange={field("fulfillmentPolicyId")}>
                    {options(choices.fulfillment)}
                  </Select>
                  <Select label="Zahlung" value={values.paymentPolicyId} onChange={field("paymentPolicyId")}>
                    {options(choices.payment)}
                  </Select>
                  <Select label="Rücknahme" value={values.returnPolicyId} onChange={field("returnPolicyId")}>
                    {options(choices.returns)}
                  </Select>
                  <Select label="Artikelstandort" value={values.merchantLocationKey} onChange={field("merchantLocationKey")}>
                    {options(choices.locations)}
                  </Select>
                </div>
              ) : (
                <p className="h-24 animate-pulse rounded-lg bg-slate-100" aria-label="Deine eBay-Richtlinien werden geladen" />
              )}
              <Button type="submit" disabled={busy || !choices}>
                Speichern
              </Button>
            </form>
          ) : (
            <div className="flex flex-wrap gap-2">
              <p className="w-full text-sm text-slate-700">
                Richtlinien und Standort sind gewählt. Fertige Anzeigen kannst du jetzt auf eBay veröffentlichen.
              </p>
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  // The saved choice (also one "eBay einrichten" made) is what the form starts from.
                  if (status.settings) setValues(status.settings);
                  setEditing(true);
                }}
                disabled={busy}
              >
                Richtlinien ändern
              </Button>
            </div>
          )}
          <Button variant="ghost" size="sm" onClick={disconnect} disabled={busy}>
            Verbindung trennen
          </Button>
        </>
      )}
    </section>
  );
}
