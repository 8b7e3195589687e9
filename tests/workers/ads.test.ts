import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLogs, ads, users } from "~/.server/db/schema";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { CREATE_FAILED_MESSAGE } from "~/.server/app-worker/ads/create";
import { isDerivedKey } from "~/.server/storage/photo-keys";
import type { ErrorCode } from "~/lib/error-codes";
import { PLATFORMS, type Platform } from "~/lib/platforms";
import { expectConsoleError } from "../console-guard";
import { png, TINY_JPEG, TINY_WEBP } from "../fixtures/images";
import { allPhotoKeys, db, eventually, insertAd, signedInUser, userById } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit = {}, bindings: Env = env) {
  return app.request(`http://localhost:8787${path}`, init, bindings, workerContext());
}

type AdJson = {
  id: string;
  status: string;
  imageUrls: string[];
  optimizedTitle: string | null;
  optimizedDescription: string | null;
} & Record<string, unknown>;

function adForm(fields: Record<string, string> = {}, photos: Array<{ bytes: Uint8Array<ArrayBuffer>; name: string; type?: string }> = []) {
  const form = new FormData();
  const values = {
    itemName: "Kaffeevollautomat DeLonghi Magnifica S",
    category: "elektronik",
    description: "Sehr gut erhalten, entkalkt. Inkl. Milchbehälter und Anleitung. NP 399 €. Abholung in Köln.",
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  for (const photo of photos) form.append("photos", new File([photo.bytes], photo.name, { type: photo.type ?? "image/png" }));
  return form;
}

async function createAd(auth: Record<string, string>, form: FormData) {
  return call("/api/ads", { method: "POST", headers: auth, body: form });
}

async function completedAd(id: string) {
  return eventually(async () => {
    const [ad] = await db().select().from(ads).where(eq(ads.id, id));
    return ad?.status === "completed" || ad?.status === "failed" ? ad : undefined;
  }, 10_000);
}

/** The stored photos, leaving out the 800×600 covers the generator makes in the background (ADR 019). */
/** The photos in R2, without the covers and display copies made of them. */
async function photosWithoutCopies() {
  return (await allPhotoKeys()).filter((key) => !/-(cover|model)\.jpg$/.test(key));
}

async function expectNothingStored(userId: string, credits = 1) {
  expect(await db().select().from(ads)).toEqual([]);
  expect(await allPhotoKeys()).toEqual([]);
  expect((await userById(userId)).adCredits).toBe(credits);
}

describe("creating an ad", () => {
  it("stores the photos, reserves the credit and is completed by the generator with the offline adapter", async () => {
    const { user, auth } = await signedInUser();
    const photos = [
      { bytes: await png(64, 64), name: "detail.png" },
      { bytes: await png(400, 300, { noise: true }), name: "gesamt.png" },
    ];
    const response = await createAd(auth, adForm({}, photos));
    expect(response.status).toBe(201);
    const created = await response.json<AdJson>();
    expect(created).toMatchObject({ status: "processing", userId: user.id, platform: "kleinanzeigen" });
    expect(created.imageUrls).toHaveLength(2);
    expect((await userById(user.id)).adCredits).toBe(0);
    // The photos, and the model copy of each, made in the request before the generation was queued (ADR 053).
    expect(await photosWithoutCopies()).toHaveLength(2);
    expect((await allPhotoKeys()).filter((key) => key.endsWith("-model.jpg"))).toHaveLength(2);

    const done = await completedAd(created.id);
    expect(done.status).toBe("completed");
    expect(done.provider).toBe("offline");
    expect(done.optimizedTitle).toMatch(/^De'Longhi Kaffeevollautomat Magnifica S/);
    expect(done.optimizedTitle!.length).toBeLessThanOrEqual(65);
    expect(done.optimizedDescription).toContain("✨ **Zustand: Sehr gut**");
    expect(done.optimizedDescription).toContain("Privatverkauf unter Ausschluss jeglicher Sachmängelhaftung");
    expect(done.optimizedDescription).toContain("Leben, Körper und Gesundheit");
    expect(done).toMatchObject({ priceSuggestion: 22000, priceBasis: "new_price" }); // NP 399 € × 55 % (Sehr gut, no purchase year), rounded to 10 €
    expect(done.priceMin).toBeLessThan(done.priceSuggestion!);
    expect(done.priceMax).toBeGreaterThan(done.priceSuggestion!);
    expect(done.imageAnalysis).toMatchObject({ brand: "De'Longhi", condition: "Sehr gut" });
    // The detailed 4:3 photo scores best as a cover: a suggestion only — the seller's order stays,
    // so the seller's first photo is the cover (docs/PRODUCT.md, "Photos").
    expect(done.bestImageIndex).toBe(1);
    expect(done.imageUrls).toEqual(created.imageUrls.map((url) => url.replace("/images/", "")));
    expect(done.generationMs).toBeGreaterThanOrEqual(0);

    // The photo itself answers its seller only (ADR 070).
    expect((await call(`/images/${done.imageUrls[0]}`)).status).toBe(404);
    const image = await call(`/images/${done.imageUrls[0]}`, { headers: auth });
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(image.headers.get("Cache-Control")).toContain("max-age=31536000");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(photos[0].bytes);

    const actions = (await db().select().from(activityLogs)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["ad_created", "ad_completed"]));
  });

  it("takes tyres in 'Auto, Rad & Boot': a title of the facts buyers search, every copy within its limit, nothing missing in the check", async () => {
    const { auth } = await signedInUser();
    const note = "4 Winterreifen 205/55 R16 Continental WinterContact TS860 auf Stahlfelge, 6 mm Profil, 280 € VB, nur Abholung";
    const response = await createAd(
      auth,
      adForm({ itemName: "Winterreifen", category: "auto", description: note }, [
        { bytes: await png(400, 300, { noise: true }), name: "reifen.png" },
      ]),
    );
    expect(response.status).toBe(201);
    const created = await response.json<AdJson>();
    expect(created).toMatchObject({ category: "auto", status: "processing" });
    expect((await completedAd(created.id)).status).toBe("completed");

    type Listed = AdJson & {
      variants: Array<{ platform: Platform; title: string }>;
      check: { parts: Array<{ id: string; hints: string[] }> };
    };
    const listed = await (await call("/api/ads", { headers: auth })).json<Listed[]>();
    const ad = listed.find((entry) => entry.id === created.id)!;
    expect(ad.optimizedTitle).toBe("4 Continental WinterContact TS860 Winterreifen 205/55 R16");
    for (const variant of ad.variants)
      expect(variant.title.length, variant.platform).toBeLessThanOrEqual(PLATFORMS[variant.platform].titleMax);
    expect(ad.check.parts.find((part) => part.id === "title")?.hints).toEqual([]);
    expect(ad.check.parts.find((part) => part.id === "photos")?.hints.join("\n")).toContain("Profiltiefe mit Münze oder Messer");
  });

  it("accepts JPEG and WebP by their bytes and keeps the detected type", async () => {
    const { auth } = await signedInUser();
    const response = await createAd(
      auth,
      adForm({}, [
        { bytes: TINY_JPEG, name: "foto.jpeg", type: "application/octet-stream" },
        { bytes: TINY_WEBP, name: "foto.webp", type: "image/webp" },
      ]),
    );
    expect(response.status).toBe(201);
    const created = await response.json<AdJson>();
    expect(created.imageUrls[0]).toMatch(/\.jpg$/);
    expect(created.imageUrls[1]).toMatch(/\.webp$/);
    expect((await call(created.imageUrls[0], { headers: auth })).headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("stores the browser's model copies next to the photos and deletes them with the ad", async () => {
    const { auth } = await signedInUser();
    const form = adForm({}, [{ bytes: await png(400, 300, { noise: true }), name: "gross.png" }]);
    form.append("models", new File([TINY_JPEG], "model.jpg", { type: "image/jpeg" }));
    const created = await (await createAd(auth, form)).json<AdJson>();
    const photoKey = created.imageUrls[0].replace("/images/", "");
    expect(await allPhotoKeys()).toContain(photoKey.replace(/\.png$/, "-model.jpg"));

    await completedAd(created.id);
    expect((await call(`/api/ads/${created.id}`, { method: "DELETE", headers: auth })).status).toBe(200);
    expect(await allPhotoKeys()).toEqual([]);
  });

  it("refuses a model copy that is not a JPEG of at most 1024 px, and stores nothing", async () => {
    const { user, auth } = await signedInUser();
    for (const copy of [await png(8, 8), await png(1100, 10)]) {
      const form = adForm({}, [{ bytes: await png(8, 8), name: "ok.png" }]);
      form.append("models", new File([copy], "model.jpg", { type: "image/jpeg" }));
      const response = await createAd(auth, form);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: "Bildupload fehlgeschlagen: Die Kopie für die KI muss ein JPG mit höchstens 1024 Pixeln Kantenlänge sein.",
        code: "photo_upload_failed",
      });
    }
    await expectNothingStored(user.id);
  });

  it("refuses every invalid request with a German message and stores nothing", async () => {
    const { user, auth } = await signedInUser();
    const photo = { bytes: await png(8, 8), name: "ok.png" };
    // A photo the server cannot take carries photo_upload_failed, a field it refuses invalid_input (ADR 077).
    const cases: Array<[FormData, number, RegExp, ErrorCode]> = [
      [adForm({}, []), 400, /Bildupload fehlgeschlagen: Bitte lade mindestens ein Foto hoch/, "photo_upload_failed"],
      [
        adForm(
          {},
          Array.from({ length: 6 }, () => photo),
        ),
        400,
        /Höchstens 5 Fotos/,
        "photo_upload_failed",
      ],
      [
        adForm({}, [{ bytes: new Uint8Array(11 * 1024 * 1024), name: "riesig.png" }]),
        413,
        /„riesig.png“ ist größer als 10 MB/,
        "photo_upload_failed",
      ],
      [
        adForm({}, [
          { bytes: new Uint8Array(new TextEncoder().encode("<?php echo 'kein Bild'; ?>")), name: "foto.jpg", type: "image/jpeg" },
        ]),
        415,
        /„foto.jpg“ ist kein JPG-, PNG- oder WebP-Bild/,
        "photo_upload_failed",
      ],
      [adForm({ category: "autos" }, [photo]), 400, /Bitte wähle eine Kategorie aus der Liste\./, "invalid_input"],
      [adForm({ itemName: "" }, [photo]), 400, /Bitte gib an, was du verkaufst\./, "invalid_input"],
      [adForm({ itemName: "x".repeat(101) }, [photo]), 400, /höchstens 100 Zeichen/, "invalid_input"],
      [adForm({ description: "x".repeat(4001) }, [photo]), 400, /höchstens 4.000 Zeichen/, "invalid_input"],
      [adForm({ platform: "myspace" }, [photo]), 400, /Unbekannte Plattform/, "invalid_input"],
      [adForm({ prompt_title: "x".repeat(4001) }, [photo]), 400, /KI-Prompt darf höchstens 4000 Zeichen/, "invalid_input"],
    ];
    for (const [form, status, message, code] of cases) {
      const response = await createAd(auth, form);
      expect(response.status, String(message)).toBe(status);
      const body = await response.json<{ message: string; code: string }>();
      expect(body.message).toMatch(message);
      expect(body.code, String(message)).toBe(code);
    }
    await expectNothingStored(user.id);
    const other = await signedInUser();
    const json = await call("/api/ads", { method: "POST", headers: { ...other.auth, "Content-Type": "application/json" }, body: "{}" });
    expect(json.status).toBe(415);
    await expectNothingStored(other.user.id);
  });

  it("admits exactly one of four parallel creates with one credit", async () => {
    const { user, auth } = await signedInUser();
    const bytes = await png(16, 16);
    const responses = await Promise.all(Array.from({ length: 4 }, () => createAd(auth, adForm({}, [{ bytes, name: "a.png" }]))));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 402, 402, 402]);
    const refused = responses.find((response) => response.status === 402)!;
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining("Limit erreicht"), code: "limit_reached" });
    expect((await userById(user.id)).adCredits).toBe(0);
    expect(await db().select().from(ads)).toHaveLength(1);
    expect(await photosWithoutCopies()).toHaveLength(1);
  });

  it("spends the Power allowance before credits and nothing with an active subscription", async () => {
    const power = await signedInUser({ planType: "power", monthlyAllowance: 2, adCredits: 1 });
    const bytes = await png(16, 16);
    expect((await createAd(power.auth, adForm({}, [{ bytes, name: "a.png" }]))).status).toBe(201);
    expect(await userById(power.user.id)).toMatchObject({ monthlyAllowance: 1, adCredits: 1 });
    // The last unit of the allowance is the allowance's alone (one batch: the credits see it as it was).
    expect((await createAd(power.auth, adForm({}, [{ bytes, name: "b.png" }]))).status).toBe(201);
    expect(await userById(power.user.id)).toMatchObject({ monthlyAllowance: 0, adCredits: 1 });
    expect((await createAd(power.auth, adForm({}, [{ bytes, name: "c.png" }]))).status).toBe(201);
    expect(await userById(power.user.id)).toMatchObject({ monthlyAllowance: 0, adCredits: 0 });
    expect((await createAd(power.auth, adForm({}, [{ bytes, name: "d.png" }]))).status).toBe(402);
    expect(await userById(power.user.id)).toMatchObject({ monthlyAllowance: 0, adCredits: 0 });

    const pro = await signedInUser({ subscriptionStatus: "active", adCredits: 0 });
    expect((await createAd(pro.auth, adForm({}, [{ bytes, name: "a.png" }]))).status).toBe(201);
    expect((await createAd(pro.auth, adForm({}, [{ bytes, name: "b.png" }]))).status).toBe(201);
    expect((await userById(pro.user.id)).adCredits).toBe(0);
  });

  it("keeps the seller's prompt overrides and platform with the ad", async () => {
    const { auth } = await signedInUser();
    const response = await createAd(
      auth,
      adForm({ platform: "ebay", prompt_title: "Kurz und knapp: {itemName}" }, [{ bytes: await png(8, 8), name: "a.png" }]),
    );
    const created = await response.json<AdJson>();
    const [row] = await db().select().from(ads).where(eq(ads.id, created.id));
    expect(row.platform).toBe("ebay");
    expect(row.promptOverrides).toEqual({ title: "Kurz und knapp: {itemName}" });
  });
});

