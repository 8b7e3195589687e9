// "/": the landing page for visitors, the dashboard for signed-in sellers.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { readOwnAds } from "~/.server/app-worker/ads/views";
import { getDb } from "~/.server/db/client";
import { LandingPage, type LandingTexts } from "~/components/landing/landing-page";
import { useOptionalUser } from "~/components/use-user";
import { setAuthToken } from "~/browser/auth-token";
import { skipTabSwitch } from "~/lib/dashboard-tab";
import { landingPromises, planFeatureTable } from "~/lib/landing-promises";
import { BRAND_IMAGES, pageMeta } from "~/lib/page-meta";

// Visitors never download the dashboard: it is its own chunk, loaded only for signed-in sellers
// (server-rendered all the same; the client hydrates it once the chunk has arrived).
const DashboardPage = lazy(() => import("~/components/dashboard/dashboard-page").then((module) => ({ default: module.DashboardPage })));

// The login dialog (form, API client, field) is fetched on the visitor's first press or keyboard
// focus, before the click that opens it lands, and is not part of the landing's first load (ADR 018).
const loadLoginDialog = () => import("~/components/login-dialog");
const LoginDialog = lazy(() => loadLoginDialog().then((module) => ({ default: module.LoginDialog })));

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "AnzeigenPilot – Kleinanzeigen mit KI in 30 Sekunden",
    documentTitle: "AnzeigenPilot – Kleinanzeigen mit KI in 30 Sekunden",
    description:
      "Fotos hochladen, zwei Stichworte, fertig: AnzeigenPilot schreibt Titel, Beschreibung, Preisvorschlag und Rechtshinweise für Kleinanzeigen, eBay und Vinted.",
    canonical: data?.canonical,
    image: BRAND_IMAGES.default,
    imageAlt: "AnzeigenPilot – Kleinanzeigen mit KI in 30 Sekunden. Erste Anzeige kostenlos.",
  });

export async function loader({ context }: LoaderFunctionArgs) {
  const canonical = `${context.config.PUBLIC_BASE_URL}/`;
  // A session token in the URL (`?auth=success&token=…`) is never adopted: anyone could send a link
  // that signs the visitor into the sender's account (session fixation). Nothing produces such URLs.
  const { user } = await context.currentUser();
  // The same read as GET /api/ads (ADR 031).
  const ads = user ? await readOwnAds(getDb(context.cloudflare.env.DB), user.id) : null;
  // Visitors: the landing page promises only what the running AI mode does (ADR 035).
  const { offlineMode } = context.publicConfig;
  const landing: LandingTexts | null = user
    ? null
    : { promises: landingPromises(offlineMode), planFeatures: planFeatureTable(offlineMode) };
  return { ads, canonical, landing };
}

export const shouldRevalidate = skipTabSwitch;

export default function Home() {
  const user = useOptionalUser();
  const { ads, landing } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [loginOpen, setLoginOpen] = useState(searchParams.get("login") === "1");

  useEffect(() => {
    // Old return links carry a token; it is ignored and the address cleaned.
    if (searchParams.has("token") || searchParams.get("auth") === "success") navigate("/", { replace: true });
  }, [navigate, searchParams]);

  useEffect(() => {
    // The server decides who is signed in; a token left behind from an ended session goes.
    if (!user) setAuthToken(null);
  }, [user]);

  if (user) {
    return (
      <Suspense fallback={<p className="p-8 text-center text-slate-600">Dashboard wird geladen …</p>}>
        <DashboardPage user={user} ads={ads ?? []} />
      </Suspense>
    );
  }
  return (
    <div onPointerDownCapture={loadLoginDialog} onFocusCapture={loadLoginDialog}>
      {landing ? <LandingPage onLogin={() => setLoginOpen(true)} texts={landing} /> : null}
      {loginOpen ? (
        <Suspense fallback={null}>
          <LoginDialog
            open
            onOpenChange={(open) => {
              setLoginOpen(open);
              if (!open && searchParams.has("login")) navigate("/", { replace: true, preventScrollReset: true });
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
