// Package referral commissions held while the package can still be refunded (14 days from the period's start)
// become available to their promoters once that window is over.
import { RESERVATION_SWEEP_INTERVAL_MS } from '../lib/shared/constants.ts';
import { releaseDueCommissions } from '../domain/wallet/index.ts';
import type { Job } from './job.ts';

export const releaseCommissions: Job = {
  name: 'release-commissions',
  everyMs: RESERVATION_SWEEP_INTERVAL_MS,
  run: (db, now) => releaseDueCommissions(db, now),
};