describe("the seller's marketplace and prompts", () => {
  it("remembers the marketplace chosen last as the seller's preselection", async () => {
    const { user, auth } = await signedInUser({ adCredits: 3 });
    expect((await userById(user.id)).preferredPlatform).toBe("kleinanzeigen");
    expect((await createAd(auth, adForm({ platform: "vinted" }, [{ bytes: await png(8, 8), name: "a.png" }]))).status).toBe(201);
    expect((await userById(user.id)).preferredPlatform).toBe("vinted");
    const me = await (await call("/api/auth/user", { headers: auth })).json<{ preferredPlatform: string }>();
    expect(me.preferredPlatform).toBe("vinted");
    // An unknown marketplace is refused and changes nothing.
    const bad = await createAd(auth, adForm({ platform: "amazon" }, [{ bytes: await png(8, 8), name: "b.png" }]));
    expect(bad.status).toBe(400);
    expect((await userById(user.id)).preferredPlatform).toBe("vinted");
  });

  it("uses the prompts stored in the account when the request sends none", async () => {
    const { auth } = await signedInUser({ promptSettings: { description: "Schreibe knapp über {itemName}." } });
    const created = await (await createAd(auth, adForm({}, [{ bytes: await png(8, 8), name: "a.png" }]))).json<AdJson>();
    const [row] = await db().select().from(ads).where(eq(ads.id, created.id));
    expect(row.promptOverrides).toEqual({ description: "Schreibe knapp über {itemName}." });
  });
});

