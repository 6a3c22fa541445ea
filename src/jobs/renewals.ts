// Packages whose period ended renew (charged once with the saved card), fail, or end.
import { RESERVATION_SWEEP_INTERVAL_MS } from '../lib/shared/constants.ts';
import { renewDue } from '../domain/subscriptions/index.ts';
import type { Job } from './job.ts';

export const renewals: Job = {
  name: 'renewals',
  everyMs: RESERVATION_SWEEP_INTERVAL_MS,
  run: async (db, now) => {
    const out = await renewDue(db, { now });
    return out.renewed + out.failed + out.expired + out.ended;
  },
};
