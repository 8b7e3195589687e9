// Alert thresholds of the internal monitor (docs/PRODUCT.md, "Internal docs and activity log"): AI processing, error rate, API response time.
export const THRESHOLDS = { aiProcessingMs: 30_000, errorRate: 0.05, apiResponseMs: 2_000 } as const;
