// Alert thresholds of the internal monitor (spec §2): AI processing, error rate, API response time.
export const THRESHOLDS = { aiProcessingMs: 30_000, errorRate: 0.05, apiResponseMs: 2_000 } as const;
