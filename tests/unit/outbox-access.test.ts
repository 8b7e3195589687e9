// /dev/outbox holds sign-in links: outside the developer's machine only admins may read it.
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/dev.outbox";

function load(url: string, role: "user" | "admin" | null) {
  const context = {
    config: { MAIL_MODE: "outbox" },
    currentUser: async () => ({ user: role ? { role } : null, setCookie: null }),
    cloudflare: { env: { DB: { prepare: () => ({ bind: () => ({ all: async () => ({ results: [] }), raw: async () => [] }), all: async () => ({ results: [] }), raw: async () => [] }) } } },
  };
  return loader({ request: new Request(url), context, params: {} } as never);
}

describe("/dev/outbox access", () => {
  it("is 404 on a public host for visitors and sellers", async () => {
    for (const role of [null, "user"] as const) {
      await expect(load("https://staging.anzeigenpilot.de/dev/outbox", role)).rejects.toMatchObject({ status: 404 });
    }
  });

  it("opens for admins on a public host and for anyone on localhost", async () => {
    await expect(load("https://staging.anzeigenpilot.de/dev/outbox", "admin")).resolves.toEqual({ mails: [] });
    await expect(load("http://localhost:8787/dev/outbox", null)).resolves.toEqual({ mails: [] });
  });
});