describe("access to ads", () => {
  it("refuses anonymous requests with 401", async () => {
    expect((await call("/api/ads")).status).toBe(401);
    const create = await call("/api/ads", { method: "POST", body: adForm({}, [{ bytes: await png(8, 8), name: "a.png" }]) });
    expect(create.status).toBe(401);
    expect(await allPhotoKeys()).toEqual([]);
  });

  it("answers someone else's ad with 404 for every operation, and lists only one's own", async () => {
    const owner = await signedInUser();
    const stranger = await signedInUser();
    const created = await (await createAd(owner.auth, adForm({}, [{ bytes: await png(8, 8), name: "a.png" }]))).json<AdJson>();
    await completedAd(created.id);

    const form = new FormData();
    form.append("optimizedTitle", "Gehackt");
    form.append("optimizedDescription", "Gehackt");
    expect((await call(`/api/ads/${created.id}`, { method: "PATCH", headers: stranger.auth, body: form })).status).toBe(404);
    expect((await call(`/api/ads/${created.id}`, { method: "DELETE", headers: stranger.auth })).status).toBe(404);
    expect((await call(`/api/ads/${created.id}/retry`, { method: "POST", headers: stranger.auth })).status).toBe(404);
    expect(await (await call("/api/ads", { headers: stranger.auth })).json()).toEqual([]);
    const own = await (await call("/api/ads", { headers: owner.auth })).json<AdJson[]>();
    expect(own.map((ad) => ad.id)).toEqual([created.id]);
    const [row] = await db().select().from(ads).where(eq(ads.id, created.id));
    expect(row.optimizedTitle).not.toBe("Gehackt");
  });

  it("shows a finished ad publicly without owner fields, and hides unfinished ones", async () => {
    const { auth, user } = await signedInUser();
    // While it is being written an ad is not public.
    for (const status of ["processing", "failed"] as const) {
      const unfinished = await insertAd(user.id, { status });
      const hidden = await call(`/api/ads/public/${unfinished.id}`);
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toEqual({ message: "Anzeige nicht gefunden", code: "not_found" });
    }
    expect((await call("/api/ads/public/kein-uuid")).status).toBe(404);

    const created = await (await createAd(auth, adForm({}, [{ bytes: await png(8, 8), name: "a.png" }]))).json<AdJson>();
    await completedAd(created.id);
    const response = await call(`/api/ads/public/${created.id}`);
    expect(response.status).toBe(200);
    const publicAd = await response.json<Record<string, unknown>>();
    expect(publicAd).toMatchObject({ id: created.id });
    expect(publicAd.optimizedTitle).toBeTruthy();
    expect(publicAd).not.toHaveProperty("userId");
    expect(publicAd).not.toHaveProperty("promptOverrides");
  });
});

