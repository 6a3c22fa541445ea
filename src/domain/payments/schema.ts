// Payment shapes shared by the server and the checkout island (zod only, browser-safe).
import { z } from 'zod';
import { CARD_NUMBER_MAX } from '../../lib/shared/constants.ts';
import { paymentView } from '../orders/schema.ts';

/** Card payment input (seed 001 §3): name, number, cvc, expiry as month/year ("MM/YY") or exp_month + exp_year. */
export const tokenizeInput = z.object({
  name: z.string().trim().min(1, 'validation.required').max(120),
  number: z.string().max(40).transform((s) => s.replace(/[\s-]+/g, '').slice(0, CARD_NUMBER_MAX)).pipe(z.string().regex(/^\d{12,19}$/, 'validation.cardNumber')),
  cvc: z.string().trim().regex(/^\d{3,4}$/, 'validation.cvc'),
  exp: z.string().max(10).optional(),
  exp_month: z.number().int().min(1).max(12).optional(),
  exp_year: z.number().int().min(2000).max(2100).optional(),
}).refine((v) => v.exp || (v.exp_month && v.exp_year), { message: 'validation.expiry', path: ['exp'] });

export const cardView = z.object({
  brand: z.string(), last4: z.string(), type: z.enum(['credit', 'debit']), bank: z.string(), exp_month: z.number(), exp_year: z.number(), name: z.string(),
});

export const tokenOutput = z.object({ id: z.string(), card: cardView, expires_at: z.string() });

/** A saved card as the payment step lists it: termination (last digits) and expiry "MM/YY"; expired ones cannot pay. */
export const savedCardView = cardView.extend({ id: z.string(), termination: z.string(), expiry: z.string(), expired: z.boolean() });
export type SavedCardView = z.infer<typeof savedCardView>;
export const savedCardList = z.object({ results: z.array(savedCardView), matches_estimated: z.number() });

export const payResult = z.object({
  checkout_id: z.string(),
  order_id: z.string(),
  order_number: z.number(),
  reference: z.string(),
  /** The order page (the browser goes there when there is nothing to approve). */
  order_path: z.string(),
  /** Where the browser goes now: url_3ds, the next-action url, the approval url, or the order page. */
  redirect_to: z.string(),
  order_status: z.string(),
  payment_status: z.string(),
  payment: paymentView.nullable(),
});
export type PayResult = z.infer<typeof payResult>;

export const webhookParams = z.object({ provider: z.string().min(1).max(50) });
export const webhookOutput = z.object({ received: z.boolean(), duplicate: z.boolean(), outcome: z.string() });

export const methodsOutput = z.object({
  results: z.array(z.object({
    method: z.string(), flow: z.string(), provider: z.string(), label: z.string(), window_seconds: z.number().nullable(), installments: z.boolean(),
    /** Whether this server takes it (sandbox providers run only in demo mode or with PAYMENTS_SANDBOX). */
    available: z.boolean(),
  })),
  test_cards: z.array(z.object({ number: z.string(), behaviour: z.string(), type: z.string(), note: z.string() })),
});

export const sandboxActionInput = z.object({ action: z.enum(['approve', 'fail', 'cancel']).default('approve') });
