// Security and fault suite at the workers level: hostile uploads, cross-site writes, foreign ads,
// headers, and storage failing in the middle of a creation.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ads } from "~/.server/db/schema";
import { isDerivedKey } from "~/.server/storage/photo-keys";
import { createWorkerApp } from "~/.server/http/worker-app";
import { png, TINY_JPEG } from "../fixtures/images";
import { expectConsoleError } from "../console-guard";
import { allPhotoKeys, db, eventually, signedInUser, userById } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html" } }));

function call(path: string, init: RequestInit = {}, bindings: Env = env) {
  return app.request(`http://localhost:8787${path}`, init, bindings, workerContext());
}

/** Deterministic pseudo-random bytes, so a failing case can be replayed. */
function randomBytes(seed: number, length: number) {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1664525 + 1013904223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/** UTF-8 bytes in an ArrayBuffer of their own (as a File part needs them). */
const utf8 = (text: string) => new Uint8Array(new TextEncoder().encode(text));

async function hostileFiles(): Promise<Array<{ name: string; type: string; bytes: Uint8Array<ArrayBuffer> }>> {
  const realPng = await png(32, 24);
  const files: Array<{ name: string; type: string; bytes: Uint8Array<ArrayBuffer> }> = [];
  for (let i = 0; i < 200; i++)
    files.push({ name: `zufall-${i}.jpg`, type: "image/jpeg", bytes: randomBytes(i + 1, 1 + ((i * 97) % 4000)) });
  for (let i = 0; i < 40; i++) files.push({ name: `kurz-${i}.png`, type: "image/png", bytes: realPng.slice(0, Math.min(7, i % 8)) });
  const html = utf8("<html><script>alert(document.cookie)</script></html>");
  const svg = utf8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const gif = utf8("GIF89a\u0001\u0000\u0001\u0000");
  const pdf = utf8("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj");
  const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
  const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 3, 0, 0, 0]);
  for (const [name, bytes] of [
    ["bild.jpg", html],
    ["bild.png", svg],
    ["bild.webp", gif],
    ["foto.jpeg", pdf],
    ["foto.png", zip],
    ["foto.webp", exe],
  ] as const) {
    for (const type of ["image/jpeg", "image/png", "image/webp", "text/html", "application/octet-stream"])
      files.push({ name, type, bytes });
  }
  // Polyglots: a real image header followed by markup must not pass as anything but what its bytes say.
  const polyglot = new Uint8Array([...html, ...TINY_JPEG]);
  files.push({ name: "polyglot.jpg", type: "image/jpeg", bytes: polyglot });
  files.push({ name: "riff-ohne-webp.webp", type: "image/webp", bytes: utf8("RIFF\u0010\u0000\u0000\u0000AVI LIST") });
  return files;
}

describe("upload fuzzing", () => {
  it("answers hundreds of random, truncated, polyglot and mislabelled files with 4xx and stores nothing", async () => {
    const { user, auth } = await signedInUser({ subscriptionStatus: "active" });
    const files = await hostileFiles();
    expect(files.length).toBeGreaterThan(250);
    const statuses = new Set<number>();
    for (const [index, file] of files.entries()) {
      const form = new FormData();
      form.append("itemName", "Test");
      form.append("category", "sonstiges");
      form.append("photos", new File([file.bytes], file.name, { type: file.type }));
      // A fresh client address and no per-user limit would hide nothing: the rate limiter is per user,
      // so spread the requests over users after every few files.
      const response = await call("/api/ads", {
        method: "POST",
        headers: index % 9 === 8 ? (await signedInUser({ subscriptionStatus: "active" })).auth : auth,
        body: form,
      });
      statuses.add(response.status);
      expect(response.status, `${file.name} (${file.type}, ${file.bytes.length} B)`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect((await response.json<{ message: string }>()).message).toMatch(/Bildupload|Zu viele Anfragen/);
    }
    expect([...statuses].every((status) => [400, 413, 415, 429].includes(status))).toBe(true);
    expect(await db().select().from(ads)).toEqual([]);
    expect(await allPhotoKeys()).toEqual([]);
    expect((await userById(user.id)).adCredits).toBe(1);
  });
});

describe("cross-site requests", () => {
  const unsafe: Array<[string, string]> = [
    ["POST", "/api/ads"],
    ["PATCH", "/api/ads/00000000-0000-4000-8000-000000000000"],
    ["DELETE", "/api/ads/00000000-0000-4000-8000-000000000000"],
    ["POST", "/api/ads/00000000-0000-4000-8000-000000000000/retry"],
    ["PUT", "/api/profile"],
    ["POST", "/api/send-invite"],
    ["DELETE", "/api/account"],
    ["POST", "/api/get-or-create-subscription"],
    ["POST", "/api/send-magic-link"],
    ["POST", "/api/docs/unlock"],
  ];

  it.each(unsafe)("refuses %s %s sent with the session cookie from another site", async (method, path) => {
    const { user, token } = await signedInUser();
    const response = await call(path, {
      method,
      headers: {
        Cookie: `ap_session=${token}`,
        Origin: "https://angreifer.example",
        "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/json",
      },
      body: "{}",
    });
    expect(response.status).toBe(403);
    expect(await userById(user.id)).toBeDefined();
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

describe("security headers on every kind of route", () => {
  it.each(["/", "/ad/x", "/api/health", "/api/does-not-exist", "/images/ads/missing.png", "/api/auth/user"])("%s", async (path) => {
    const response = await call(path);
    expect(response.headers.get("Content-Security-Policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
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
    expect((await response.json<{ message: string }>()).message).toContain("Serverfehler");
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
