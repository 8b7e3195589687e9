// Header for signed-in sellers: plan (PRO badge or Upgrade), profile, settings, who is signed in, logout.
import { Link } from "@remix-run/react";
import { LogOut, Settings, Sparkles, UserRound } from "lucide-react";
import { logout } from "~/browser/api-client";
import { planLabel } from "~/lib/dashboard";
import { Logo } from "../site-header";
import { Badge } from "../ui/badge";
import { buttonClasses } from "../ui/button";
import type { PublicUser } from "~/lib/api/types";

export function AppHeader({ user }: { user: Pick<PublicUser, "firstName" | "email" | "subscriptionStatus"> }) {
  const plan = planLabel(user.subscriptionStatus);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <Logo compact />
        <div className="flex min-w-0 items-center gap-1 sm:gap-2">
          {plan === "FREE" ? (
            <Link to="/upgrade" className={buttonClasses("accent", "sm", "px-3")}>
              <Sparkles aria-hidden className="size-4" />
              Upgrade
            </Link>
          ) : (
            <Badge tone="accent" className="text-sm">
              {plan}
            </Badge>
          )}
          <Link to="/profile" className={buttonClasses("ghost", "sm", "px-2")} aria-label="Profil und Impressum">
            <UserRound aria-hidden className="size-5" />
          </Link>
          <Link to="/settings" className={buttonClasses("ghost", "sm", "px-2")} aria-label="Einstellungen">
            <Settings aria-hidden className="size-5" />
          </Link>
          <span className="max-w-[8rem] truncate text-sm font-medium text-slate-700 sm:max-w-xs" data-testid="signed-in-as">
            {user.firstName || user.email}
          </span>
          <button type="button" onClick={() => logout()} className={buttonClasses("ghost", "sm", "px-2")}>
            <LogOut aria-hidden className="size-4" />
            <span className="sr-only sm:not-sr-only">Abmelden</span>
          </button>
        </div>
      </div>
    </header>
  );
}
