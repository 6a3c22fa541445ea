// Demo mail (issue 25): the mails of the demo's recent order (src/db/seed/wallet.ts), queued by the real mail area as
// the order's events would have, and one of them failing to send: queued again after 3 attempts with the SMTP
// server's last error and its next try, so /dev/outbox shows the queue's retries. With SMTP_URL set the send-mail job
// sends it at that try; without, the demo keeps every mail in the outbox.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { outbox } from '../schema/index.ts';
import { mailOrder } from '../../domain/mail/index.ts';
import { seedUuid } from './ids.ts';

export const DEMO_FAILED_MAIL_ERROR = 'connect ECONNREFUSED 127.0.0.1:587 (the demo\'s SMTP server was down)';

export async function insertDemoMail(tx: Tx, now = new Date()) {
  const db = tx as unknown as Db;
  const order = seedUuid('wallet-demo:order');
  await mailOrder(db, order, 'placed');
  await mailOrder(db, order, 'paid');
  await mailOrder(db, order, 'confirmed');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const at = (key: string, set: Partial<typeof outbox.$inferInsert>) => db.update(outbox).set(set).where(eq(outbox.dedupe_key, key));
  await at(`order:${order}:placed:buyer`, { created_at: ago(2 * 24 * 60 + 5), next_attempt_at: ago(2 * 24 * 60 + 5) });
  await at(`order:${order}:paid:buyer`, { created_at: ago(2 * 24 * 60), next_attempt_at: ago(2 * 24 * 60) });
  // The failing one: 3 attempts (30 s, 1 min, 2 min apart), the next in 4 minutes.
  await at(`order:${order}:confirmed:buyer`, {
    status: 'queued', attempts: 3, last_error: DEMO_FAILED_MAIL_ERROR, created_at: ago(4), next_attempt_at: new Date(now.getTime() + 4 * 60_000),
  });
}
