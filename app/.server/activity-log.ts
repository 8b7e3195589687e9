// The one way to write an activity-log entry. IPs are anonymised and user agents cut to
// 50 characters before anything is stored (docs/PRODUCT.md, "Internal docs and activity log").
import type { Db } from "./db/client";
import { activityLogs } from "./db/schema";

export const USER_AGENT_MAX = 50;

export type RequestMeta = { ip: string | null; country: string | null; userAgent: string | null };

export type ActivityEntry = {
  action: string;
  userId?: string | null;
  email?: string | null;
  details?: unknown;
  durationMs?: number;
  meta?: RequestMeta;
};

/** Zeroes the host part: the last octet of IPv4, everything after the first 48 bits of IPv6. */
export function anonymiseIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const value = ip.trim();
  const v4 = value.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0`;
  if (value.includes(":")) {
    const groups = value.split("::")[0].split(":").filter(Boolean).slice(0, 3);
    return `${groups.join(":")}::`;
  }
  return null;
}

export function requestMeta(request: Request): RequestMeta {
  const cf = (request as Request & { cf?: { country?: unknown } }).cf;
  const country = typeof cf?.country === "string" ? cf.country : request.headers.get("CF-IPCountry");
  const userAgent = request.headers.get("User-Agent");
  return {
    ip: anonymiseIp(request.headers.get("CF-Connecting-IP")),
    country: country && country !== "XX" ? country.toUpperCase().slice(0, 2) : null,
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
  };
}

export async function logActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLogs).values({
    action: entry.action,
    userId: entry.userId ?? null,
    email: entry.email ?? null,
    details: entry.details ?? null,
    durationMs: entry.durationMs ?? null,
    ip: entry.meta?.ip ?? null,
    country: entry.meta?.country ?? null,
    userAgent: entry.meta?.userAgent ?? null,
  });
}
