// Referral invite (docs/PRODUCT.md, "Pages"): the button stays disabled while the address is empty or sending.
import { Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { apiRequest, errorMessage } from "~/browser/api-client";
import { Button } from "./ui/button";
import { Input } from "./ui/field";
import { toast } from "./ui/use-toast";

export function InviteCard() {
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      await apiRequest("POST", "/api/send-invite", { body: { email } });
      toast({ title: "Einladung gesendet!", description: `An ${email.trim()}` });
      setEmail("");
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Fehler beim Senden der Einladung",
        description: errorMessage(error),
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="invite-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="invite-heading" className="font-bold text-slate-900">
        Freunde einladen
      </h2>
      <p className="mt-1 text-sm text-slate-700">Kennst du jemanden mit vollem Keller? Die erste Anzeige ist kostenlos.</p>
      <form onSubmit={send} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Input
            label="E-Mail-Adresse"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="name@beispiel.de"
            autoComplete="off"
          />
        </div>
        <Button type="submit" disabled={!email.trim() || sending}>
          <Send aria-hidden className="size-4" />
          {sending ? "Wird gesendet …" : "Einladen"}
        </Button>
      </form>
    </section>
  );
}
