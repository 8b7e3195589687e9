// The settings of eBay's Marketplace Account Deletion endpoint (ADR 049), read by the app Worker only
// (the generator never answers eBay): the verification token given to eBay (a secret) and the
// endpoint's address exactly as registered with eBay, since the challenge response hashes it
// (https://developer.ebay.com/marketplace-account-deletion). eBay activates a production keyset only
// once this endpoint is subscribed, so production requires both with EBAY_CLIENT_ID.
import { z } from "zod";
import { optionalText, refuseSetting, requireSetting } from "../../config";

/** Where eBay sends the challenge (GET) and the notifications (POST). */
export const EBAY_DELETION_PATH = "/api/ebay/account-deletion";

export const EBAY_DELETION_SECRETS = ["EBAY_DELETION_VERIFICATION_TOKEN"] as const;

/** eBay's rule for the verification token: 32 to 80 characters, letters, digits, "_" and "-". */
const VERIFICATION_TOKEN = /^[A-Za-z0-9_-]{32,80}$/;

export const ebayDeletionSettings = {
  EBAY_DELETION_VERIFICATION_TOKEN: optionalText.refine((value) => value === undefined || VERIFICATION_TOKEN.test(value), {
    message: "EBAY_DELETION_VERIFICATION_TOKEN must be 32–80 characters of A–Z, a–z, 0–9, _ and - (eBay's rule)",
  }),
  /** The endpoint as registered at eBay (developer portal → Alerts & Notifications), e.g. https://anzeigenpilot.de/api/ebay/account-deletion. */
  EBAY_DELETION_ENDPOINT: optionalText.pipe(z.url().optional()),
};

type DeletionSettings = {
  EBAY_CLIENT_ID?: string;
  EBAY_DELETION_VERIFICATION_TOKEN?: string;
  EBAY_DELETION_ENDPOINT?: string;
  APP_ENV: string;
};

export function checkEbayDeletionSettings(config: DeletionSettings, ctx: z.core.$RefinementCtx) {
  if (config.EBAY_DELETION_ENDPOINT) {
    requireSetting(ctx, "EBAY_DELETION_VERIFICATION_TOKEN", config.EBAY_DELETION_VERIFICATION_TOKEN, "when EBAY_DELETION_ENDPOINT is set");
    // A value that is no URL at all is refused by its own field (z.url()).
    if (URL.canParse(config.EBAY_DELETION_ENDPOINT) && new URL(config.EBAY_DELETION_ENDPOINT).pathname !== EBAY_DELETION_PATH)
      refuseSetting(ctx, "EBAY_DELETION_ENDPOINT", `EBAY_DELETION_ENDPOINT must be this app's ${EBAY_DELETION_PATH}`);
  }
  if (config.APP_ENV !== "production" || !config.EBAY_CLIENT_ID) return;
  const because = "with EBAY_CLIENT_ID in production (eBay's marketplace account deletion notifications, docs/DEPLOY.md)";
  requireSetting(ctx, "EBAY_DELETION_ENDPOINT", config.EBAY_DELETION_ENDPOINT, because);
  requireSetting(ctx, "EBAY_DELETION_VERIFICATION_TOKEN", config.EBAY_DELETION_VERIFICATION_TOKEN, because);
  if (config.EBAY_DELETION_ENDPOINT && !config.EBAY_DELETION_ENDPOINT.startsWith("https://"))
    refuseSetting(ctx, "EBAY_DELETION_ENDPOINT", "EBAY_DELETION_ENDPOINT must be https:// (eBay refuses other endpoints)");
}

export type EbayDeletionConfig = { verificationToken: string; endpoint: string };

/** The endpoint's settings, or null while it is not set up here. */
export function ebayDeletionConfigOf(config: Omit<DeletionSettings, "APP_ENV">): EbayDeletionConfig | null {
  if (!config.EBAY_DELETION_VERIFICATION_TOKEN || !config.EBAY_DELETION_ENDPOINT) return null;
  return { verificationToken: config.EBAY_DELETION_VERIFICATION_TOKEN, endpoint: config.EBAY_DELETION_ENDPOINT };
}