describe("editing and deleting", () => {
  async function finishedAd(photoCount = 2) {
    const session = await signedInUser();
    const photos = await Promise.all(
      Array.from({ length: photoCount }, async (_, i) => ({ bytes: await png(32 + i, 32), name: `${i}.png` })),
    );
    const created = await (await createAd(session.auth, adForm({}, photos))).json<AdJson>();
    return { ...session, ad: await completedAd(created.id) };
  }

  function editForm(fields: Record<string, string>, image?: Uint8Array<ArrayBuffer>, name = "neu.png") {
    const form = new FormData();
    form.append("optimizedTitle", fields.optimizedTitle ?? "Neuer Titel");
    form.append("optimizedDescription", fields.optimizedDescription ?? "Neue Beschreibung mit allen Details.");
    for (const [key, value] of Object.entries(fields)) if (!key.startsWith("optimized")) form.append(key, value);
    if (image) form.append("image", new File([image], name, { type: "image/png" }));
    return form;
  }

  it("saves title and description", async () => {
    const { auth, ad } = await finishedAd();
    const response = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: auth,
      body: editForm({ optimizedTitle: "Kaffeevollautomat, top gepflegt" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ optimizedTitle: "Kaffeevollautomat, top gepflegt" });
    expect(await db().select().from(activityLogs).where(eq(activityLogs.action, "ad_updated"))).toHaveLength(1);
  });

  it("replaces a photo and deletes the old object from R2", async () => {
    const { auth, ad } = await finishedAd();
    const [oldFirst, second] = ad.imageUrls;
    const replacement = await png(48, 36);
    const response = await call(`/api/ads/${ad.id}`, { method: "PATCH", headers: auth, body: editForm({ imageIndex: "0" }, replacement) });
    expect(response.status).toBe(200);
    const [row] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(row.imageUrls).toHaveLength(2);
    expect(row.imageUrls[1]).toBe(second);
    expect(row.imageUrls[0]).not.toBe(oldFirst);
    const keys = await allPhotoKeys();
    expect(keys).not.toContain(oldFirst);
    expect(keys).toContain(row.imageUrls[0]);
    expect((await call(`/images/${oldFirst}`)).status).toBe(404);
  });

  it("removes a photo, but never the last one", async () => {
    const { auth, ad } = await finishedAd(2);
    const removed = ad.imageUrls[1];
    const response = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: auth,
      body: editForm({ removeImage: "true", imageIndex: "1" }),
    });
    expect(response.status).toBe(200);
    expect(await allPhotoKeys()).not.toContain(removed);
    const last = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: auth,
      body: editForm({ removeImage: "true", imageIndex: "0" }),
    });
    expect(last.status).toBe(400);
    expect(await photosWithoutCopies()).toEqual([ad.imageUrls[0]]);
  });

  it("refuses an edit that breaks the ad's marketplace rules with German field errors, changing nothing", async () => {
    const { auth, ad } = await finishedAd(1);
    const long = await call(`/api/ads/${ad.id}`, { method: "PATCH", headers: auth, body: editForm({ optimizedTitle: "x".repeat(94) }) });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      message: "Der Titel ist für Kleinanzeigen zu lang: 94 von höchstens 65 Zeichen.",
      code: "invalid_input",
      fieldErrors: { optimizedTitle: "Der Titel ist für Kleinanzeigen zu lang: 94 von höchstens 65 Zeichen." },
    });
    const link = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: auth,
      body: editForm({ optimizedDescription: "Mehr Fotos auf https://example.com/sofa, Fragen an anna@example.de" }),
    });
    expect(link.status).toBe(400);
    expect((await link.json<{ fieldErrors: Record<string, string> }>()).fieldErrors).toEqual({
      optimizedDescription: "Links und Webadressen sind bei Kleinanzeigen nicht erlaubt. Bitte entferne sie aus der Beschreibung.",
    });
    const [row] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(row).toMatchObject({ optimizedTitle: ad.optimizedTitle, optimizedDescription: ad.optimizedDescription });
    // The same text is fine on Facebook Marketplace, which allows links and longer titles.
    await db().update(ads).set({ platform: "facebook" }).where(eq(ads.id, ad.id));
    expect(
      (await call(`/api/ads/${ad.id}`, { method: "PATCH", headers: auth, body: editForm({ optimizedTitle: "x".repeat(94) }) })).status,
    ).toBe(200);
  });

  it("refuses a replacement that is not an image and changes nothing", async () => {
    const { auth, ad } = await finishedAd(1);
    const response = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: auth,
      body: editForm({ optimizedTitle: "Sollte nicht gespeichert werden" }, new Uint8Array(new TextEncoder().encode("kein bild")), "x.png"),
    });
    expect(response.status).toBe(415);
    const [row] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(row.optimizedTitle).toBe(ad.optimizedTitle);
    expect(await photosWithoutCopies()).toEqual(ad.imageUrls);
  });

  it("deletes the row and every photo", async () => {
    const { auth, ad } = await finishedAd(3);
    const response = await call(`/api/ads/${ad.id}`, { method: "DELETE", headers: auth });
    expect(response.status).toBe(200);
    expect(await db().select().from(ads)).toEqual([]);
    expect(await allPhotoKeys()).toEqual([]);
    for (const key of ad.imageUrls) expect((await call(`/images/${key}`)).status).toBe(404);
    expect(await db().select().from(activityLogs).where(eq(activityLogs.action, "ad_deleted"))).toHaveLength(1);
  });
});

