// Open checkouts and unpaid orders whose time is up: reservations released, orders cancelled by the system.
// Checkout also runs this before holding stock, so it never waits for a tick.
import { RESERVATION_SWEEP_INTERVAL_MS } from '../lib/shared/constants.ts';
import { sweepExpired } from '../domain/checkout/index.ts';
import type { Job } from './job.ts';

export const expireCheckouts: Job = {
  name: 'expire-checkouts',
  everyMs: RESERVATION_SWEEP_INTERVAL_MS,
  run: (db, now) => sweepExpired(db, { now }),
};
