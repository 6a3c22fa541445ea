// Cash-outs that were asked for are handed to the payout provider and settled; unless the operator reviews them
// (PAYOUTS_REVIEW, src/lib/server/modes.ts): then they wait in the operator's queue and this job does nothing.
import { RESERVATION_SWEEP_INTERVAL_MS } from '../lib/shared/constants.ts';
import { payoutReview } from '../lib/server/modes.ts';
import { processPayouts } from '../domain/wallet/index.ts';
import type { Job } from './job.ts';

export const payouts: Job = {
  name: 'payouts',
  everyMs: RESERVATION_SWEEP_INTERVAL_MS,
  run: (db, now) => (payoutReview() ? Promise.resolve(0) : processPayouts(db, now)),
};
