// What real endpoints answer to input their schemas refuse without a message of their own: German
// words only, in `message` and in every field error (app/lib/zod-messages.ts).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { englishIn } from "../fixtures/english-words";
import { insertAd, signedInUser } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit = {}) {
  return app.request(`http://localhost:8787${path}`, init, env, workerContext());
}

const jsonBody = (auth: Record<string, string>, method: string, body: unknown): RequestInit => ({
  method,
  headers: { ...auth, "Content-Type": "application/json", Origin: "http://localhost:8787" },
  body: JSON.stringify(body),
});

type Refusal = { message: string; fieldErrors?: Record<string, string> };

describe("validation messages of real endpoints", () => {
  it("are German words, whatever kind of input a schema refuses", async () => {
    const { user, auth } = await signedInUser();
    const admin = await signedInUser({ role: "admin" });
    const ad = await insertAd(user.id, { status: "completed" });
    const photoEdit = (imageIndex: string) => {
      const form = new FormData();
      form.append("imageIndex", imageIndex);
      return { method: "PATCH", headers: { ...auth, Origin: "http://localhost:8787" }, body: form };
    };
    const cases: Array<[label: string, path: string, init: RequestInit, field: string, expected: string]> = [
      ["a negative photo index", `/api/ads/${ad.id}`, photoEdit("-1"), "imageIndex", "Muss mindestens 0 sein."],
      [
        "a photo index that is no whole number",
        `/api/ads/${ad.id}`,
        photoEdit("1.5"),
        "imageIndex",
        "Erwartet: eine ganze Zahl, erhalten: eine Zahl.",
      ],
      ["a log page of 0", "/api/logs?page=0", { headers: admin.auth }, "page", "Muss mindestens 1 sein."],
      ["a log page size of 1000", "/api/logs?pageSize=1000", { headers: admin.auth }, "pageSize", "Darf höchstens 100 sein."],
      [
        "a yes in words",
        "/api/logout",
        jsonBody(auth, "POST", { everywhere: "ja" }),
        "everywhere",
        "Erwartet: ein Wahrheitswert (wahr oder falsch), erhalten: ein Text.",
      ],
      ["a field the endpoint does not know", "/api/logout", jsonBody(auth, "POST", { alle: true }), "alle", "Unbekanntes Feld: „alle“."],
      [
        "a first name that is a number",
        "/api/profile",
        jsonBody(auth, "PUT", { firstName: 5 }),
        "firstName",
        "Erwartet: ein Text, erhalten: eine Zahl.",
      ],
    ];
    for (const [label, path, init, field, expected] of cases) {
      const response = await call(path, init);
      expect(response.status, label).toBe(400);
      const refusal = await response.json<Refusal>();
      expect(refusal.fieldErrors?.[field], label).toBe(expected);
      for (const message of [refusal.message, ...Object.values(refusal.fieldErrors ?? {})])
        expect(englishIn(message), `${label}: ${message}`).toEqual([]);
    }
  });
});
