import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLogs, ads, invites, magicLinkTokens, outboxMails, sessions, users } from "~/.server/db/schema";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { png } from "../fixtures/images";
import { allPhotoKeys, db, eventually, insideOneRateLimitWindow, signedInUser, userById } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit = {}, bindings: Env = env) {
  return app.request(`http://localhost:8787${path}`, init, bindings, workerContext());
}

const json = (auth: Record<string, string>, method: string, body: unknown) => ({
  method,
  headers: { ...auth, "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

describe("profile", () => {
  it("reads and updates the profile; a commercial seller's company becomes their imprint", async () => {
    const { user, auth } = await signedInUser();
    expect(await (await call("/api/profile", { headers: auth })).json()).toMatchObject({
      email: user.email,
      businessType: "private",
      plan: "Kostenlos",
    });

    const update = {
      firstName: "Jürgen",
      lastName: "Müller-Lüdenscheidt",
      phone: "+49 221 1234567",
      address: "Hohe Straße 12",
      city: "Köln",
      postalCode: "50667",
      businessType: "commercial",
      companyName: "Müller Second Hand GmbH",
    };
    const response = await call("/api/profile", json(auth, "PUT", update));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject(update);
    expect(await userById(user.id)).toMatchObject({
      firstName: "Jürgen",
      companyName: "Müller Second Hand GmbH",
      businessType: "commercial",
    });

    const back = await call("/api/profile", json(auth, "PUT", { ...update, businessType: "private" }));
    expect((await back.json<{ companyName: string | null }>()).companyName).toBeNull();
  });

  it("answers each invalid field with 400, field errors in German, and changes nothing", async () => {
    const { user, auth } = await signedInUser({ firstName: "Anna" });
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ firstName: "Anna<script>" }, "firstName", /nur Buchstaben/],
      [{ lastName: "x".repeat(51) }, "lastName", /höchstens 50 Zeichen/],
      [{ phone: "ruf mich an" }, "phone", /gültige Telefonnummer/],
      [{ postalCode: "123" }, "postalCode", /gültige Postleitzahl/],
      [{ city: "K0ln" }, "city", /nur Buchstaben/],
      [{ address: "x".repeat(101) }, "address", /höchstens 100 Zeichen/],
      [{ businessType: "gmbh" }, "businessType", /privat oder gewerblich/],
      [{ businessType: "commercial", companyName: "" }, "companyName", /Firmenname Pflicht/],
    ];
    for (const [body, field, message] of cases) {
      const response = await call("/api/profile", json(auth, "PUT", body));
      expect(response.status, field).toBe(400);
      const answer = await response.json<{ message: string; fieldErrors: Record<string, string> }>();
      expect(answer.fieldErrors[field], field).toMatch(message);
      expect(answer.message).toMatch(message);
    }
    expect(await userById(user.id)).toMatchObject({ firstName: "Anna", businessType: "private", phone: null });
  });

  it("takes names of people in any script, but no web address or domain in a name", async () => {
    const { user, auth } = await signedInUser();
    for (const [firstName, lastName, city] of [
      ["Dr. Anna", "Müller-Lüdenscheidt", "Frankfurt a.M."],
      ["J. R.", "O’Brien", "St. Ingbert"],
      ["Zoë", "D'Angelo", "Köln"],
      ["Łukasz", "Ščerbová", "Görlitz"],
    ]) {
      const response = await call("/api/profile", json(auth, "PUT", { firstName, lastName, city }));
      expect(response.status, firstName).toBe(200);
      expect(await response.json()).toMatchObject({ firstName, lastName, city });
    }
    const refused: Array<[Record<string, string>, string, RegExp]> = [
      [{ firstName: "Gesperrt - entsperren auf ap-hilfe.de" }, "firstName", /Punkt nur am Wortende .*keine Internetadresse/],
      [{ firstName: "www.boese.example" }, "firstName", /Punkt nur am Wortende .*keine Internetadresse/],
      [{ lastName: "Anna.Hilfe" }, "lastName", /Punkt nur am Wortende .*keine Internetadresse/],
      [{ firstName: "https://boese.example" }, "firstName", /nur Buchstaben/],
      [{ firstName: "Konto gesperrt – entsperren" }, "firstName", /nur Buchstaben/],
      [{ firstName: "12345" }, "firstName", /nur Buchstaben/],
    ];
    for (const [body, field, message] of refused) {
      const response = await call("/api/profile", json(auth, "PUT", body));
      expect(response.status, body[field]).toBe(400);
      expect((await response.json<{ fieldErrors: Record<string, string> }>()).fieldErrors[field], body[field]).toMatch(message);
    }
    expect(await userById(user.id)).toMatchObject({ firstName: "Łukasz", lastName: "Ščerbová" });
  });

  it("needs a signed-in user", async () => {
    expect((await call("/api/profile")).status).toBe(401);
    expect((await call("/api/profile", { method: "PUT", headers: { "Content-Type": "application/json" }, body: "{}" })).status).toBe(401);
  });
});

