// The whole pipeline as `npm start` runs it: app Worker → queue → generator Worker → D1/R2.
import { png } from "../fixtures/images";
import { AD_READY_MS, expect, test } from "./fixtures";

test("an ad created through the API is completed by the offline generator, with its photo and public page", async ({ request }) => {
  const signIn = await request.post("/api/send-magic-link", { data: { email: `pipeline-${Date.now()}@example.de` } });
  expect(signIn.ok()).toBe(true);

  const form = new FormData();
  form.append("itemName", "Playmobil Piratenschiff 5135");
  form.append("category", "spielzeug");
  form.append("description", "Vollständig, mit Anleitung und Originalkarton. Sehr guter Zustand. Nur Abholung.");
  form.append("photos", new File([await png(640, 480, { noise: true })], "schiff.png", { type: "image/png" }));

  const created = await request.post("/api/ads", { multipart: form });
  expect(created.status()).toBe(201);
  const ad = await created.json();

  // How fast this happens is measured by `npm run bench:ai`, not here (docs/PERFORMANCE.md).
  let current = ad;
  await expect(async () => {
    const list = await (await request.get("/api/ads")).json();
    current = list.find((item: { id: string }) => item.id === ad.id);
    expect(current.status).toBe("completed");
  }).toPass({ timeout: AD_READY_MS });
  expect(current.optimizedTitle).toContain("Playmobil");
  expect(current.provider).toBe("offline");

  const photo = await request.get(current.imageUrls[0]);
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toBe("image/png");

  const publicAd = await request.get(`/api/ads/public/${ad.id}`);
  expect(publicAd.status()).toBe(200);
});
