// /dev/outbox holds sign-in links: only a local or test instance in outbox mode shows it, to a
// client the socket proves to be on this machine (the instance listens on loopback, ADR 056; never
// by Host or CF-Connecting-IP alone), or to admins.
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/dev.outbox";

function load(
  url: string,
  role: "user" | "admin" | null,
  options: { address?: string; appEnv?: string; host?: string; bind?: string } = {},
) {
  const context = {
    config: { MAIL_MODE: "outbox", APP_ENV: options.appEnv ?? "local", LOCAL_BIND_HOST: options.bind ?? "localhost" },
    currentUser: async () => ({ user: role ? { role } : null, setCookie: null }),
    cloudflare: {
      env: {
        DB: {
          prepare: () => ({
            bind: () => ({ all: async () => ({ results: [] }), raw: async () => [] }),
            all: async () => ({ results: [] }),
            raw: async () => [],
          }),
        },
      },
    },
  };
  const headers = new Headers();
  if (options.address) headers.set("CF-Connecting-IP", options.address);
  if (options.host) headers.set("Host", options.host);
  return loader({ request: new Request(url, { headers }), context, params: {} } as never);
}

describe("/dev/outbox access", () => {
  it("is 404 for visitors and sellers connecting from another address, whatever Host they send", async () => {
    for (const role of [null, "user"] as const) {
      await expect(load("https://staging.anzeigenpilot.de/dev/outbox", role, { address: "198.51.100.7" })).rejects.toMatchObject({
        status: 404,
      });
      // The attack on local instances of 2026-11-24 (docs/SECURITY.md): an instance reachable at another address, asked with Host: localhost.
      await expect(load("http://localhost:8787/dev/outbox", role, { address: "192.168.178.20", host: "localhost" })).rejects.toMatchObject({
        status: 404,
      });
      await expect(load("http://localhost:8787/dev/outbox", role)).rejects.toMatchObject({ status: 404 });
    }
  });

  it("is 404 for sellers on an instance listening on another address, even when they claim a loopback address (ADR 056)", async () => {
    for (const bind of ["0.0.0.0", "::", "192.168.178.20", ""]) {
      for (const address of ["127.0.0.1", "::1"]) {
        await expect(load("http://localhost:8787/dev/outbox", "user", { address, bind })).rejects.toMatchObject({ status: 404 });
      }
    }
    // Admins stay let in, as on every instance configured for the outbox.
    await expect(load("http://localhost:8787/dev/outbox", "admin", { address: "192.0.2.7", bind: "0.0.0.0" })).resolves.toEqual({
      mails: [],
    });
  });

  it("opens for a client on this machine and for admins on a local or test instance", async () => {
    await expect(load("http://localhost:8787/dev/outbox", null, { address: "127.0.0.1" })).resolves.toEqual({ mails: [] });
    await expect(load("http://127.0.0.1:8787/dev/outbox", null, { address: "::1", appEnv: "test" })).resolves.toEqual({ mails: [] });
    await expect(load("https://dev.example/dev/outbox", "admin", { address: "198.51.100.7" })).resolves.toEqual({ mails: [] });
  });

  it("is 404 on an instance not configured for it, even from this machine and for admins", async () => {
    await expect(load("http://localhost:8787/dev/outbox", "admin", { address: "127.0.0.1", appEnv: "production" })).rejects.toMatchObject({
      status: 404,
    });
  });
});
