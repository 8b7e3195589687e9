import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { ConnectionToasts } from "./components/connection-toasts";
import { ErrorPage } from "./components/error-page";
import { KeepScrollOnReload } from "./components/keep-scroll-on-reload";
import { useNonce } from "./components/nonce";
import { Toaster } from "./components/ui/toaster";
import { skipTabSwitch } from "./lib/dashboard-tab";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: MetaFunction = () => [
  { title: "AnzeigenPilot – Kleinanzeigen mit KI in 30 Sekunden" },
  {
    name: "description",
    content:
      "Fotos hochladen, zwei Sätze schreiben, fertig: AnzeigenPilot schreibt Titel, Beschreibung, Preisvorschlag und Rechtshinweise für Kleinanzeigen, eBay und Vinted.",
  },
];

export async function loader({ context }: LoaderFunctionArgs) {
  const { user, setCookie } = await context.currentUser();
  return data({ publicConfig: context.publicConfig, user }, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

/** A tab switch on the dashboard reads nothing again (app/lib/dashboard-tab.ts). */
export const shouldRevalidate = skipTabSwitch;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Marks the document once React has hydrated it: the layout's effect runs after every effect of
  // the first render (the connection listeners included), so the page reacts from here on. The
  // end-to-end tests wait for this before they act.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f6b73" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen font-sans">
        {children}
        <Toaster />
        <ConnectionToasts />
        {/* Before ScrollRestoration: a reload of the data leaves the page where it is. */}
        <KeepScrollOnReload />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