describe("retrying a failed ad", () => {
  it("puts it back to processing for one credit and completes it", async () => {
    const { user, auth } = await signedInUser();
    const created = await (await createAd(auth, adForm({}, [{ bytes: await png(8, 8), name: "a.png" }]))).json<AdJson>();
    await completedAd(created.id);
    // As after a final failure: failed, credit refunded.
    await db()
      .update(ads)
      .set({ status: "failed", errorMessage: "Der KI-Service ist gerade nicht erreichbar.", creditSource: null })
      .where(eq(ads.id, created.id));
    await db().update(users).set({ adCredits: 1 }).where(eq(users.id, user.id));

    const response = await call(`/api/ads/${created.id}/retry`, { method: "POST", headers: auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "processing", errorMessage: null });
    expect((await userById(user.id)).adCredits).toBe(0);
    expect((await completedAd(created.id)).status).toBe("completed");

    const again = await call(`/api/ads/${created.id}/retry`, { method: "POST", headers: auth });
    expect(again.status).toBe(409);
  });
});

describe("where the ad is online", () => {
  async function finished() {
    const session = await signedInUser();
    const created = await (await createAd(session.auth, adForm({}, [{ bytes: await png(8, 8), name: "a.png" }]))).json<AdJson>();
    return { ...session, ad: await completedAd(created.id) };
  }
  const put = (auth: Record<string, string>, id: string, body: unknown) =>
    call(`/api/ads/${id}/listing`, { method: "PUT", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify(body) });

  it("saves a marketplace link and shows it publicly with the seller's city", async () => {
    const { user, auth, ad } = await finished();
    await db().update(users).set({ city: "Köln" }).where(eq(users.id, user.id));
    const response = await put(auth, ad.id, { listingUrl: " https://www.kleinanzeigen.de/s-anzeige/kaffeevollautomat/123 " });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ listingUrl: "https://www.kleinanzeigen.de/s-anzeige/kaffeevollautomat/123" });
    const publicAd = await (await call(`/api/ads/public/${ad.id}`)).json();
    expect(publicAd).toMatchObject({ listingUrl: "https://www.kleinanzeigen.de/s-anzeige/kaffeevollautomat/123", sellerCity: "Köln" });

    expect((await put(auth, ad.id, { listingUrl: null })).status).toBe(200);
    expect((await db().select().from(ads).where(eq(ads.id, ad.id)))[0].listingUrl).toBeNull();
  });

  it("refuses other hosts in German, someone else's ad with 404, and non-JSON with 415", async () => {
    const { auth, ad } = await finished();
    const refused = await put(auth, ad.id, { listingUrl: "https://kleinanzeigen.de.example.com/x" });
    expect(refused.status).toBe(400);
    expect((await refused.json<{ message: string }>()).message).toContain("Bitte füge den Link zu deiner Anzeige bei Kleinanzeigen");
    expect((await db().select().from(ads).where(eq(ads.id, ad.id)))[0].listingUrl).toBeNull();
    const stranger = await signedInUser();
    expect((await put(stranger.auth, ad.id, { listingUrl: "https://www.ebay.de/itm/1" })).status).toBe(404);
    expect((await call(`/api/ads/${ad.id}/listing`, { method: "PUT", headers: auth, body: "listingUrl=x" })).status).toBe(415);
  });
});

