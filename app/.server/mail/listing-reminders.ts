// The reminders of a listing's life, in German (ADR 037): a price cut to make by hand where no API
// exists, and, after "Verkauft", the listings to end by hand.
import { formatEuroCents } from "../../lib/format";
import { namesList } from "../../lib/listing-life";
import { PLATFORMS, type Platform } from "../../lib/platforms";
import { escapeHtml, layout, SIGN_OFF } from "./templates";

const platformName = (platform: Platform): string => PLATFORMS[platform].label;

/** "reduziert von 120 €" only below the start price (Kleinanzeigen strikes through only then). */
export function reducedNote(priceCents: number, startPriceCents: number): string | null {
  return priceCents < startPriceCents
    ? `Kleinanzeigen zeigt den alten Preis ${formatEuroCents(startPriceCents)} durchgestrichen, weil der neue Preis darunter liegt.`
    : null;
}

export function priceCutReminderMail(options: {
  baseUrl: string;
  title: string;
  priceCents: number;
  startPriceCents: number;
  platforms: Platform[];
}) {
  const price = formatEuroCents(options.priceCents);
  const where =
    options.platforms.length > 0
      ? options.platforms.map(platformName).join(", ")
      : "den Plattformen, auf denen du die Anzeige selbst eingestellt hast";
  const subject = `Preis senken: „${options.title.slice(0, 60)}“ jetzt ${price}`;
  const note = reducedNote(options.priceCents, options.startPriceCents);
  const text = [
    "Hallo,",
    "",
    `dein Preisplan ist dran: Setze den Preis von „${options.title}“ auf ${where} auf ${price}.`,
    ...(note ? ["", note] : []),
    "",
    `Deine Anzeigen: ${options.baseUrl}/`,
    ...SIGN_OFF,
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="margin:0 0 12px;font-size:22px">Zeit für den nächsten Preisschritt</h1>
<p style="margin:0 0 12px;line-height:1.5">Setze den Preis von „${escapeHtml(options.title)}“ auf ${escapeHtml(where)} auf <strong>${escapeHtml(price)}</strong>.</p>
${note ? `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(note)}</p>` : ""}
<p style="margin:0"><a href="${escapeHtml(options.baseUrl)}/" style="color:#0c565d">Zu deinen Anzeigen</a></p>`,
  );
  return { subject, text, html };
}

export function endListingsReminderMail(options: { baseUrl: string; title: string; platforms: string[] }) {
  const subject = `Verkauft: „${options.title.slice(0, 60)}“ – Anzeigen beenden`;
  const list = options.platforms.length > 0 ? namesList(options.platforms) : "allen Plattformen, auf denen du sie selbst eingestellt hast";
  const text = [
    "Hallo,",
    "",
    `Glückwunsch zum Verkauf von „${options.title}“! Beende die Anzeige jetzt auch auf ${list}, damit keine Käufer mehr anfragen.`,
    "Wo AnzeigenPilot die Anzeige selbst veröffentlicht hat, haben wir sie bereits beendet.",
    ...SIGN_OFF,
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="margin:0 0 12px;font-size:22px">Glückwunsch zum Verkauf!</h1>
<p style="margin:0 0 12px;line-height:1.5">Beende die Anzeige „${escapeHtml(options.title)}“ jetzt auch auf ${escapeHtml(list)}, damit keine Käufer mehr anfragen.</p>
<p style="margin:0;line-height:1.5">Wo AnzeigenPilot die Anzeige selbst veröffentlicht hat, haben wir sie bereits beendet.</p>`,
  );
  return { subject, text, html };
}

export { platformName };
