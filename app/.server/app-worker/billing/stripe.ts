// The Stripe client for Workers (fetch HTTP client, SubtleCrypto for signatures), or null when
// payments are not configured in this environment.
import Stripe from "stripe";
import type { Config } from "../env";
import { HttpError } from "../../http-error";

export const BILLING_DISABLED_MESSAGE = "Zahlungen sind in dieser Umgebung nicht eingerichtet.";

export function getStripe(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = config.STRIPE_API_BASE_URL ? new URL(config.STRIPE_API_BASE_URL) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
}

export function requireStripe(config: Config): Stripe {
  const stripe = getStripe(config);
  if (!stripe) throw new HttpError(503, BILLING_DISABLED_MESSAGE);
  return stripe;
}

export const cryptoProvider = Stripe.createSubtleCryptoProvider();
