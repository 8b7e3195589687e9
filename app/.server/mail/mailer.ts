// One interface for outgoing mail; the adapter comes from MAIL_MODE (DECISIONS.md).
// `demo` sends nothing: the magic-link request signs the user in at once instead.
import type { Db } from "../db/client";
import type { Config } from "../env";
import { createHttpMailer } from "./http";
import { createOutboxMailer } from "./outbox";

export type Mail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the mail is for (magic_link, invite …), for the outbox and logs. */
  kind: string;
};

export type Mailer = { send(mail: Mail): Promise<void> };

export class MailDeliveryError extends Error {
  override name = "MailDeliveryError";
}

/** What choosing the mail adapter reads: the app's settings, or the generator's for its reminders. */
export type MailSettings = Pick<Config, "MAIL_MODE" | "MAIL_API_URL" | "MAIL_API_KEY" | "MAIL_FROM">;

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