describe("model text costs the credit once the seller could read it", () => {
  it("deleting a processing ad refunds its credit only while no partial text was stored", async () => {
    const { user, auth } = await signedInUser({ adCredits: 0 });
    const withText = await insertAd(user.id, {
      status: "processing",
      creditSource: "credits",
      partialDescription: "📦 **Kaffeevollautomat** Ich verkaufe …",
    });
    const listed = await (await call("/api/ads", { headers: auth })).json<Array<{ id: string; partialDescription: string | null }>>();
    expect(listed.find((ad) => ad.id === withText.id)?.partialDescription).toContain("Kaffeevollautomat");
    expect((await call(`/api/ads/${withText.id}`, { method: "DELETE", headers: auth })).status).toBe(200);
    expect((await userById(user.id)).adCredits).toBe(0);

    const withoutText = await insertAd(user.id, { status: "processing", creditSource: "credits", partialDescription: null });
    expect((await call(`/api/ads/${withoutText.id}`, { method: "DELETE", headers: auth })).status).toBe(200);
    expect((await userById(user.id)).adCredits).toBe(1);
  });
});

describe("foreign ads (IDOR sweep)", () => {
  it("refuses every ad verb on another seller's ad and leaves it intact", async () => {
    const owner = await signedInUser();
    const form = new FormData();
    form.append("itemName", "Fahrrad");
    form.append("category", "freizeit");
    form.append("photos", new File([await png(16, 12)], "rad.png", { type: "image/png" }));
    const created = await (await call("/api/ads", { method: "POST", headers: owner.auth, body: form })).json<{ id: string }>();
    await eventually(async () => ((await db().select().from(ads))[0]?.status === "completed" ? true : undefined));
    const intruder = await signedInUser({ subscriptionStatus: "active" });
    const edit = new FormData();
    edit.append("optimizedTitle", "übernommen");
    edit.append("optimizedDescription", "übernommen");
    const verbs: Array<[string, string, BodyInit | undefined]> = [
      ["PATCH", `/api/ads/${created.id}`, edit],
      ["DELETE", `/api/ads/${created.id}`, undefined],
      ["POST", `/api/ads/${created.id}/retry`, undefined],
    ];
    for (const [method, path, body] of verbs) {
      expect((await call(path, { method, headers: intruder.auth, body })).status, `${method} ${path}`).toBe(404);
    }
    const [ad] = await db().select().from(ads);
    expect(ad.optimizedTitle).not.toBe("übernommen");
    expect((await allPhotoKeys()).length).toBeGreaterThan(0);
  });
});

