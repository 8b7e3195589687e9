// The browser's one way to call the API (ADR 014, ADR 058): a call names its operation by method and
// OpenAPI path; the request the server sees and the answer the caller gets follow the generated schema.
// The `@ts-expect-error` lines are part of the test: `tsc -b` fails when a wrong call would compile.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, apiRequestWithHeaders, setAuthToken } from "~/browser/api-client";

type Seen = { url: string; method: string; headers: Record<string, string>; credentials: RequestCredentials | undefined; body: unknown };

function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({
        url: String(input),
        method: init?.method ?? "GET",
        headers: init?.headers as Record<string, string>,
        credentials: init?.credentials,
        body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
      });
      return Response.json(body, { status, headers });
    }),
  );
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const kit = {
  adId: "3f2b8c1e-7a4d-4e9b-9c2f-1d5e6a7b8c9d",
  strategy: { anchorCents: 120000, floorCents: 100000, floorFromSeller: true, mode: "vb" as const, advice: "Bleib freundlich." },
  replies: [],
};

describe("apiRequest", () => {
  it("fills the path's parameters, sends the JSON body with the bearer token and the cookies, and answers the typed body", async () => {
    setAuthToken("token-1");
    const seen = answering(200, kit);
    const answer = await apiRequest("PUT", "/api/ads/{id}/sales-kit", { params: { id: "a b/c" }, body: { floorCents: 100000 } });
    expect(seen).toEqual([
      {
        url: "/api/ads/a%20b%2Fc/sales-kit",
        method: "PUT",
        headers: { Authorization: "Bearer token-1", "Content-Type": "application/json" },
        credentials: "include",
        body: { floorCents: 100000 },
      },
    ]);
    const anchor: number | undefined = answer.strategy?.anchorCents;
    expect(anchor).toBe(120000);
    // @ts-expect-error the answer has no euro field: every amount is in cents
    void answer.strategy?.anchorEuros;
  });

  it("appends the query's given values and leaves out the absent ones", async () => {
    const seen = answering(200, [], { "X-Total-Count": "0" });
    const { body, headers } = await apiRequestWithHeaders("GET", "/api/logs", { query: { page: 2, pageSize: 20, action: undefined } });
    expect(seen[0].url).toBe("/api/logs?page=2&pageSize=20");
    expect(seen[0].headers).not.toHaveProperty("Content-Type");
    expect(body).toEqual([]);
    expect(headers.get("X-Total-Count")).toBe("0");
  });

  it("throws the server's answer as an ApiError with its German message", async () => {
    answering(409, { message: "Die Anzeige ist noch nicht fertig." });
    const failure = await apiRequest("GET", "/api/ads/{id}/sales-kit", { params: { id: kit.adId } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect((failure as ApiError).serverMessage).toBe("Die Anzeige ist noch nicht fertig.");
  });

  it("accepts only the operations the API declares, with their parameters and bodies", async () => {
    answering(200, {});
    const wrongCalls = [
      // @ts-expect-error the path parameter is required
      () => apiRequest("GET", "/api/ads/{id}/sales-kit"),
      // @ts-expect-error no such path
      () => apiRequest("GET", "/api/ads/{id}/price"),
      // @ts-expect-error the path has no DELETE
      () => apiRequest("DELETE", "/api/ads/{id}/sales-kit", { params: { id: kit.adId } }),
      // @ts-expect-error the body takes cents, not euros
      () => apiRequest("PUT", "/api/ads/{id}/sales-kit", { params: { id: kit.adId }, body: { floorEuros: 1000 } }),
      // @ts-expect-error the body is required
      () => apiRequest("POST", "/api/ads/{id}/scam-check", { params: { id: kit.adId } }),
      // @ts-expect-error an unknown query parameter
      () => apiRequest("GET", "/api/magic-link-info", { query: { tokn: "x" } }),
    ];
    expect(wrongCalls).toHaveLength(6);
  });
});
