// Packages (issue 14; seed 001 §3 plan record, §7 'buy a package (plan id)', §9 plan defaults): shapes shared by
// the pages and the API. Imports only zod and shared constants.
import { z } from 'zod';
import { PLAN_IDS } from '../../lib/shared/constants.ts';

export const planView = z.object({
  id: z.enum(PLAN_IDS), name: z.string(), price: z.number().int(), currency: z.string(), periodicity: z.string(),
  plan_commission_rate: z.string(), contribution_margin: z.number().int(),
  /** What a reseller on this plan earns per unit of margin: contribution_margin x rate (minor units). */
  earning: z.number().int(),
});
export type PlanView = z.infer<typeof planView>;

export const buyPackageInput = z.object({
  plan_id: z.enum(PLAN_IDS, 'validation.invalidOption'),
  /** The buyer's own shop; needed only when they own several. */
  shop: z.string().trim().toLowerCase().max(63, 'validation.tooLong').optional(),
  card_token: z.string().max(100, 'validation.tooLong').optional(),
  card_id: z.uuid('validation.invalidOption').optional(),
  /** The client's key: the same key answers the same attempt, never a second charge. */
  idempotency_key: z.string().trim().min(8, 'validation.tooShort').max(100, 'validation.tooLong').regex(/^[A-Za-z0-9_.:-]+$/, 'validation.invalid'),
});
export type BuyPackageInput = z.infer<typeof buyPackageInput>;

export const subscriptionView = z.object({
  id: z.string(), shop: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  plan_id: z.string(), plan_name: z.string(), state: z.enum(['active', 'replaced', 'canceled', 'expired']),
  /** Charged again at renews_at with the card on file; false once the owner turned it off (the plan ends then). */
  auto_renew: z.boolean(),
  /** The renewal charge failed; it is tried again at retry_at (3 tries a day apart, then the subscription expires). */
  past_due: z.boolean(), retry_at: z.string().nullable(),
  /** The last paid period can be refunded until then (null: not refundable). */
  refundable_until: z.string().nullable(),
  started_at: z.string(), renews_at: z.string(), price: z.number().int(), currency: z.string(), plan_commission_rate: z.string(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

export const buyPackageOutput = z.object({
  status: z.enum(['succeeded', 'failed', 'requires_action']),
  /** requires_action: the card's 3-D Secure challenge page; the plan opens once it is approved there. */
  action: z.object({ kind: z.literal('3ds'), url: z.string() }).nullable(),
  payment: z.object({
    id: z.string(), amount: z.number().int(), currency: z.string(), status: z.enum(['succeeded', 'failed', 'requires_action']),
    failure_code: z.string().nullable(), card: z.record(z.string(), z.unknown()).nullable(),
    period_start: z.string().nullable(), period_end: z.string().nullable(),
  }),
  subscription: subscriptionView.nullable(),
});
export type BuyPackageOutput = z.infer<typeof buyPackageOutput>;

export const autoRenewInput = z.object({ auto_renew: z.boolean('validation.invalid') });
export const billingOutput = z.object({ id: z.string(), auto_renew: z.boolean(), renews_at: z.string() });
export const refundOutput = z.object({
  id: z.string(), state: z.literal('canceled'),
  refunded: z.object({ payment_id: z.string(), amount: z.number().int(), currency: z.string() }),
});