describe("storage failing midway", () => {
  /** The R2 binding fails on the second photo's write (the process boundary); everything else is real. */
  function failingSecondPhoto() {
    const writes = { photos: 0 };
    const bucket = new Proxy(env.PHOTOS, {
      get(target, property) {
        if (property === "put") {
          return async (...args: Parameters<R2Bucket["put"]>) => {
            if (!isDerivedKey(args[0]) && ++writes.photos === 2) throw new Error("R2: internal error");
            return target.put(...args);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return { bucket, writes };
  }

  async function expectRolledBack(response: Response, userId: string) {
    expect(response.status).toBe(503);
    // Told by status and code (ADR 077); the message carries no marker for the browser to find.
    expect(await response.json()).toEqual({ message: CREATE_FAILED_MESSAGE, code: "unavailable" });
    expect(await db().select().from(ads)).toEqual([]);
    expect(await allPhotoKeys()).toEqual([]);
    expect((await userById(userId)).adCredits).toBe(1);
  }

  it("leaves no ad row, no orphan object and no lost credit when an R2 write fails", async () => {
    const { user, auth } = await signedInUser();
    // The model copies made beside the uploads (ADR 053) are written; the photos all at once.
    const { bucket, writes } = failingSecondPhoto();
    const form = new FormData();
    form.append("itemName", "Kommode");
    form.append("category", "moebel");
    for (let i = 0; i < 3; i++) form.append("photos", new File([await png(20 + i, 20)], `k${i}.png`, { type: "image/png" }));
    expectConsoleError();
    const response = await call("/api/ads", { method: "POST", headers: auth, body: form }, { ...env, PHOTOS: bucket } as Env);
    expect(writes.photos).toBe(3);
    await expectRolledBack(response, user.id);
  });

  it("rolls back the same way when the generation was already queued (browser-made model copies, ADR 061)", async () => {
    const { user, auth } = await signedInUser();
    const { bucket } = failingSecondPhoto();
    const form = new FormData();
    form.append("itemName", "Kommode");
    form.append("category", "moebel");
    for (let i = 0; i < 3; i++) {
      form.append("photos", new File([await png(40 + i, 30)], `k${i}.png`, { type: "image/png" }));
      form.append("models", new File([TINY_JPEG], `k${i}-model.jpg`, { type: "image/jpeg" }));
    }
    const sent: unknown[] = [];
    const queue = { send: async (body: unknown) => void sent.push(body), sendBatch: async () => {} } as unknown as Queue;
    expectConsoleError();
    const response = await call("/api/ads", { method: "POST", headers: auth, body: form }, {
      ...env,
      PHOTOS: bucket,
      AD_QUEUE: queue,
    } as Env);
    // The generation was handed its ad before the photos failed; it finds no row and nothing is charged.
    expect(sent).toHaveLength(1);
    await expectRolledBack(response, user.id);
  });
});
