// Header for signed-in sellers: who is signed in, and the way out.
import { LogOut } from "lucide-react";
import type { PublicUser } from "~/.server/auth/users";
import { setAuthToken } from "~/lib/api-client";
import { Logo } from "../site-header";
import { buttonClasses } from "../ui/button";

export function AppHeader({ user }: { user: Pick<PublicUser, "firstName" | "email"> }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Logo compact />
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate text-sm font-medium text-slate-700" data-testid="signed-in-as">
            {user.firstName || user.email}
          </span>
          <a
            href="/api/logout"
            onClick={() => setAuthToken(null)}
            className={buttonClasses("ghost", "sm")}
          >
            <LogOut aria-hidden className="size-4" />
            Abmelden
          </a>
        </div>
      </div>
    </header>
  );
}
