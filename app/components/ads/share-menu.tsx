// Sharing a finished ad: external share links to the public page, and copying the link.
import { Link2, Share2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../ui/button";
import { toast } from "../ui/use-toast";

export function shareLinks(url: string, title: string) {
  const encodedUrl = encodeURIComponent(url);
  const text = encodeURIComponent(`${title} ${url}`);
  return [
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}` },
    { label: "Telegram", href: `https://t.me/share/url?url=${encodedUrl}&text=${encodeURIComponent(title)}` },
    { label: "WhatsApp", href: `https://wa.me/?text=${text}` },
  ];
}

export function ShareMenu({ adId, title }: { adId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const url = typeof window === "undefined" ? `/ad/${adId}` : `${window.location.origin}/ad/${adId}`;

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link kopiert", description: "Du kannst ihn jetzt überall einfügen." });
    } catch {
      toast({ variant: "destructive", title: "Fehler beim Kopieren", description: "Text konnte nicht kopiert werden." });
    }
  }

  return (
    <div className="relative">
      <Button variant="outline" size="touch" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Share2 aria-hidden className="size-4" />
        Teilen
      </Button>
      {open ? (
        <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Teilen über">
          {shareLinks(url, title).map((link) => (
            <a
              key={link.label}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50"
            >
              {link.label}
            </a>
          ))}
          <Button variant="ghost" size="touch" onClick={copyLink}>
            <Link2 aria-hidden className="size-4" />
            Link kopieren
          </Button>
        </div>
      ) : null}
    </div>
  );
}
