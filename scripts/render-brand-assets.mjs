// Renders the static brand images in public/ with the system Chromium:
// the 800×600 social-preview fallback and the app icons. Run: node scripts/render-brand-assets.mjs
import { chromium } from "@playwright/test";

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();

async function render(html, width, height, path) {
  await page.setViewportSize({ width, height });
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`);
  await page.screenshot({ path, type: "png" });
}

const font = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";
await render(
  `<div style="${font};width:800px;height:600px;box-sizing:border-box;padding:64px;background:linear-gradient(135deg,#0a454b,#0f6b73);color:#fff;display:flex;flex-direction:column;justify-content:space-between">
    <div style="display:flex;align-items:center;gap:16px;font-size:34px;font-weight:800"><span style="display:grid;place-items:center;width:64px;height:64px;border-radius:14px;background:#fff;color:#0f6b73">AP</span>AnzeigenPilot</div>
    <div><div style="font-size:56px;font-weight:800;line-height:1.1">Kleinanzeigen mit KI<br>in 30 Sekunden</div>
    <div style="margin-top:20px;font-size:26px;opacity:.9">Titel, Beschreibung, Preisvorschlag &amp; Rechtshinweise</div></div>
    <div style="display:inline-block;align-self:flex-start;background:#c2410c;border-radius:12px;padding:12px 22px;font-size:24px;font-weight:700">Erste Anzeige kostenlos</div>
  </div>`,
  800,
  600,
  "public/og-default.png",
);
for (const [size, path] of [[192, "public/icon-192.png"], [512, "public/icon-512.png"], [180, "public/apple-touch-icon.png"]]) {
  await render(
    `<div style="${font};width:${size}px;height:${size}px;display:grid;place-items:center;background:#0f6b73;color:#fff;font-weight:800;font-size:${Math.round(size * 0.42)}px">AP</div>`,
    size,
    size,
    path,
  );
}
await browser.close();
