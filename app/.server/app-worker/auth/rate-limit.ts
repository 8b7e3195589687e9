// Rate limits through the Workers rate-limiting binding (works locally in workerd too).
import { HttpError } from "../../http-error";

export const RATE_LIMIT_MESSAGE = "Zu viele Anfragen. Bitte warte eine Minute und versuche es dann erneut.";

export async function enforceRateLimit(limiter: RateLimit, key: string): Promise<void> {
  const { success } = await limiter.limit({ key });
  if (!success) throw new HttpError(429, RATE_LIMIT_MESSAGE);
}
