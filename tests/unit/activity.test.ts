import { describe, expect, it } from "vitest";
import { anonymiseIp, requestMeta } from "~/.server/activity-log";

describe("activity-log privacy", () => {
  it("anonymises IPv4 and IPv6 addresses", () => {
    expect(anonymiseIp("203.0.113.77")).toBe("203.0.113.0");
    expect(anonymiseIp("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3::");
    expect(anonymiseIp("2001:db8::1")).toBe("2001:db8::");
    expect(anonymiseIp("")).toBeNull();
    expect(anonymiseIp("kein-ip")).toBeNull();
  });

  it("cuts user agents to 50 characters and reads the country", () => {
    const request = new Request("https://anzeigenpilot.de/", {
      headers: {
        "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15",
        "CF-Connecting-IP": "198.51.100.23",
        "CF-IPCountry": "at",
      },
    });
    const meta = requestMeta(request);
    expect(meta.userAgent).toHaveLength(50);
    expect(meta).toMatchObject({ ip: "198.51.100.0", country: "AT" });
  });
});
