// /auth/verify (docs/PRODUCT.md, "Accounts and sign-in"): the link from the e-mail lands here. The page shows which address
// the link signs in and signs in only when the visitor confirms (a same-origin POST): mail scanners
// that open the link cannot use it up, and another site cannot sign a visitor into its account.
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useNavigate, useSearchParams } from "@remix-run/react";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Logo } from "~/components/site-header";
import { buttonClasses } from "~/components/ui/button";
import { apiRequest, ApiError, isNetworkError, setAuthToken } from "~/browser/api-client";

export const meta: MetaFunction = () => [{ title: "Anmeldung – AnzeigenPilot" }, { name: "robots", content: "noindex" }];

export const REDIRECT_DELAY_MS = 2000;

type State =
  | { status: "loading" }
  | { status: "confirm"; email: string }
  | { status: "signing-in"; email: string }
  | { status: "success"; message: string }
  | { status: "error"; message: string };

function failureMessage(error: unknown, fallback: string) {
  return isNetworkError(error) ? "Netzwerk-Fehler bei der Verifizierung" : (error instanceof ApiError && error.serverMessage) || fallback;
}

export default function VerifyPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const navigate = useNavigate();
  const [state, setState] = useState<State>(
    token ? { status: "loading" } : { status: "error", message: "Kein Verifizierungstoken gefunden" },
  );

  // Opening the link only shows which address it signs in; signing in needs the visitor's click,
  // so a link another site sends a visitor to cannot switch their account.
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    apiRequest("GET", "/api/magic-link-info", { query: { token } })
      .then(({ email }) => !cancelled && setState({ status: "confirm", email }))
      .catch(
        (error: unknown) => !cancelled && setState({ status: "error", message: failureMessage(error, "Verifizierung fehlgeschlagen") }),
      );
    return () => {
      cancelled = true;
    };
  }, [token]);

  useEffect(() => {
    if (state.status !== "success") return;
    const timer = setTimeout(() => navigate("/", { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  async function confirm(email: string) {
    if (!token) return; // the confirm button shows only for a link with a token
    setState({ status: "signing-in", email });
    try {
      const answer = await apiRequest("POST", "/api/verify-magic-link", { body: { token } });
      setAuthToken(answer.token);
      setState({ status: "success", message: answer.isNewUser ? "Willkommen! Ihr Account wurde erstellt." : "Erfolgreich angemeldet!" });
    } catch (error) {
      setState({ status: "error", message: failureMessage(error, "Verifizierung fehlgeschlagen") });
    }
  }

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 px-4 py-12">
      <Logo />
      <section aria-live="polite" className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        {state.status === "loading" ? (
          <>
            <Loader2 aria-hidden className="mx-auto size-10 animate-spin text-primary-600" />
            <h1 className="mt-4 text-xl font-bold">Verifizierung läuft...</h1>
            <p className="mt-2 text-slate-600">Einen Moment bitte, wir prüfen deinen Anmeldelink.</p>
          </>
        ) : state.status === "confirm" || state.status === "signing-in" ? (
          <>
            <h1 className="text-xl font-bold">Als {state.email} anmelden?</h1>
            <p className="mt-2 text-slate-600">
              Dieser Anmeldelink gehört zu <strong className="break-all">{state.email}</strong>. Ist das nicht deine Adresse, schließ diese
              Seite einfach.
            </p>
            <button
              type="button"
              onClick={() => confirm(state.email)}
              disabled={state.status === "signing-in"}
              className={buttonClasses("primary", "md", "mt-6 w-full")}
            >
              {state.status === "signing-in" ? "Anmeldung läuft …" : "Jetzt anmelden"}
            </button>
          </>
        ) : state.status === "success" ? (
          <>
            <CheckCircle2 aria-hidden className="mx-auto size-10 text-green-700" />
            <h1 className="mt-4 text-xl font-bold">Anmeldung erfolgreich!</h1>
            <p className="mt-2 font-medium text-slate-800">{state.message}</p>
            <p className="mt-1 text-slate-600">Sie werden automatisch weitergeleitet...</p>
          </>
        ) : (
          <>
            <XCircle aria-hidden className="mx-auto size-10 text-red-700" />
            <h1 className="mt-4 text-xl font-bold">Fehler bei der Anmeldung</h1>
            <p role="alert" className="mt-2 text-slate-700">
              {state.message}
            </p>
            <Link to="/" className={buttonClasses("primary", "md", "mt-6")}>
              Zur Startseite
            </Link>
          </>
        )}
      </section>
    </main>
  );
}
