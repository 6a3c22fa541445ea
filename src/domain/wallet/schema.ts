// Wallet shapes shared by the API, the wallet page and its cash-out form (zod only, browser-safe).
import { z } from 'zod';

export const WALLET_ENTRIES_PAGE_SIZE = 20;
export const WALLET_SOURCES = ['order_paid', 'extra_charge', 'refund', 'release', 'payout_request', 'payout_paid', 'payout_failed', 'payout_rejected', 'subscription_paid', 'subscription_refunded', 'commission_release'] as const;

export const walletView = z.object({
  /** The wallet type's id (one wallet per type and person). */
  id: z.string(),
  wallet_type: z.object({ id: z.string(), currency: z.string() }),
  /** pending + available (may be negative after a refund of released money). */
  balance: z.number().int(),
  pending: z.number().int(),
  available_for_cashout: z.number().int(),
  /** Asked for, on its way to the bank. */
  in_payout: z.number().int(),
  next_cutoff_date: z.string(),
});
export type WalletView = z.infer<typeof walletView>;

/**
 * One movement of a wallet (one ledger transaction): what changed in each of the person's accounts (pending,
 * available, payout), the event that caused it and its order. `amount` is the change of the balance the person
 * can see growing or shrinking: the sum over pending and available (0 for a release, which only moves money
 * from pending to available, or a paid cash-out, which leaves 'payout'; then `moved` says how much).
 */
export const walletEntryView = z.object({
  id: z.string(),
  source: z.string(),
  amount: z.number().int(),
  moved: z.number().int(),
  accounts: z.record(z.string(), z.number().int()),
  order_id: z.string().nullable(),
  order_reference: z.string().nullable(),
  created_at: z.string(),
  /** Its credit still waits in pending: an order's escrow, or a package commission within its refund window. */
  held: z.boolean(),
  /** When a held credit becomes available (null while an order's return window has not started, or not held). */
  releases_at: z.string().nullable(),
});
export type WalletEntryView = z.infer<typeof walletEntryView>;

export const entriesQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(WALLET_ENTRIES_PAGE_SIZE),
  sort: z.literal('-created_at').default('-created_at'),
});

/** A cash-out: at most available_for_cashout, to an 18-digit CLABE, once per idempotency key. */
export const payoutInput = z.object({
  amount: z.number({ error: 'validation.notANumber' }).int('validation.wholeNumber').min(1, 'validation.amountAboveZero').max(1_000_000_000, 'validation.atMost'),
  destination: z.string().trim().regex(/^\d{18}$/, 'validation.clabe'),
  idempotency_key: z.string().trim().min(8, 'validation.tooShort').max(80, 'validation.tooLong').regex(/^[A-Za-z0-9_-]+$/, 'validation.invalidFormat'),
});
export type PayoutInput = z.infer<typeof payoutInput>;

export const payoutView = z.object({
  id: z.string(), amount: z.number().int(), currency: z.string(), status: z.enum(['requested', 'paid', 'failed', 'rejected']),
  destination: z.string(), failure_message: z.string().nullable(), requested_at: z.string(), settled_at: z.string().nullable(),
});

/** A string a person typed: trimmed, bounded, no control characters (NUL included). */
const typed = (max: number) => z.string().trim().max(max, 'validation.tooLong').regex(/^[^\u0000-\u001f\u007f]*$/, 'validation.invalidCharacters');

/** The operator's approval of a payout (issue 25): the bank transfer's reference. */
export const approvePayoutInput = z.object({ reference: typed(80).pipe(z.string().min(3, 'validation.tooShort')) });
/** The operator's rejection: why (shown to the holder with the payout). */
export const rejectPayoutInput = z.object({ reason: typed(300).pipe(z.string().min(3, 'validation.tooShort')) });

/** The operator's figures (issue 25): a range of days (at most two years), bucketed per day, week or month. */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateFormat').refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'validation.dateNotExist');
export const FIGURE_UNITS = ['day', 'week', 'month'] as const;
export const figuresQuery = z.object({
  from: isoDay, to: isoDay, unit: z.enum(FIGURE_UNITS, { error: 'validation.invalidOption' }),
  currency: z.string().regex(/^[A-Z]{3}$/, 'validation.invalidFormat').default('MXN'),
}).refine((q) => q.from <= q.to, { message: 'validation.invalidDate', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 731 * 86_400_000, { message: 'validation.tooMany', path: ['from'] });
export type FiguresQuery = z.infer<typeof figuresQuery>;
