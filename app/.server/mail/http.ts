// Production mail adapter: a Resend-compatible HTTP e-mail API over fetch.
import { MailDeliveryError, type Mail, type Mailer } from "./types";

export function createHttpMailer(options: { url: string; apiKey: string; from: string }): Mailer {
  return {
    async send(mail: Mail) {
      const response = await fetch(options.url, {
        method: "POST",
        headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          from: options.from,
          to: [mail.to],
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          tags: [{ name: "kind", value: mail.kind }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        throw new MailDeliveryError(`mail API answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      }
    },
  };
}
