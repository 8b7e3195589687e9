// German mail texts. Links are built from the configured public base URL, never from the request.
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

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
  const subject = "Ihr Anmeldelink für AnzeigenPilot";
  const text = [
    "Hallo,",
    "",
    "mit diesem Link melden Sie sich bei AnzeigenPilot an. Falls Sie noch kein Konto haben, wird es automatisch erstellt:",
    "",
    link,
    "",
    `Der Link ist ${options.validMinutes} Minuten gültig und funktioniert nur einmal.`,
    "Sie haben keinen Link angefordert? Dann ignorieren Sie diese E-Mail einfach – ohne Klick passiert nichts.",
    "",
    "Viele Grüße",
    "Ihr AnzeigenPilot-Team",
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="margin:0 0 12px;font-size:22px">Jetzt anmelden</h1>
<p style="margin:0 0 20px;line-height:1.5">Mit einem Klick melden Sie sich bei AnzeigenPilot an. Falls Sie noch kein Konto haben, wird es automatisch erstellt.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f6b73;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:10px">Bei AnzeigenPilot anmelden</a></p>
<p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:#334155">Der Link ist ${options.validMinutes} Minuten gültig und funktioniert nur einmal. Falls der Knopf nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:</p>
<p style="margin:0 0 20px;font-size:13px;word-break:break-all"><a href="${escapeHtml(link)}" style="color:#0c565d">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:13px;color:#475569">Sie haben keinen Link angefordert? Dann ignorieren Sie diese E-Mail einfach – ohne Klick passiert nichts.</p>`,
  );
  return { subject, text, html, link };
}

export function inviteMail(options: { baseUrl: string; inviterName: string }) {
  const link = `${options.baseUrl}/?login=1`;
  // A fixed subject: the inviter's name is text anyone can choose, never a subject line.
  const subject = "Einladung zu AnzeigenPilot";
  const text = [
    "Hallo,",
    "",
    `${options.inviterName} nutzt AnzeigenPilot und möchte dir zeigen, wie schnell Kleinanzeigen damit fertig sind: Fotos hochladen, zwei Stichworte – die KI schreibt Titel, Beschreibung, Preisvorschlag und Rechtshinweise.`,
    "",
    "Deine erste Anzeige ist kostenlos, ohne Kreditkarte:",
    link,
    "",
    "Viele Grüße",
    "Dein AnzeigenPilot-Team",
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="margin:0 0 12px;font-size:22px">Du wurdest eingeladen</h1>
<p style="margin:0 0 20px;line-height:1.5">${escapeHtml(options.inviterName)} nutzt AnzeigenPilot: Fotos hochladen, zwei Stichworte – die KI schreibt Titel, Beschreibung, Preisvorschlag und Rechtshinweise.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:10px">Erste Anzeige kostenlos erstellen</a></p>`,
  );
  return { subject, text, html };
}
