// The mail settings of the generator Worker, whose cron sends the reminders of approved price cuts
// (ADR 037). The same keys and meaning as the app's (app/.server/env.ts); the generator also needs
// the public address for the links in those mails.
import { z } from "zod";
import { optionalText, requireSetting } from "../config/parse";

export const MAIL_SECRETS = ["MAIL_API_KEY"] as const;

export const mailSettings = {
  PUBLIC_BASE_URL: z
    .url()
    .default("http://localhost:8787")
    .transform((url) => url.replace(/\/+$/, "")),
  MAIL_MODE: z.enum(["demo", "outbox", "http"]).default("demo"),
  MAIL_API_URL: z.url().default("https://api.resend.com/emails"),
  MAIL_API_KEY: optionalText,
  MAIL_FROM: z.string().default("AnzeigenPilot <hallo@anzeigenpilot.de>"),
};

export function checkMailSettings(config: { MAIL_MODE: string; MAIL_API_KEY?: string }, ctx: z.core.$RefinementCtx) {
  if (config.MAIL_MODE === "http") requireSetting(ctx, "MAIL_API_KEY", config.MAIL_API_KEY, "when MAIL_MODE=http");
}
