// The mail settings, validated the same way by both Workers: the app sends sign-in links and
// invites, the generator's cron sends reminders (ADR 039).
import { z } from "zod";
import { optionalText } from "../config/parse";

export const mailSettings = {
  MAIL_MODE: z.enum(["demo", "outbox", "http"]).default("demo"),
  MAIL_API_URL: z.url().default("https://api.resend.com/emails"),
  MAIL_API_KEY: optionalText,
  MAIL_FROM: z.string().default("AnzeigenPilot <hallo@anzeigenpilot.de>"),
};
