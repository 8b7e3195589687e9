// The dealer's Kleinanzeigen API access (ADR 038): company credentials of the Public API Gateway,
// issued by Kleinanzeigen per company, so they are the operator's settings (wrangler vars + the
// secret KLEINANZEIGEN_CLIENT_SECRET), read by both Workers: the app publishes, the generator's
// cron follows the publication status. Unset = publishing to Kleinanzeigen is off and the
// dashboard says that it needs dealer API access (docs/DEPLOY.md, "Kleinanzeigen").
import { z } from "zod";
import { optionalText, refuseSetting, requireSetting } from "../config";

export const KLEINANZEIGEN_DEFAULT_URL = "https://developer.kleinanzeigen.de";

export const KLEINANZEIGEN_SECRETS = ["KLEINANZEIGEN_CLIENT_SECRET"] as const;

/** The fields both Workers' schemas spread in. */
export const kleinanzeigenSettings = {
  /** The gateway's origin; tests and `npm start` point it at the local fake (fakes/kleinanzeigen.mjs). */
  KLEINANZEIGEN_API_URL: z
    .url()
    .default(KLEINANZEIGEN_DEFAULT_URL)
    .transform((url) => url.replace(/\/+$/, "")),
  KLEINANZEIGEN_CLIENT_ID: optionalText,
  KLEINANZEIGEN_CLIENT_SECRET: optionalText,
};

type Settings = { APP_ENV: string; KLEINANZEIGEN_API_URL: string; KLEINANZEIGEN_CLIENT_ID?: string; KLEINANZEIGEN_CLIENT_SECRET?: string };

/** The schema rules: a client id needs its secret; production talks to Kleinanzeigen only over https. */
export function checkKleinanzeigenSettings(config: Settings, ctx: z.core.$RefinementCtx) {
  if (config.KLEINANZEIGEN_CLIENT_ID)
    requireSetting(ctx, "KLEINANZEIGEN_CLIENT_SECRET", config.KLEINANZEIGEN_CLIENT_SECRET, "when KLEINANZEIGEN_CLIENT_ID is set");
  if (config.APP_ENV === "production" && !config.KLEINANZEIGEN_API_URL.startsWith("https://")) {
    refuseSetting(ctx, "KLEINANZEIGEN_API_URL", "KLEINANZEIGEN_API_URL must be an https:// address in production");
  }
}

export type KleinanzeigenAccess = { apiUrl: string; clientId: string; clientSecret: string };

/** The credentials, or null when this installation has no dealer API access. */
export function kleinanzeigenAccess(config: Settings): KleinanzeigenAccess | null {
  if (!config.KLEINANZEIGEN_CLIENT_ID || !config.KLEINANZEIGEN_CLIENT_SECRET) return null;
  return {
    apiUrl: config.KLEINANZEIGEN_API_URL,
    clientId: config.KLEINANZEIGEN_CLIENT_ID,
    clientSecret: config.KLEINANZEIGEN_CLIENT_SECRET,
  };
}

export const NOT_CONFIGURED_MESSAGE =
  "Direkt bei Kleinanzeigen veröffentlichen ist hier noch nicht eingerichtet: Dafür braucht AnzeigenPilot einen Händlerzugang von Kleinanzeigen. Bis dahin kopierst du Titel und Text und fügst sie bei Kleinanzeigen ein.";
