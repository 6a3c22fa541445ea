// Refunds whose provider was never asked, or whose call failed (the process stopped between committing the row and
// calling the provider, or the provider could not be reached): asked again with the same idempotency key, so the
// provider makes one refund however many times it is asked. Safe with several processes: an answer is applied under
// the order's lock once (a row no longer requested is left alone).
import { askStaleRefunds } from '../domain/orders/index.ts';
import { config } from '../lib/server/config.ts';
import type { Job } from './job.ts';

export const REFUND_REQUESTS_INTERVAL_MS = 30_000;

export const refundRequests: Job = {
  name: 'refund-requests',
  everyMs: REFUND_REQUESTS_INTERVAL_MS,
  // Older than two provider timeouts (the SDK retries once): the caller that committed the row is done asking.
  run: (db) => askStaleRefunds(db, 2 * config().STRIPE_TIMEOUT_MS + 5_000),
};
