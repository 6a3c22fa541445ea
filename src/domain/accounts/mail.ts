// Outgoing mail: through SMTP when SMTP_URL is set; always recorded in the outbox table, which /dev/outbox shows
// only in demo mode (or with DEV_OUTBOX=1; src/lib/server/modes.ts). Without SMTP and outside the demo, mail is
// kept there (sent_at null) for no one to read: the start script warns that PIN sign-in cannot work.
import type { Db } from '../../db/client.ts';
import { outboxEnabled } from '../../lib/server/modes.ts';
import { insertOutbox } from './repo.ts';
import { config, type Config } from '../../lib/server/config.ts';

let warnedUndelivered = false;

/** replyTo: where answers go (a shop's contact mail answers the visitor); SMTP only, the outbox keeps to/subject/body. */
export interface Mail { to: string; subject: string; body: string; replyTo?: string }

export async function sendMail(db: Db, mail: Mail, env: Config = config()): Promise<void> {
  let sentAt: Date | null = null;
  if (env.SMTP_URL) {
    try {
      const { createTransport } = await import('nodemailer');
      await createTransport(env.SMTP_URL).sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.body, ...(mail.replyTo ? { replyTo: mail.replyTo } : {}) });
      sentAt = new Date();
    } catch (err) {
      console.error('[mail] SMTP delivery failed; kept in the outbox', err);
    }
  } else if (!warnedUndelivered && !outboxEnabled(env)) {
    warnedUndelivered = true;
    console.warn('[mail] SMTP_URL is not set and the outbox is off: mail (sign-in PINs) is kept undelivered');
  }
  await insertOutbox(db, { to: mail.to, subject: mail.subject, body: mail.body, sent_at: sentAt });
}
