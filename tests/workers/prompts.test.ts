import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { DEFAULT_PROMPTS, fillPrompt } from "~/lib/prompts";
import { signedInUser, userById } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit = {}) {
  return app.request(`http://localhost:8787${path}`, init, env, workerContext());
}

const json = (auth: Record<string, string>, body: unknown): RequestInit => ({
  method: "PUT",
  headers: { ...auth, "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

describe("prompt settings in the account", () => {
  it("answers the defaults, stores only changed prompts, and returns them on any device (a second session)", async () => {
    const { user, auth } = await signedInUser();
    expect(await (await call("/api/prompts", { headers: auth })).json()).toEqual(DEFAULT_PROMPTS);

    const saved = await call("/api/prompts", json(auth, { ...DEFAULT_PROMPTS, title: "  {itemName} – frisch aus dem Keller  " }));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ...DEFAULT_PROMPTS, title: "{itemName} – frisch aus dem Keller" });
    expect((await userById(user.id)).promptSettings).toEqual({ title: "{itemName} – frisch aus dem Keller" });

    // Setting it back to the default (or empty) stores nothing.
    await call("/api/prompts", json(auth, { title: "" }));
    expect((await userById(user.id)).promptSettings).toBeNull();
  });

  it("refuses over-long prompts in German and changes nothing; anonymous callers get 401", async () => {
    const { user, auth } = await signedInUser({ promptSettings: { title: "Mein Titel" } });
    const response = await call("/api/prompts", json(auth, { title: "x".repeat(4001) }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Ein KI-Prompt darf höchstens 4000 Zeichen lang sein.",
      code: "invalid_input",
      fieldErrors: { title: "Ein KI-Prompt darf höchstens 4000 Zeichen lang sein." },
    });
    expect((await userById(user.id)).promptSettings).toEqual({ title: "Mein Titel" });
    expect((await call("/api/prompts")).status).toBe(401);
  });

  it("are deleted with the account", async () => {
    const { user, auth } = await signedInUser({ promptSettings: { title: "Mein Titel" } });
    expect((await call("/api/account", { method: "DELETE", headers: auth })).status).toBe(200);
    const row = await env.DB.prepare("select prompt_settings from users where id = ?").bind(user.id).first();
    expect(row).toBeNull();
  });
});

describe("filling a prompt", () => {
  it("prompt placeholders are looked up as own properties only", () => {
    const values = { itemName: "Lampe", description: "", category: "Möbel", imageAnalysis: "", platform: "eBay" };
    expect(fillPrompt("{itemName} {constructor} {toString} {__proto__}", values)).toBe("Lampe {constructor} {toString} {__proto__}");
  });
});
