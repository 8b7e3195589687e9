// Renders the photo `npm run smoke` uploads (tests/fixtures/photos/kaffeebecher.jpg, ADR 054): a blue
// ceramic mug on a wooden table, 1200×900, a baseline JPEG as a phone camera writes it — something a
// vision model can name, painted in CSS so the repository holds no third-party picture.
// Run: node scripts/render-smoke-photo.mjs
import { chromium } from "@playwright/test";

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
await page.setContent(`<!doctype html><html><body style="margin:0">
<div style="position:relative;width:1200px;height:900px;overflow:hidden;background:linear-gradient(#e9e4dc 0 46%,#a0703f 46%);">
  <div style="position:absolute;inset:46% 0 0;background:repeating-linear-gradient(92deg,rgba(60,30,10,.18) 0 3px,transparent 3px 38px),repeating-linear-gradient(88deg,rgba(255,230,190,.12) 0 9px,transparent 9px 61px)"></div>
  <div style="position:absolute;left:330px;top:700px;width:560px;height:70px;border-radius:50%;background:radial-gradient(rgba(30,15,5,.55),transparent 70%)"></div>
  <div style="position:absolute;left:735px;top:330px;width:190px;height:250px;border:46px solid #1d4f91;border-left:none;border-radius:0 130px 130px 0;box-sizing:border-box;box-shadow:inset -8px 0 14px rgba(0,0,0,.35)"></div>
  <div style="position:absolute;left:380px;top:230px;width:400px;height:500px;border-radius:14px 14px 60px 60px/14px 14px 36px 36px;background:linear-gradient(90deg,#123563 0%,#2a66b3 30%,#5b93d6 42%,#2a66b3 55%,#16407a 100%)"></div>
  <div style="position:absolute;left:380px;top:200px;width:400px;height:64px;border-radius:50%;background:radial-gradient(#2b1a0e 0 55%,#3d7bc6 57%,#9dc0ea 80%,#2a66b3 100%)"></div>
  <div style="position:absolute;left:470px;top:430px;width:220px;font:700 40px/1.1 Georgia,serif;color:rgba(255,255,255,.82);text-align:center;letter-spacing:2px">KAFFEE</div>
</div></body></html>`);
await page.screenshot({ path: "tests/fixtures/photos/kaffeebecher.jpg", type: "jpeg", quality: 88 });
await browser.close();
