// The signed-in home. The ad list and the create form join it with the ad pipeline.
import type { PublicUser } from "~/.server/auth/users";
import { AppHeader } from "./app-header";

export function DashboardPage({ user }: { user: PublicUser }) {
  return (
    <>
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-2xl font-extrabold text-slate-900">Hallo {user.firstName || user.email}!</h1>
        <p className="mt-2 text-slate-700">
          Schön, dass du da bist. Verfügbare Anzeigen:{" "}
          <strong data-testid="credits">{user.adCredits}</strong>
        </p>
      </main>
    </>
  );
}
