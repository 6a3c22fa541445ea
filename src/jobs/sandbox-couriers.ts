// The demo's built-in couriers move shipped parcels one step (nothing to do unless SHIPPING_SANDBOX is on).
import { RESERVATION_SWEEP_INTERVAL_MS } from '../lib/shared/constants.ts';
import { sweepSandboxCouriers } from '../domain/shipping/index.ts';
import type { Job } from './job.ts';

export const sandboxCouriers: Job = {
  name: 'sandbox-couriers',
  everyMs: RESERVATION_SWEEP_INTERVAL_MS,
  run: (db, now) => sweepSandboxCouriers(db, now),
};
