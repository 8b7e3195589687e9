// "Wo ist die Anzeige online?": the seller pastes the marketplace address of the posted ad; the
// public page then shows buyers a button to it. Only known marketplace hosts are taken.
import { useState, type FormEvent } from "react";
import { apiRequest, errorMessage } from "~/browser/api-client";
import { LISTING_URL_MESSAGE, listingButtonLabel, marketplaceOf } from "~/lib/listing-url";
import { Button } from "../ui/button";
import { Input } from "../ui/field";
import { toast } from "../ui/use-toast";

export function ListingForm({ adId, listingUrl, onSaved }: { adId: string; listingUrl: string | null; onSaved: () => void }) {
  const [value, setValue] = useState(listingUrl ?? "");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed && !marketplaceOf(trimmed)) return setError(LISTING_URL_MESSAGE);
    setError(undefined);
    setBusy(true);
    try {
      await apiRequest("PUT", "/api/ads/{id}/listing", { params: { id: adId }, body: { listingUrl: trimmed || null } });
      toast({
        title: trimmed ? "Link gespeichert" : "Link entfernt",
        description: trimmed ? `Käufer sehen jetzt „${listingButtonLabel(trimmed)}“.` : undefined,
      });
      onSaved();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="space-y-2 rounded-lg bg-slate-50 p-3" aria-label="Wo ist die Anzeige online?">
      <Input
        label="Wo ist die Anzeige online?"
        type="url"
        inputMode="url"
        placeholder="https://www.kleinanzeigen.de/s-anzeige/…"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        hint="Link zur veröffentlichten Anzeige – die öffentliche Seite zeigt Käufern dann einen Button dorthin."
        maxLength={500}
      />
      <Button type="submit" size="touch" variant="outline" disabled={busy}>
        Link speichern
      </Button>
    </form>
  );
}
