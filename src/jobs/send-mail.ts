// Sends the queued mail that is due (src/domain/mail): each mail claimed by one process, retried with backoff while
// SMTP is down, never lost. Runs every tick; sign-in PINs are also tried at once when they are queued.
import { deliverDue } from '../domain/mail/index.ts';
import type { Job } from './job.ts';

export const sendMail: Job = {
  name: 'send-mail',
  everyMs: 5_000,
  run: (db, now) => deliverDue(db, now),
};
