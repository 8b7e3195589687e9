// One interface for outgoing mail (types.ts); the adapter comes from MAIL_MODE (README, "Configuration").
// `demo` sends nothing: the magic-link request signs the user in at once instead.
import type { z } from "zod";
import type { Db } from "../db/client";
import { createHttpMailer } from "./http";
import { createOutboxMailer } from "./outbox";
import type { mailSettings } from "./settings";
import type { Mailer } from "./types";

/** What choosing the mail adapter reads: the mail settings both Workers parse (settings.ts). */
export type MailSettings = z.output<z.ZodObject<typeof mailSettings>>;

export function getMailer(config: MailSettings, db: Db): Mailer | null {
  switch (config.MAIL_MODE) {
    case "http":
      // env.ts guarantees the key is present in this mode.
      return createHttpMailer({ url: config.MAIL_API_URL, apiKey: config.MAIL_API_KEY ?? "", from: config.MAIL_FROM });
    case "outbox":
      return createOutboxMailer(db);
    case "demo":
      return null;
  }
}
