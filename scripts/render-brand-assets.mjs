// Renders the static brand images in public/ with the system Chromium:
// the 800×600 social-preview cards and the app icons. Run: node scripts/render-brand-assets.mjs
import { chromium } from "@playwright/test";

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();

async function render(html, width, height, path) {
  await page.setViewportSize({ width, height });
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`);
  await page.screenshot({ path, type: "png" });
}

const font = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";
// 800×600 social-preview cards: the fallback for any page and ad without a photo, and one per
// public page that has no photo of its own (app/lib/page-meta.ts, BRAND_IMAGES).
async function card({ kicker, headline, sub, badge, size = 56 }, path) {
  await render(
    `<div style="${font};width:800px;height:600px;box-sizing:border-box;padding:64px;background:linear-gradient(135deg,#0a454b,#0f6b73);color:#fff;display:flex;flex-direction:column;justify-content:space-between">
    <div style="display:flex;align-items:center;gap:16px;font-size:34px;font-weight:800"><span style="display:grid;place-items:center;width:64px;height:64px;border-radius:14px;background:#fff;color:#0f6b73">AP</span>AnzeigenPilot${kicker ? `<span style="font-weight:600;opacity:.85">&nbsp;· ${kicker}</span>` : ""}</div>
    <div><div style="font-size:${size}px;font-weight:800;line-height:1.1">${headline}</div>
    <div style="margin-top:20px;font-size:26px;opacity:.9">${sub}</div></div>
    <div style="display:inline-block;align-self:flex-start;background:#c2410c;border-radius:12px;padding:12px 22px;font-size:24px;font-weight:700">${badge}</div>
  </div>`,
    800,
    600,
    path,
  );
}

await card(
  {
    headline: "Kleinanzeigen mit KI<br>in 30 Sekunden",
    sub: "Titel, Beschreibung, Preisvorschlag &amp; Rechtshinweise",
    badge: "Erste Anzeige kostenlos",
  },
  "public/og-default.png",
);
await card(
  {
    kicker: "Blog",
    headline: "7 Geheimnisse für Kleinanzeigen, die sich schneller verkaufen",
    size: 46,
    sub: "Titel, Fotos, Beschreibung, Preis und Rechtliches",
    badge: "Jetzt lesen",
  },
  "public/og-blog.png",
);
await card(
  {
    kicker: "Investoren",
    headline: "KI-Anzeigen für den<br>Gebrauchtmarkt",
    sub: "Problem, Lösung, Markt, Technik, Preise und Prognose",
    badge: "Für Investoren",
  },
  "public/og-investors.png",
);
await card(
  {
    kicker: "Rechtliches",
    headline: "Impressum, Datenschutz<br>und AGB",
    sub: "Anbieter, Umgang mit deinen Daten und Nutzungsbedingungen",
    badge: "anzeigenpilot.de",
  },
  "public/og-legal.png",
);
for (const [size, path] of [
  [192, "public/icon-192.png"],
  [512, "public/icon-512.png"],
  [180, "public/apple-touch-icon.png"],
]) {
  await render(
    `<div style="${font};width:${size}px;height:${size}px;display:grid;place-items:center;background:#0f6b73;color:#fff;font-weight:800;font-size:${Math.round(size * 0.42)}px">AP</div>`,
    size,
    size,
    path,
  );
}
await browser.close();
