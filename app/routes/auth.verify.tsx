// /auth/verify (spec §2, §4): the link from the e-mail lands here; the token is checked by a
// request from this page, so mail scanners that merely open the link cannot use it up.
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useNavigate, useSearchParams } from "@remix-run/react";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Logo } from "~/components/site-header";
import { buttonClasses } from "~/components/ui/button";
import { apiRequest, ApiError, isNetworkError, setAuthToken } from "~/lib/api-client";

export const meta: MetaFunction = () => [
  { title: "Anmeldung – AnzeigenPilot" },
  { name: "robots", content: "noindex" },
];

export const REDIRECT_DELAY_MS = 2000;

type State =
  | { status: "loading" }
  | { status: "success"; message: string }
  | { status: "error"; message: string };

type VerifyAnswer = { isNewUser: boolean; token: string; message: string };

export default function VerifyPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const navigate = useNavigate();
  const [state, setState] = useState<State>(
    token ? { status: "loading" } : { status: "error", message: "Kein Verifizierungstoken gefunden" },
  );

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    apiRequest<VerifyAnswer>("GET", `/api/verify-magic-link?token=${encodeURIComponent(token)}`)
      .then((answer) => {
        if (cancelled) return;
        setAuthToken(answer.token);
        setState({
          status: "success",
          message: answer.isNewUser ? "Willkommen! Ihr Account wurde erstellt." : "Erfolgreich angemeldet!",
        });
        timer = setTimeout(() => navigate("/", { replace: true }), REDIRECT_DELAY_MS);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const message = isNetworkError(error)
          ? "Netzwerk-Fehler bei der Verifizierung"
          : (error instanceof ApiError && error.serverMessage) || "Verifizierung fehlgeschlagen";
        setState({ status: "error", message });
      });
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [token, navigate]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 px-4 py-12">
      <Logo />
      <section
        aria-live="polite"
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      >
        {state.status === "loading" ? (
          <>
            <Loader2 aria-hidden className="mx-auto size-10 animate-spin text-primary-600" />
            <h1 className="mt-4 text-xl font-bold">Verifizierung läuft...</h1>
            <p className="mt-2 text-slate-600">Einen Moment bitte, wir prüfen Ihren Anmeldelink.</p>
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
