import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "~/.server/crypto/hex";
import { activityLogs, magicLinkTokens, outboxMails, sessions, users } from "~/.server/db/schema";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { db, insideOneRateLimitWindow } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));
const outboxEnv = { ...env, MAIL_MODE: "outbox", PUBLIC_BASE_URL: "https://anzeigenpilot.example" } as Env;

/** Each call comes from its own client address unless the test names one (per-IP limits). */
function call(path: string, init: RequestInit = {}, bindings: Env = outboxEnv) {
  const headers = new Headers(init.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", `198.51.100.${Math.floor(Math.random() * 250)}`);
  return app.request(`http://localhost:8787${path}`, { ...init, headers }, bindings, workerContext());
}

function requestLink(email: unknown, bindings: Env = outboxEnv, headers: Record<string, string> = {}) {
  return call(
    "/api/send-magic-link",
    { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify({ email }) },
    bindings,
  );
}

/** Requests a link in outbox mode and returns the token from the mail that was "sent". */
async function linkTokenFor(email: string, bindings: Env = outboxEnv) {
  await db().delete(outboxMails);
  const response = await requestLink(email, bindings);
  expect(response.status).toBe(200);
  const [mail] = await db().select().from(outboxMails);
  const link = mail.text.match(/https?:\/\/\S+\/auth\/verify\?token=(\S+)/);
  expect(link).not.toBeNull();
  return { token: decodeURIComponent(link![1]), mail };
}

function verify(token: string, headers: Record<string, string> = {}, bindings: Env = outboxEnv) {
  return call(
    "/api/verify-magic-link",
    { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify({ token }) },
    bindings,
  );
}

function sessionCookieFrom(response: Response) {
  return response.headers.get("Set-Cookie")?.match(/ap_session=([^;]*)/)?.[1] ?? null;
}

async function signIn(email: string, bindings: Env = outboxEnv) {
  const { token } = await linkTokenFor(email, bindings);
  const response = await verify(token, {}, bindings);
  return (await response.json<{ token: string }>()).token;
}

function currentUser(token: string) {
  return call("/api/auth/user", { headers: { Authorization: `Bearer ${token}` } });
}

describe("magic link", () => {
  it("signs a new user in once and only once, with a session cookie and the same token", async () => {
    const { token, mail } = await linkTokenFor("  Neu.Kunde@Example.DE ");
    expect(mail.to).toBe("neu.kunde@example.de");
    expect(mail.subject).toBe("Dein Anmeldelink für AnzeigenPilot");

    const first = await verify(token);
    expect(first.status).toBe(200);
    const body = await first.json<{ isNewUser: boolean; token: string; message: string }>();
    expect(body).toMatchObject({ isNewUser: true, message: "Willkommen! Ihr Account wurde erstellt." });
    const cookie = first.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(sessionCookieFrom(first)).toBe(body.token);
    expect(await db().select().from(users).where(eq(users.email, "neu.kunde@example.de"))).toHaveLength(1);

    const second = await verify(token);
    expect(second.status).toBe(410);
    expect(await second.json()).toEqual({
      message: "Dieser Anmeldelink wurde bereits verwendet. Bitte fordere einen neuen an.",
      code: "expired",
    });
    expect(sessionCookieFrom(second)).toBeNull();
  });

  it("signs an existing user in without creating a second account", async () => {
    await signIn("wieder@example.de");
    const again = await linkTokenFor("wieder@example.de");
    const response = await verify(again.token);
    expect(await response.json()).toMatchObject({ isNewUser: false, message: "Erfolgreich angemeldet!" });
    expect(await db().select().from(users).where(eq(users.email, "wieder@example.de"))).toHaveLength(1);
  });

  it("stores only the SHA-256 of the token, valid for 15 minutes", async () => {
    const { token } = await linkTokenFor("hash@example.de");
    const [row] = await db().select().from(magicLinkTokens).where(eq(magicLinkTokens.email, "hash@example.de"));
    expect(row.tokenHash).toBe(await sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt - row.createdAt).toBeGreaterThan(14 * 60_000);
    expect(row.expiresAt - row.createdAt).toBeLessThanOrEqual(15 * 60_000 + 1000);
  });

  it("refuses expired, unknown and malformed tokens with German messages", async () => {
    const { token } = await linkTokenFor("alt@example.de");
    await db()
      .update(magicLinkTokens)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(magicLinkTokens.email, "alt@example.de"));
    const expired = await verify(token);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ message: "Dieser Anmeldelink ist abgelaufen. Bitte fordere einen neuen an.", code: "expired" });

    const unknown = await verify("A".repeat(43));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: "Ungültiger Anmeldelink. Bitte fordere einen neuen an.", code: "invalid_input" });

    for (const malformed of ["kurz", "<script>alert(1)</script>", "x".repeat(500)]) {
      const response = await verify(malformed);
      expect(response.status).toBe(400);
      expect((await response.json<{ message: string }>()).message).toMatch(/Ungültiger Anmeldelink/);
    }
    const missing = await call("/api/verify-magic-link", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(missing.status).toBe(400);
    expect((await missing.json<{ message: string }>()).message).toMatch(/Ungültiger Anmeldelink/);
    expect(await db().select().from(sessions)).toEqual([]);
  });

  it("answers known and unknown addresses identically and creates no account before verification", async () => {
    await signIn("bekannt@example.de");
    const forKnown = await requestLink("bekannt@example.de");
    const forUnknown = await requestLink("unbekannt@example.de");
    expect(forKnown.status).toBe(forUnknown.status);
    expect(await forKnown.json()).toEqual(await forUnknown.json());
    expect(await db().select().from(users).where(eq(users.email, "unbekannt@example.de"))).toEqual([]);
  });

  it("builds the link from the configured base URL, never from the Host header", async () => {
    await db().delete(outboxMails);
    const response = await requestLink("basis@example.de", outboxEnv, { "X-Forwarded-Host": "evil.example" });
    expect(response.status).toBe(200);
    const [mail] = await db().select().from(outboxMails);
    expect(mail.text).toContain("https://anzeigenpilot.example/auth/verify?token=");
    expect(mail.html).toContain("https://anzeigenpilot.example/auth/verify?token=");
    expect(mail.text + mail.html).not.toContain("localhost");
    expect(mail.text + mail.html).not.toContain("evil.example");
  });

  it("refuses an invalid address with the spec's message and stores nothing", async () => {
    for (const email of ["", "ohne-at-zeichen", "a@", 42, "x".repeat(250) + "@example.de"]) {
      const response = await requestLink(email);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
        code: "invalid_input",
        fieldErrors: { email: "Bitte geben Sie eine gültige E-Mail-Adresse ein." },
      });
    }
    const broken = await call("/api/send-magic-link", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{email",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: "Die Anfrage enthält kein gültiges JSON.", code: "invalid_input" });
    expect(await db().select().from(magicLinkTokens)).toEqual([]);
    expect(await db().select().from(outboxMails)).toEqual([]);
  });

  it("answers 429 in German once an address asks too often", async () => {
    const statuses: number[] = [];
    await insideOneRateLimitWindow();
    for (let i = 0; i < 5; i++) statuses.push((await requestLink("eilig@example.de")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await requestLink("eilig@example.de");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      message: "Zu viele Anfragen. Bitte warte eine Minute und versuche es dann erneut.",
      code: "rate_limited",
    });
  }, 15_000);

  it("counts `+tag` variants of an address as the one mailbox they reach", async () => {
    await insideOneRateLimitWindow();
    const variants = ["flut@example.de", "Flut+1@example.de", "flut+2@example.de", "flut+werbung@example.de", "FLUT+x@example.de"];
    const statuses: number[] = [];
    for (const email of variants) statuses.push((await requestLink(email)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await requestLink("flut+6@example.de");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      message: "Zu viele Anfragen. Bitte warte eine Minute und versuche es dann erneut.",
      code: "rate_limited",
    });
    // Another mailbox has its own count.
    expect((await requestLink("ebbe@example.de")).status).toBe(200);
  }, 15_000);

  it("counts Gmail's dotted and googlemail.com variants as the one mailbox they reach", async () => {
    await insideOneRateLimitWindow();
    const variants = [
      "max.flut@gmail.com",
      "maxflut@gmail.com",
      "m.a.x.flut@gmail.com",
      "maxflut+a@googlemail.com",
      "Max.Flut@googlemail.com",
    ];
    const statuses: number[] = [];
    for (const email of variants) statuses.push((await requestLink(email)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect((await requestLink("maxf.lut+z@gmail.com")).status).toBe(429);
  }, 15_000);

  it("refuses a verification started by another site", async () => {
    const { token } = await linkTokenFor("fremd@example.de");
    const response = await verify(token, { "Sec-Fetch-Site": "cross-site", Origin: "https://boese.example" });
    expect(response.status).toBe(403);
    expect((await verify(token, { "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
  });

  it("tells the confirmation page which address a link is for, without using it up or signing in", async () => {
    const { token } = await linkTokenFor("bestaetigen@example.de");
    const info = await call(`/api/magic-link-info?token=${encodeURIComponent(token)}`);
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual({ email: "bestaetigen@example.de" });
    expect(info.headers.get("Set-Cookie")).toBeNull();
    expect(await db().select().from(sessions)).toEqual([]);
    // Still usable once, then the info says it was used.
    expect((await verify(token)).status).toBe(200);
    const used = await call(`/api/magic-link-info?token=${encodeURIComponent(token)}`);
    expect(used.status).toBe(410);
    // The old GET sign-in is gone: opening a URL can never sign anyone in.
    const get = await call(`/api/verify-magic-link?token=${encodeURIComponent(token)}`);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });

  it("logs the request with an anonymised IP and a user agent cut to 50 characters", async () => {
    await requestLink("log@example.de", outboxEnv, {
      "CF-Connecting-IP": "203.0.113.9",
      "User-Agent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko)",
    });
    const [entry] = await db().select().from(activityLogs).where(eq(activityLogs.action, "magic_link_requested"));
    expect(entry).toMatchObject({ email: "log@example.de", ip: "203.0.113.0" });
    expect(entry.userAgent).toHaveLength(50);
  });
});

describe("demo mode", () => {
  it("signs in at once and answers { demo: true } with a session", async () => {
    const response = await requestLink("demo@example.de", env);
    expect(response.status).toBe(200);
    const body = await response.json<{ demo: boolean; token: string; message: string }>();
    expect(body).toMatchObject({ demo: true, message: "Demo-Modus: Automatisch eingeloggt!" });
    expect(sessionCookieFrom(response)).toBe(body.token);
    expect(await (await currentUser(body.token)).json()).toMatchObject({
      email: "demo@example.de",
      adCredits: 1,
      planType: "free",
      role: "user",
    });
  });
});

describe("sessions", () => {
  it("work with the bearer header and with the cookie, and never expose payment internals", async () => {
    const token = await signIn("sitzung@example.de");
    const byBearer = await currentUser(token);
    const byCookie = await call("/api/auth/user", { headers: { Cookie: `theme=dark; ap_session=${token}` } });
    expect(byBearer.status).toBe(200);
    expect(byCookie.status).toBe(200);
    const user = await byBearer.json<Record<string, unknown>>();
    expect(user.email).toBe("sitzung@example.de");
    expect(user).not.toHaveProperty("stripeCustomerId");
    expect(user).not.toHaveProperty("stripeSubscriptionId");
  });

  it("answer 401 for no session, a forged token and an expired session", async () => {
    expect((await call("/api/auth/user")).status).toBe(401);
    const forged = await currentUser("f".repeat(43));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ message: "Anmeldung erforderlich.", code: "unauthorized" });
    expect((await call("/api/auth/user", { headers: { Authorization: "Bearer " } })).status).toBe(401);

    const token = await signIn("abgelaufen@example.de");
    await db()
      .update(sessions)
      .set({ expire: Date.now() - 1 })
      .where(eq(sessions.sid, await sha256Hex(token)));
    expect((await currentUser(token)).status).toBe(401);
  });

  it("get a new id at every sign-in and store only its hash", async () => {
    const first = await signIn("rotation@example.de");
    const second = await signIn("rotation@example.de");
    expect(first).not.toBe(second);
    const sids = (await db().select().from(sessions)).map((row) => row.sid);
    expect(sids).not.toContain(first);
    expect(sids).toContain(await sha256Hex(first));
  });

  it("slide the expiry forward on use", async () => {
    const token = await signIn("gleitend@example.de");
    const sid = await sha256Hex(token);
    await db()
      .update(sessions)
      .set({ expire: Date.now() + 3 * 24 * 60 * 60 * 1000 })
      .where(eq(sessions.sid, sid));
    const response = await call("/api/auth/user", { headers: { Cookie: `ap_session=${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toContain(`ap_session=${token}`);
    const [row] = await db().select().from(sessions).where(eq(sessions.sid, sid));
    expect(row.expire).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it("end at a POST logout; a cross-site logout is refused; 'everywhere' ends every session of the account", async () => {
    const email = "ueberall@example.de";
    const first = await signIn(email);
    const second = await signIn(email);
    const other = await signIn("jemand-anders@example.de");
    const post = (token: string, body: unknown, headers: Record<string, string> = {}) =>
      call("/api/logout", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    const crossSite = await post(first, {}, { Origin: "https://boese.example", "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect((await call("/api/auth/user", { headers: { Authorization: `Bearer ${first}` } })).status).toBe(200);
    // A link on another site to the GET logout signs nobody out either.
    const linked = await call("/api/logout", { headers: { Cookie: `ap_session=${first}`, "Sec-Fetch-Site": "cross-site" } });
    expect(linked.status).toBe(302);
    expect((await call("/api/auth/user", { headers: { Authorization: `Bearer ${first}` } })).status).toBe(200);

    const everywhere = await post(first, { everywhere: true });
    expect(everywhere.status).toBe(200);
    expect(await everywhere.json()).toEqual({ message: "Auf allen Geräten abgemeldet." });
    for (const token of [first, second]) {
      expect((await call("/api/auth/user", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    }
    expect((await call("/api/auth/user", { headers: { Authorization: `Bearer ${other}` } })).status).toBe(200);
    expect((await post(other, { everywhere: "ja" })).status).toBe(400);
  });

  it("end at logout, for the cookie and the bearer token alike", async () => {
    const token = await signIn("abmelden@example.de");
    const logout = await call("/api/logout", { headers: { Cookie: `ap_session=${token}` } });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("Location")).toBe("/");
    expect(logout.headers.get("Set-Cookie")).toMatch(/ap_session=;.*Max-Age=0/);
    expect((await currentUser(token)).status).toBe(401);
    expect((await call("/api/auth/user", { headers: { Cookie: `ap_session=${token}` } })).status).toBe(401);
    expect(await db().select().from(activityLogs).where(eq(activityLogs.action, "logout"))).toHaveLength(1);

    const bearerToken = await signIn("abmelden@example.de");
    await call("/api/logout", { headers: { Authorization: `Bearer ${bearerToken}` } });
    expect((await currentUser(bearerToken)).status).toBe(401);
  });

  it("make listed admins admin at sign-in, and take it away when they leave the list", async () => {
    const adminEnv = { ...outboxEnv, ADMIN_EMAILS: "chefin@example.de" } as Env;
    const asAdmin = await signIn("chefin@example.de", adminEnv);
    expect(await (await currentUser(asAdmin)).json()).toMatchObject({ role: "admin" });
    const asUser = await signIn("chefin@example.de");
    expect(await (await currentUser(asUser)).json()).toMatchObject({ role: "user" });
  });

  it("send /api/login to the landing page with the login dialog open", async () => {
    const response = await call("/api/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/?login=1");
  });
});

describe("a magic link requested again", () => {
  it("a newer magic link invalidates the older unused one", async () => {
    const outbox = { ...env, MAIL_MODE: "outbox" } as Env;
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await db().delete(outboxMails);
      const sent = await call(
        "/api/send-magic-link",
        {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.9" },
          body: JSON.stringify({ email: "zweimal@example.de" }),
        },
        outbox,
      );
      expect(sent.status).toBe(200);
      const [mail] = await db().select().from(outboxMails);
      tokens.push(decodeURIComponent(mail.text.match(/token=(\S+)/)![1]));
    }
    const verify = (token: string) =>
      call(
        "/api/verify-magic-link",
        { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) },
        outbox,
      );
    expect((await verify(tokens[0])).status).toBe(410);
    expect((await verify(tokens[1])).status).toBe(200);
  });
});
