// German mail texts. Links are built from the configured public base URL, never from the request.
import { formatDate } from "../../lib/format";
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** How every mail's plain text ends. */
export const SIGN_OFF = ["", "Viele Grüße", "Dein AnzeigenPilot-Team"];

export function layout(title: string, body: string) {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f6f8f8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:18px;font-weight:800;color:#0a454b">AnzeigenPilot</p>
${body}
</td></tr></table>
<p style="margin:16px 0 0;font-size:12px;color:#475569">AnzeigenPilot – Kleinanzeigen mit KI in 30 Sekunden</p>
</td></tr></table></body></html>`;
}

export function magicLinkMail(options: { baseUrl: string; token: string; validMinutes: number }) {
  const link = `${options.baseUrl}/auth/verify?token=${encodeURIComponent(options.token)}`;
  const subject = "Dein Anmeldelink für AnzeigenPilot";
  const text = [
    "Hallo,",
    "",
    "mit diesem Link meldest du dich bei AnzeigenPilot an. Falls du noch kein Konto hast, wird es automatisch erstellt:",
    "",
    link,
    "",
    `Der Link ist ${options.validMinutes} Minuten gültig und funktioniert nur einmal.`,
    "Du hast keinen Link angefordert? Dann ignoriere diese E-Mail einfach – ohne Klick passiert nichts.",
    ...SIGN_OFF,
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="margin:0 0 12px;font-size:22px">Jetzt anmelden</h1>
<p style="margin:0 0 20px;line-height:1.5">Mit einem Klick meldest du dich bei AnzeigenPilot an. Falls du noch kein Konto hast, wird es automatisch erstellt.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f6b73;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:10px">Bei AnzeigenPilot anmelden</a></p>
<p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:#334155">Der Link ist ${options.validMinutes} Minuten gültig und funktioniert nur einmal. Falls der Knopf nicht funktioniert, kopiere diese Adresse in deinen Browser:</p>
<p style="margin:0 0 20px;font-size:13px;word-break:break-all"><a href="${escapeHtml(link)}" style="color:#0c565d">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:13px;color:#475569">Du hast keinen Link angefordert? Dann ignoriere diese E-Mail einfach – ohne Klick passiert nichts.</p>`,
  );
  return { subject, text, html, link };
}

/**
 * The invite. The inviter's first name is text anyone can choose: it is never the subject and never
 * the start of a sentence, only quoted as "a person with the profile name „…“", so it cannot read as
 * our own words ("Konto gesperrt – entsperren auf …"); without a first name the mail names nobody.
 */
export function inviteMail(options: { baseUrl: string; inviterName: string | null }) {
  const link = `${options.baseUrl}/?login=1`;
  const subject = "Einladung zu AnzeigenPilot";
  const from = options.inviterName ? `Die Einladung kommt von einer Person mit dem Profilnamen „${options.inviterName}“.` : null;
  const pitch =
    "AnzeigenPilot macht Kleinanzeigen schnell fertig: Fotos hochladen, zwei Stichworte – die KI schreibt Titel, Beschreibung, Preisvorschlag und Rechtshinweise.";
  const text = [
    "Hallo,",
    "",
    ["du wurdest zu AnzeigenPilot eingeladen.", from].filter(Boolean).join(" "),
    "",
    pitch,
    "",
    "Deine erste Anzeige ist kostenlos, ohne Kreditkarte:",
    link,
    ...SIGN_OFF,
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="margin:0 0 12px;font-size:22px">Du wurdest eingeladen</h1>
${from ? `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#475569">${escapeHtml(from)}</p>\n` : ""}<p style="margin:0 0 20px;line-height:1.5">${escapeHtml(pitch)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:10px">Erste Anzeige kostenlos erstellen</a></p>`,
  );
  return { subject, text, html };
}

/** Kleinanzeigen's 60-day life (ADR 038): extend it there, never delete and post again. */
export function kleinanzeigenExpiryMail(options: { baseUrl: string; title: string; listingUrl: string | null; expiresAt: number }) {
  const date = formatDate(options.expiresAt);
  const dashboard = `${options.baseUrl}/`;
  const subject = "Deine Kleinanzeige läuft bald ab – jetzt verlängern";
  const text = [
    "Hallo,",
    "",
    `deine Anzeige „${options.title}“ bei Kleinanzeigen läuft am ${date} ab.`,
    "",
    "Verlängern: Öffne bei Kleinanzeigen „Meine Anzeigen“ und klicke bei der Anzeige auf „Verlängern“. So bleibt sie mit allen Merkern und Nachrichten online.",
    ...(options.listingUrl ? ["", `Deine Anzeige: ${options.listingUrl}`] : []),
    "",
    "Bitte lösche die Anzeige nicht, um sie neu einzustellen: Kleinanzeigen wertet das als Duplikat und kann die Anzeige oder dein Konto sperren.",
    "",
    `Schon verkauft? Markiere sie in AnzeigenPilot als verkauft: ${dashboard}`,
    ...SIGN_OFF,
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="margin:0 0 12px;font-size:22px">Jetzt verlängern</h1>
<p style="margin:0 0 16px;line-height:1.5">Deine Anzeige „${escapeHtml(options.title)}“ bei Kleinanzeigen läuft am <strong>${date}</strong> ab.</p>
<p style="margin:0 0 16px;line-height:1.5">Öffne bei Kleinanzeigen „Meine Anzeigen“ und klicke bei der Anzeige auf <strong>„Verlängern“</strong>. So bleibt sie mit allen Merkern und Nachrichten online.</p>
${options.listingUrl ? `<p style="margin:0 0 24px"><a href="${escapeHtml(options.listingUrl)}" style="display:inline-block;background:#0f6b73;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:10px">Anzeige bei Kleinanzeigen öffnen</a></p>` : ""}
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#334155">Bitte lösche die Anzeige nicht, um sie neu einzustellen: Kleinanzeigen wertet das als Duplikat und kann die Anzeige oder dein Konto sperren.</p>
<p style="margin:0;font-size:13px;color:#475569">Schon verkauft? <a href="${escapeHtml(dashboard)}" style="color:#0c565d">Markiere sie in AnzeigenPilot als verkauft.</a></p>`,
  );
  return { subject, text, html };
}
