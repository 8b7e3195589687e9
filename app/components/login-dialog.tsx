// The login dialog (docs/PRODUCT.md, "Accounts and sign-in"): magic link by e-mail, or instant sign-in in demo mode.
import { useNavigate, useRevalidator } from "@remix-run/react";
import { Mail } from "lucide-react";
import { useState, type FormEvent } from "react";
import { apiRequest, ApiError, isNetworkError, setAuthToken } from "~/browser/api-client";
import { INVALID_EMAIL_MESSAGE, looksLikeEmail } from "~/lib/login";
import { Button } from "./ui/button";
import { Dialog } from "./ui/dialog";
import { Input } from "./ui/field";
import { toast } from "./ui/use-toast";

export function LoginDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [email, setEmail] = useState("");
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  function close() {
    setEmail("");
    setAlert(null);
    onOpenChange(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      setAlert(INVALID_EMAIL_MESSAGE);
      return;
    }
    setAlert(null);
    setSending(true);
    try {
      const answer = await apiRequest("POST", "/api/send-magic-link", { body: { email } });
      if ("demo" in answer) {
        setAuthToken(answer.token);
        toast({ title: "Demo-Modus: Automatisch eingeloggt!" });
        close();
        navigate("/", { replace: true });
        // Who is signed in changed: every route reads its data again, also where leaving the address
        // changes only the dashboard's tab, which alone reloads nothing (app/lib/dashboard-tab.ts).
        revalidator.revalidate();
        return;
      }
      // The server says where the link went (a mailbox, or a local instance's outbox; ADR 067).
      toast({ title: answer.message, description: `An ${email.trim()}` });
      close();
    } catch (error) {
      if (isNetworkError(error)) setAlert("Netzwerk-Fehler. Versuchen Sie es später erneut.");
      else setAlert((error instanceof ApiError && error.serverMessage) || "Fehler beim Senden der E-Mail");
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Anmelden bei AnzeigenPilot"
      description="Sichere Anmeldung mit Magic Link"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Input
          label="E-Mail-Adresse"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="deine.email@beispiel.de"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoFocus
        />
        {alert ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {alert}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={sending}>
          <Mail aria-hidden className="size-5" />
          {sending ? "Wird gesendet …" : "Magic Link senden"}
        </Button>
        <p className="text-center text-sm text-slate-600">Kein Account erforderlich - Magic Link erstellt automatisch Ihr Konto</p>
      </form>
    </Dialog>
  );
}
