// What every mail adapter (http.ts, outbox.ts) and the code that sends mail share; kept apart from
// mailer.ts, which picks the adapter, so no adapter imports its own chooser.
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
