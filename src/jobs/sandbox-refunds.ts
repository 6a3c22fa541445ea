// The sandbox providers settle their pending refunds (test amounts ending in 13 or 66 cents) through the webhook
// inbox, as a real provider's webhook does some seconds later. Nothing to do unless the sandbox payments are on.
// Safe with several processes: each event is stored once in the webhook inbox, and a settled refund is left alone.
import { settleSandboxRefunds } from '../domain/orders/index.ts';
import type { Job } from './job.ts';

/** Often: a shopper waits on 'Reembolso en proceso' no longer than a real provider takes. */
export const SANDBOX_REFUND_INTERVAL_MS = 10_000;

export const sandboxRefunds: Job = {
  name: 'sandbox-refunds',
  everyMs: SANDBOX_REFUND_INTERVAL_MS,
  run: (db) => settleSandboxRefunds(db),
};
