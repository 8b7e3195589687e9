// The one page for every error the app can show: 404 ('Page Not Found', docs/PRODUCT.md, "Pages") and the rest in German.
import { isRouteErrorResponse, Link } from "@remix-run/react";
import { buttonClasses } from "./ui/button";

export function ErrorPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-sm font-semibold text-primary-700">Fehler {status}</p>
      <h1 className="text-3xl font-extrabold text-slate-900">{notFound ? "Page Not Found" : "Etwas ist schiefgelaufen"}</h1>
      <p className="text-slate-700">
        {notFound
          ? "Diese Seite gibt es nicht (mehr). Vielleicht hat sich ein Tippfehler in die Adresse geschlichen."
          : "Bitte lade die Seite neu oder versuche es in ein paar Minuten noch einmal."}
      </p>
      <Link to="/" className={buttonClasses("primary")}>
        Zur Startseite
      </Link>
    </main>
  );
}
