// `npm run bench` only: the app Worker with the Workers Cache API answered from this isolate's
// memory instead of Miniflare's cache simulation (a Durable Object behind two more internal hops,
// SQLite and a blob file per lookup). Served beside the real local stack, it shows what the
// product's own code costs on an edge-cache hit — the part of a hit that runs unchanged on
// Cloudflare, where the lookup is the data center's cache (docs/PERFORMANCE.md). Never deployed.
import app from "../workers/app";

type Entry = { body: ArrayBuffer; status: number; headers: [string, string][]; expires: number };

const entries = new Map<string, Entry>();
const keyOf = (request: RequestInfo | URL) => (request instanceof Request ? request.url : String(request));

const memoryCache = {
  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const entry = entries.get(keyOf(request));
    if (!entry || entry.expires <= Date.now()) return undefined;
    return new Response(entry.body.slice(0), { status: entry.status, headers: entry.headers });
  },
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const maxAge = /max-age=(\d+)/.exec(response.headers.get("Cache-Control") ?? "")?.[1];
    if (!maxAge || response.headers.has("Set-Cookie")) throw new TypeError("not storable");
    entries.set(keyOf(request), {
      body: await response.arrayBuffer(),
      status: response.status,
      headers: [...response.headers],
      expires: Date.now() + Number(maxAge) * 1000,
    });
  },
  async delete(request: RequestInfo | URL): Promise<boolean> {
    return entries.delete(keyOf(request));
  },
};

Object.defineProperty(globalThis, "caches", {
  value: { default: memoryCache, open: async () => memoryCache },
  configurable: true,
});

export default app;
