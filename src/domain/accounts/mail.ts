// Outgoing mail: through SMTP when SMTP_URL is set; always recorded in the outbox table,
// which /dev/outbox shows when no SMTP server is configured (development and tests).
import type { Db } from '../../db/client.ts';
import { insertOutbox } from './repo.ts';

export interface Mail { to: string; subject: string; body: string }

export async function sendMail(db: Db, mail: Mail, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let sentAt: Date | null = null;
  if (env.SMTP_URL) {
    try {
      const { createTransport } = await import('nodemailer');
      await createTransport(env.SMTP_URL).sendMail({ from: env.MAIL_FROM ?? 'no-reply@tiendas.local', to: mail.to, subject: mail.subject, text: mail.body });
      sentAt = new Date();
    } catch (err) {
      console.error('[mail] SMTP delivery failed; kept in the outbox', err);
    }
  }
  await insertOutbox(db, { ...mail, sent_at: sentAt });
}
