// Cash-outs that were asked for are handed to the payout provider and settled.
import { RESERVATION_SWEEP_INTERVAL_MS } from '../lib/shared/constants.ts';
import { processPayouts } from '../domain/wallet/index.ts';
import type { Job } from './job.ts';

export const payouts: Job = {
  name: 'payouts',
  everyMs: RESERVATION_SWEEP_INTERVAL_MS,
  run: (db, now) => processPayouts(db, now),
};
