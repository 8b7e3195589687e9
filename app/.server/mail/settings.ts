// The mail settings, validated the same way by both Workers: the app sends sign-in links and
// invites, the generator's cron sends reminders (ADR 037, ADR 039).
import { z } from "zod";
import { optionalText, requireSetting } from "../config";

export const MAIL_SECRETS = ["MAIL_API_KEY"] as const;

export const mailSettings = {
  MAIL_MODE: z.enum(["demo", "outbox", "http"]).default("demo"),
  MAIL_API_URL: z.url().default("https://api.resend.com/emails"),
  MAIL_API_KEY: optionalText,
  MAIL_FROM: z.string().default("AnzeigenPilot <hallo@anzeigenpilot.de>"),
};

export function checkMailSettings(config: { MAIL_MODE: string; MAIL_API_KEY?: string }, ctx: z.core.$RefinementCtx) {
  if (config.MAIL_MODE === "http") requireSetting(ctx, "MAIL_API_KEY", config.MAIL_API_KEY, "when MAIL_MODE=http");
}
