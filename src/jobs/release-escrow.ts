// Escrow whose window is over (and has no open return) becomes available to its holders.
import { RESERVATION_SWEEP_INTERVAL_MS } from '../lib/shared/constants.ts';
import { releaseDue } from '../domain/wallet/index.ts';
import type { Job } from './job.ts';

export const releaseEscrow: Job = {
  name: 'release-escrow',
  everyMs: RESERVATION_SWEEP_INTERVAL_MS,
  run: (db, now) => releaseDue(db, now),
};
