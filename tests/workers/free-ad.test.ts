// The free ad once per person (docs/PRODUCT.md, "The free ad"; docs/SECURITY.md): an address that
// had it gets no second one after deleting the account, nor do its +tag or dotted-Gmail variants;
// only keyed hashes of the addresses are stored.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freeAdGrants } from "~/.server/db/schema";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { db } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit = {}, bindings: Env = env) {
  return app.request(`http://localhost:8787${path}`, init, bindings, workerContext());
}

describe("the free ad once per person", () => {
  const demo = { ...env, MAIL_MODE: "demo" } as Env;
  async function signInAs(email: string) {
    const response = await call(
      "/api/send-magic-link",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 200)}` },
        body: JSON.stringify({ email }),
      },
      demo,
    );
    expect(response.status).toBe(200);
    const { token } = await response.json<{ token: string }>();
    return {
      token,
      user: await (
        await call("/api/auth/user", { headers: { Authorization: `Bearer ${token}` } }, demo)
      ).json<{ id: string; adCredits: number }>(),
    };
  }

  it("is not granted again after deleting the account, nor to +tag or dotted Gmail variants", async () => {
    const first = await signInAs("anna.schmidt@gmail.com");
    expect(first.user.adCredits).toBe(1);
    expect((await call("/api/account", { method: "DELETE", headers: { Authorization: `Bearer ${first.token}` } }, demo)).status).toBe(200);

    expect((await signInAs("anna.schmidt@gmail.com")).user.adCredits).toBe(0);
    expect((await signInAs("annaschmidt+kleinanzeigen@googlemail.com")).user.adCredits).toBe(0);
    expect((await signInAs("jemand.neues@example.de")).user.adCredits).toBe(1);
    expect((await signInAs("jemand.neues+2@example.de")).user.adCredits).toBe(0);
    // Stored as keyed hashes only: no address in the table.
    const grants = await db().select().from(freeAdGrants);
    expect(JSON.stringify(grants)).not.toMatch(/@|anna|jemand/);
    expect(grants.every((grant) => /^[0-9a-f]{64}$/.test(grant.emailHash))).toBe(true);
  });
});