describe("invites", () => {
  it("sends a German invite mail through the mail adapter and records it", async () => {
    const { user, auth } = await signedInUser({ firstName: "Petra" });
    const outbox = { ...env, MAIL_MODE: "outbox" } as Env;
    const response = await call("/api/send-invite", json(auth, "POST", { email: "Freundin@Example.de" }), outbox);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Einladung gesendet!" });
    const [mail] = await db().select().from(outboxMails).where(eq(outboxMails.to, "freundin@example.de"));
    expect(mail).toMatchObject({ subject: "Einladung zu AnzeigenPilot", kind: "invite" });
    expect(await db().select().from(invites).where(eq(invites.inviterId, user.id))).toHaveLength(1);
    expect(await db().select().from(activityLogs).where(eq(activityLogs.action, "invite_sent"))).toHaveLength(1);
  });

  it("quotes the inviter's first name as their profile name, and names nobody by a name a profile would refuse", async () => {
    const outbox = { ...env, MAIL_MODE: "outbox" } as Env;
    const mailTo = async (inviter: Awaited<ReturnType<typeof signedInUser>>, email: string) => {
      expect((await call("/api/send-invite", json(inviter.auth, "POST", { email }), outbox)).status).toBe(200);
      const [mail] = await db().select().from(outboxMails).where(eq(outboxMails.to, email));
      return mail;
    };
    // The name stands apart from our own words: quoted, as the name the person gave themselves.
    const petra = await mailTo(await signedInUser({ firstName: "Petra" }), "freundin1@example.de");
    expect(petra.text).toContain("Die Einladung kommt von einer Person mit dem Profilnamen „Petra“.");
    expect(petra.html).toContain("Die Einladung kommt von einer Person mit dem Profilnamen „Petra“.");
    // A name that is only words still reads as that person's name, never as our own sentence.
    const loud = await mailTo(await signedInUser({ firstName: "Ihr Konto wird gesperrt Jetzt handeln" }), "freundin2@example.de");
    expect(loud.text).toContain("mit dem Profilnamen „Ihr Konto wird gesperrt Jetzt handeln“.");
    expect(loud.text.split("\n").filter((line) => line.startsWith("Ihr Konto"))).toEqual([]);
    // A name stored before the profile refused domains is left out, and so is the inviter's address.
    const stored = await signedInUser({ firstName: "Konto gesperrt – entsperren auf anzeigenpilot-hilfe.de" });
    const legacy = await mailTo(stored, "freundin3@example.de");
    for (const part of [legacy.text, legacy.html]) {
      expect(part).not.toContain("anzeigenpilot-hilfe.de");
      expect(part).not.toContain("Konto gesperrt");
      expect(part).not.toContain(stored.user.email);
      expect(part).not.toContain("Profilnamen");
    }
    expect(legacy.text).toContain("du wurdest zu AnzeigenPilot eingeladen.");
    const nameless = await signedInUser();
    const anonymous = await mailTo(nameless, "freundin4@example.de");
    expect(anonymous.text).not.toContain(nameless.user.email);
    expect(anonymous.html).not.toContain(nameless.user.email);
  });

  it("validates the address, needs sign-in and is rate limited", async () => {
    const { user, auth } = await signedInUser();
    const invalid = await call("/api/send-invite", json(auth, "POST", { email: "keine-adresse" }));
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      message: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
      code: "invalid_input",
      fieldErrors: { email: "Bitte geben Sie eine gültige E-Mail-Adresse ein." },
    });
    const self = await call("/api/send-invite", json(auth, "POST", { email: user.email }));
    expect(self.status).toBe(400);
    expect((await call("/api/send-invite", json({}, "POST", { email: "a@example.de" }))).status).toBe(401);

    const fresh = await signedInUser();
    const statuses = [];
    await insideOneRateLimitWindow();
    for (let i = 0; i < 6; i++)
      statuses.push((await call("/api/send-invite", json(fresh.auth, "POST", { email: `f${i}@example.de` }))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  }, 15_000);
});

