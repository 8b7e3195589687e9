// Local/test mail adapter: mails are stored in D1 and listed at /dev/outbox.
import { desc } from "drizzle-orm";
import type { Db } from "../db/client";
import { outboxMails } from "../db/schema";
import type { Mailer } from "./types";

export function createOutboxMailer(db: Db): Mailer {
  return {
    async send(mail) {
      await db.insert(outboxMails).values({ id: crypto.randomUUID(), ...mail, createdAt: Date.now() });
    },
  };
}

export async function listOutbox(db: Db, limit = 50) {
  return db.select().from(outboxMails).orderBy(desc(outboxMails.createdAt)).limit(limit);
}
