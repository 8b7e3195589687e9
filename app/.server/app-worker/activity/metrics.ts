// The alert thresholds of the Logging tab (docs/PRODUCT.md, "Internal docs and activity log") with their current values from the log.
import { and, count, gt, inArray, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { activityLogs } from "../../db/schema";
import { THRESHOLDS } from "../../../lib/thresholds";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function currentMetrics(db: Db, now = Date.now()) {
  const since = gt(activityLogs.createdAt, now - DAY_MS);
  const [[ai], outcomes, [api]] = await Promise.all([
    db
      .select({ average: sql<number | null>`avg(${activityLogs.durationMs})`, slowest: max(activityLogs.durationMs) })
      .from(activityLogs)
      .where(and(since, sql`${activityLogs.action} = 'ad_completed'`)),
    db
      .select({ action: activityLogs.action, total: count() })
      .from(activityLogs)
      .where(and(since, inArray(activityLogs.action, ["ad_completed", "ad_failed", "api_error"])))
      .groupBy(activityLogs.action),
    db
      .select({ slowest: max(activityLogs.durationMs) })
      .from(activityLogs)
      .where(and(since, sql`${activityLogs.action} = 'api_slow'`)),
  ]);
  const totals = Object.fromEntries(outcomes.map((row) => [row.action, row.total]));
  const attempts = (totals.ad_completed ?? 0) + (totals.ad_failed ?? 0);
  const errors = (totals.ad_failed ?? 0) + (totals.api_error ?? 0);
  const errorRate = attempts + (totals.api_error ?? 0) > 0 ? errors / (attempts + (totals.api_error ?? 0)) : 0;
  return {
    aiProcessingMs: {
      average: ai?.average === null || ai?.average === undefined ? null : Math.round(ai.average),
      slowest: ai?.slowest ?? null,
      exceeded: (ai?.average ?? 0) > THRESHOLDS.aiProcessingMs,
    },
    errorRate: { value: errorRate, exceeded: errorRate > THRESHOLDS.errorRate },
    apiResponseMs: { slowest: api?.slowest ?? null, exceeded: (api?.slowest ?? 0) > THRESHOLDS.apiResponseMs },
  };
}

export type Metrics = Awaited<ReturnType<typeof currentMetrics>>;