describe("account deletion", () => {
  it("erases the user, sessions, tokens, invites, ads and every photo, anonymises the logs, and ends both session forms", async () => {
    const { user, token, auth } = await signedInUser();
    const form = new FormData();
    form.append("itemName", "Sofa");
    form.append("category", "moebel");
    form.append("photos", new File([await png(16, 16)], "sofa.png", { type: "image/png" }));
    const created = await (await call("/api/ads", { method: "POST", headers: auth, body: form })).json<{ id: string }>();
    // Completed, with the cover and display copy the generator makes after completion (ADR 021).
    await eventually(
      async () => ((await db().select().from(ads).where(eq(ads.id, created.id)))[0]?.coverImageKey ? true : undefined),
      15_000,
    );
    await call("/api/send-invite", json(auth, "POST", { email: "freund@example.de" }));
    await db()
      .insert(magicLinkTokens)
      .values({ id: "t", tokenHash: "c".repeat(64), email: user.email, expiresAt: Date.now() + 60_000 });
    expect(await allPhotoKeys()).not.toEqual([]);

    const response = await call("/api/account", { method: "DELETE", headers: { Cookie: `ap_session=${token}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Account gelöscht", remaining: [], hint: null });
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);

    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db().select().from(sessions)).toEqual([]);
    expect(await db().select().from(ads)).toEqual([]);
    expect(await db().select().from(invites)).toEqual([]);
    expect(await db().select().from(magicLinkTokens)).toEqual([]);
    expect(await allPhotoKeys()).toEqual([]);
    const logs = await db().select().from(activityLogs);
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain(user.email);
    expect(JSON.stringify(logs)).not.toContain(user.id);
    expect(logs.map((entry) => entry.action)).toContain("account_deleted");

    expect((await call("/api/auth/user", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await call("/api/auth/user", { headers: { Cookie: `ap_session=${token}` } })).status).toBe(401);
  });

  it("erases a Power Seller with more ads than D1 binds in one query", async () => {
    const { user, auth } = await signedInUser();
    const count = 150;
    const inserts = Array.from({ length: count }, (_, index) =>
      db()
        .insert(ads)
        .values({
          id: `power-${index}`,
          userId: user.id,
          itemName: `Artikel ${index}`,
          category: "sonstiges",
          status: "completed",
          imageUrls: [`ads/power-${index}/foto.png`],
        }),
    );
    await db().batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
    for (const index of [0, 149]) await env.PHOTOS.put(`ads/power-${index}/foto.png`, await png(4, 4));

    const response = await call("/api/account", { method: "DELETE", headers: auth });
    expect(response.status).toBe(200);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db().select().from(ads).where(eq(ads.userId, user.id))).toEqual([]);
    expect(await allPhotoKeys()).toEqual([]);
  });
});

describe("invite limits per recipient", () => {
  it("limits invites per recipient across all inviters and uses a fixed subject", async () => {
    const outbox = { ...env, MAIL_MODE: "outbox" } as Env;
    const invite = async (auth: Record<string, string>) =>
      call(
        "/api/send-invite",
        { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify({ email: "ziel@example.de" }) },
        outbox,
      );
    const inviters = await Promise.all([0, 1, 2].map(() => signedInUser({ firstName: "Ihr Konto wird gesperrt Jetzt handeln" })));
    expect((await invite(inviters[0].auth)).status).toBe(200);
    expect((await invite(inviters[1].auth)).status).toBe(200);
    const third = await invite(inviters[2].auth);
    expect(third.status).toBe(429);
    expect((await third.json<{ message: string }>()).message).toContain("heute schon eingeladen");
    const mails = await db().select().from(outboxMails);
    expect(mails.map((mail) => mail.subject)).toEqual(["Einladung zu AnzeigenPilot", "Einladung zu AnzeigenPilot"]);
  });

  it("refuses a third invite to victim+1@… and to a dotted Gmail variant", async () => {
    const outbox = { ...env, MAIL_MODE: "outbox" } as Env;
    const invite = async (auth: Record<string, string>, email: string) =>
      call(
        "/api/send-invite",
        { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify({ email }) },
        outbox,
      );
    const inviters = await Promise.all([0, 1, 2, 3].map(() => signedInUser()));
    expect((await invite(inviters[0].auth, "opfer@example.de")).status).toBe(200);
    expect((await invite(inviters[1].auth, "Opfer+1@example.de")).status).toBe(200);
    expect((await invite(inviters[2].auth, "opfer+2@example.de")).status).toBe(429);
    expect((await invite(inviters[0].auth, "max.muster@gmail.com")).status).toBe(200);
    expect((await invite(inviters[1].auth, "maxmuster+a@googlemail.com")).status).toBe(200);
    const third = await invite(inviters[3].auth, "m.a.x.muster@gmail.com");
    expect(third.status).toBe(429);
    expect((await third.json<{ message: string }>()).message).toContain("heute schon eingeladen");
    expect(await db().select().from(outboxMails)).toHaveLength(4);
  });
});
