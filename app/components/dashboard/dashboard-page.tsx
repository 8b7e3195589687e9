// The signed-in home: tabs 'Meine Anzeigen' and 'Neue Anzeige', statistics, the ad list with
// live status (waiting for the server only while an ad is processing, ADR 063), and the onboarding tour.
import { useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { hasLandingDraft } from "~/browser/landing-draft";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/tabs";
import { AdCard } from "../ads/ad-card";
import { AdStats } from "../ads/ad-stats";
import { AppHeader } from "./app-header";
import { CreateAdForm } from "../ads/create-ad-form";
import { InviteCard } from "../invite-card";
import { OnboardingTour } from "./onboarding-tour";
import { useFinishedAds } from "../ads/use-finished-ads";
import { useAdChanges } from "../ads/use-ad-changes";
import type { AdJson, PublicUser } from "~/lib/api/types";
import { CREATE_TAB, TAB_PARAM } from "~/lib/dashboard-tab";

type Tab = "ads" | "create";

/** The tab lives in the address (`?tab=neu`), so Back and reload keep the seller's place; switching it loads nothing. */
function useTab(): [Tab, (tab: Tab) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get(TAB_PARAM) === CREATE_TAB ? "create" : "ads";
  // The tab last asked for: a trigger asks twice for one click (on press and on focus), before the
  // address has changed, and the second must not navigate to the same address again (that reloads).
  const asked = useRef(tab);
  useEffect(() => {
    asked.current = tab;
  }, [tab]);
  const setTab = (next: Tab) => {
    if (next === asked.current) return;
    asked.current = next;
    setSearchParams(
      (params) => {
        if (next === "create") params.set(TAB_PARAM, CREATE_TAB);
        else params.delete(TAB_PARAM);
        return params;
      },
      { preventScrollReset: true },
    );
  };
  return [tab, setTab];
}

export function DashboardPage({ user, ads: loadedAds }: { user: PublicUser; ads: AdJson[] }) {
  const [tab, setTab] = useTab();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // A reload asked for while a tab switch is under way would be skipped with it (skipTabSwitch), so
  // it waits for the switch to end: checked after every render.
  const reloadAfterSwitch = useRef(false);
  useEffect(() => {
    if (!reloadAfterSwitch.current || navigation.state !== "idle") return;
    reloadAfterSwitch.current = false;
    revalidator.revalidate();
  });
  // A just-created ad shows at once (as the API answered it) until the next list arrives — the next
  // after the answer: a list that arrives during the upload (a reload for another ad's change, on a
  // slow connection) does not hide it.
  const [justCreated, setJustCreated] = useState<{ ad: AdJson; shownWith: AdJson[] } | null>(null);
  const latestLoaded = useRef(loadedAds);
  useEffect(() => {
    latestLoaded.current = loadedAds;
  }, [loadedAds]);
  // Ads as the dashboard's wait last brought them (ADR 081), shown where they are newer than the list's.
  const [waited, setWaited] = useState<ReadonlyMap<string, AdJson>>(new Map());
  const ads = useMemo(() => {
    const listed = justCreated?.shownWith === loadedAds ? [justCreated.ad, ...loadedAds] : loadedAds;
    return listed.map((ad) => {
      const brought = waited.get(ad.id);
      return brought && brought.updatedAt >= ad.updatedAt ? brought : ad;
    });
  }, [justCreated, loadedAds, waited]);
  const finished = useFinishedAds(ads);

  // A draft from the landing page waits: open "Neue Anzeige", where the form picks it up.
  useEffect(() => {
    if (hasLandingDraft()) setTab("create");
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const changeHandlers = useMemo(
    () => ({
      update: (changed: AdJson[]) => setWaited((current) => new Map([...current, ...changed.map((ad) => [ad.id, ad] as const)])),
      reload: revalidator.revalidate,
    }),
    [revalidator.revalidate],
  );
  useAdChanges(ads, changeHandlers);

  return (
    <>
      <AppHeader user={user} />
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-6">
        <h1 className="text-2xl font-extrabold text-slate-900">Hallo {user.firstName || user.email.split("@")[0]}!</h1>
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
          <TabsList aria-label="Bereiche">
            <TabsTrigger value="ads">Meine Anzeigen</TabsTrigger>
            <TabsTrigger value="create">Neue Anzeige</TabsTrigger>
          </TabsList>
          <TabsContent value="ads" className="space-y-4">
            <AdStats ads={ads} user={user} />
            {ads.length === 0 ? (
              <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
                <h2 className="text-lg font-bold">Erstelle deine erste Anzeige</h2>
                <p className="mt-1 text-slate-700">Ein paar Fotos und Stichworte – den Rest erledigt die KI.</p>
                <button type="button" onClick={() => setTab("create")} className="mt-4 font-semibold text-primary-700 underline">
                  Zur neuen Anzeige
                </button>
              </div>
            ) : (
              <ul className="space-y-3" aria-label="Meine Anzeigen">
                {ads.map((ad) => (
                  <li key={ad.id}>
                    <AdCard
                      ad={ad}
                      onChanged={() => revalidator.revalidate()}
                      openNow={finished.toOpen.has(ad.id)}
                      onOpened={finished.opened}
                    />
                  </li>
                ))}
              </ul>
            )}
            <InviteCard />
          </TabsContent>
          <TabsContent value="create">
            <CreateAdForm
              user={user}
              onCreated={(ad, toastId) => {
                finished.watch(ad, toastId);
                setJustCreated({ ad, shownWith: latestLoaded.current });
                setTab("ads");
                // The credits and the list as the server now has them.
                reloadAfterSwitch.current = true;
              }}
            />
          </TabsContent>
        </Tabs>
        <OnboardingTour adCount={ads.length} onFinish={() => setTab("create")} />
      </main>
    </>
  );
}
