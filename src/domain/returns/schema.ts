// Return shapes shared by the server, the order pages and the photo island (zod only, browser-safe).
import { z } from 'zod';
import {
  RETURN_FEES, RETURN_POLICY_KINDS, RETURN_REASON_GROUPS, RETURN_REASON_TREE, RETURN_REASONS,
  RETURN_REFUND_STATUSES, RETURN_SHIPPING_LABELS, RETURN_STATUSES, RETURN_TEXT_MAX, RETURN_TYPES, type ReturnReasonGroup,
} from '../../lib/shared/constants.ts';

/** The spec's conditions (seed 001 §9), shown with the common policy and confirmed by the buyer. */
export const RETURN_CONDITIONS_TEXT = 'Returns up to 72 hours after receiving the order; the product must be unused and complete with accessories, manuals and labels; electronic devices must not be locked.';

export const orderReturnParams = z.object({ id: z.uuid() });
export const returnParams = z.object({ id: z.uuid(), returnId: z.uuid() });
export const photoParams = returnParams.extend({ photoId: z.uuid() });

export const reasonGroupOf = (reason: string): ReturnReasonGroup | null =>
  RETURN_REASON_GROUPS.find((g) => (RETURN_REASON_TREE[g] as readonly string[]).includes(reason)) ?? null;

/** A buyer's return request (JSON, or the text fields of the multipart form with photos in "photos"). */
export const createReturnInput = z.object({
  reason_group: z.enum(RETURN_REASON_GROUPS as [ReturnReasonGroup, ...ReturnReasonGroup[]], { error: 'validation.reasonGroup' }),
  reason: z.string({ error: 'Choose a reason' }).refine((r) => RETURN_REASONS.includes(r), 'Choose a reason'),
  comments: z.string().trim().max(RETURN_TEXT_MAX).default(''),
  items: z.array(z.object({
    order_item_id: z.uuid(),
    quantity: z.number({ error: 'validation.unitsCount' }).int().min(1, 'validation.atLeast').max(9999),
  })).min(1, 'validation.returnItems').max(100)
    .refine((list) => new Set(list.map((i) => i.order_item_id)).size === list.length, 'validation.eachLineOnce'),
  conditions_accepted: z.literal(true, { error: 'validation.conditions' }),
}).superRefine((v, ctx) => {
  if (RETURN_REASONS.includes(v.reason) && reasonGroupOf(v.reason) !== v.reason_group) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reasonOfGroup' });
  }
});
export type CreateReturnInput = z.infer<typeof createReturnInput>;

const truthy = (v: unknown) => v === true || (typeof v === 'string' && ['on', 'true', '1', 'yes'].includes(v.toLowerCase()));

/**
 * The object `createReturnInput` checks, from form fields: `qty.<order_item_id>` per line (the order page's form;
 * 0 or empty lines are left out) or `items` (an array, or JSON text in a form), `reason` or `reason.<group>`,
 * `conditions_accepted` as a checkbox.
 */
export function returnInputFromFields(get: (k: string) => unknown, keys: string[]): Record<string, unknown> {
  let items: unknown = [];
  const json = get('items');
  if (Array.isArray(json)) items = json;
  else if (typeof json === 'string' && json.trim()) {
    try { items = JSON.parse(json); } catch { items = null; }
  } else {
    items = keys.filter((k) => k.startsWith('qty.')).map((k) => ({ order_item_id: k.slice(4), raw: String(get(k) ?? '').trim() }))
      .filter((i) => i.raw !== '' && i.raw !== '0')
      .map((i) => ({ order_item_id: i.order_item_id, quantity: /^\d{1,6}$/.test(i.raw) ? Number(i.raw) : NaN }));
  }
  const str = (k: string) => { const v = get(k); return typeof v === 'string' ? v : undefined; };
  const group = str('reason_group') || undefined;
  // The order page's tree names each group's reasons `reason.<group>`, so a reason left checked in another group is ignored.
  const reason = (group && str(`reason.${group}`)) || str('reason') || undefined;
  return {
    reason_group: group, reason, comments: str('comments') ?? '',
    items, conditions_accepted: truthy(get('conditions_accepted')),
  };
}

export const returnPolicyInput = z.object({
  return_type: z.enum(RETURN_TYPES).default('72hrs'),
  return_fees: z.enum(RETURN_FEES).default('free'),
  return_policy: z.enum(RETURN_POLICY_KINDS).default('common'),
  return_policy_legend: z.string().trim().max(RETURN_TEXT_MAX).nullable().optional(),
  return_shipping_label: z.enum(RETURN_SHIPPING_LABELS).default('inbox'),
  restocking_fees: z.number().int().min(0).max(100_000_000).default(0),
}).superRefine((v, ctx) => {
  if (v.return_policy === 'customized' && !v.return_policy_legend) {
    ctx.addIssue({ code: 'custom', path: ['return_policy_legend'], message: 'validation.policyText' });
  }
});

export const returnNoteInput = z.object({
  text: z.string().trim().min(1, 'validation.writeNote').max(RETURN_TEXT_MAX),
  visibility: z.enum(['client', 'internal']).default('client'),
});

/** A refund for a return: the idempotency key (body or Idempotency-Key header) makes a double submit refund once. */
export const returnRefundInput = z.object({
  amount: z.number().int().min(1, 'validation.amountAboveZero'),
  reason: z.string().trim().max(500).optional(),
  idempotency_key: z.string().trim().min(8).max(200),
});

/** The endpoint's body: the key may come in the Idempotency-Key header instead (one of them is required). */
export const returnRefundBody = returnRefundInput.partial({ idempotency_key: true });

export const closeReturnInput = z.object({ note: z.string().trim().max(RETURN_TEXT_MAX).optional() });

const money = z.number().int();

export const returnPolicyView = z.object({
  supplier: z.object({ id: z.string(), name: z.string() }),
  return_type: z.enum(RETURN_TYPES),
  return_fees: z.enum(RETURN_FEES),
  return_policy: z.enum(RETURN_POLICY_KINDS),
  return_policy_legend: z.string().nullable(),
  return_shipping_label: z.enum(RETURN_SHIPPING_LABELS),
  restocking_fees: money,
  currency: z.string(),
  /** The text shown: the supplier's legend (customized) or the common conditions. */
  text: z.string(),
  /** True when the supplier never set one (the defaults apply). */
  is_default: z.boolean(),
});
export type ReturnPolicyView = z.infer<typeof returnPolicyView>;

export const returnRefundView = z.object({
  id: z.string(), return_id: z.string(), reference: z.string(), amount: money, currency: z.string(),
  status: z.enum(RETURN_REFUND_STATUSES), reason: z.string().nullable(), failure_message: z.string().nullable(),
  at: z.string(), completed_at: z.string().nullable(),
});
export type ReturnRefundView = z.infer<typeof returnRefundView>;

export const returnRequestView = z.object({
  id: z.string(),
  number: z.number(),
  reference: z.string(),
  order_id: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason_group: z.string(),
  reason: z.string(),
  comments: z.string(),
  items: z.array(z.object({ order_item_id: z.string(), name: z.string(), photo: z.string().nullable(), variant: z.record(z.string(), z.string()), quantity: z.number(), unit_price: money })),
  photos: z.array(z.object({ id: z.string(), url: z.string(), content_type: z.string(), width: z.number().nullable(), height: z.number().nullable() })),
  /** The buyer sees client notes only. */
  notes: z.array(z.object({ id: z.string(), text: z.string(), visibility: z.enum(['client', 'internal']), author_role: z.string(), at: z.string() })),
  /** Append-only record (the buyer does not see internal events). */
  history: z.array(z.object({ event: z.string(), from: z.string().nullable(), to: z.string(), actor_role: z.string(), amount: money.nullable(), note: z.string().nullable(), at: z.string() })),
  refunds: z.array(returnRefundView),
  refunded: money,
  /** Supplier side: the returned units' value less the restocking fee, within the amount available. */
  suggested_refund: money,
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type ReturnRequestView = z.infer<typeof returnRequestView>;

export const RETURN_REFUSALS = ['canceled', 'not_delivered', 'expired', 'disallowed', 'open_request', 'nothing_left', 'not_signed_in'] as const;
export type ReturnRefusal = (typeof RETURN_REFUSALS)[number];

export const orderReturnsView = z.object({
  order_id: z.string(),
  reference: z.string(),
  order_status: z.string(),
  currency: z.string(),
  delivered_at: z.string().nullable(),
  return_deadline: z.string().nullable(),
  policy: returnPolicyView,
  /** Whether the buyer may start a request now, and if not why. */
  eligibility: z.object({ can_request: z.boolean(), reason: z.enum(RETURN_REFUSALS).nullable(), message: z.string().nullable() }),
  /** The order's lines with what may still be returned. */
  lines: z.array(z.object({ order_item_id: z.string(), name: z.string(), photo: z.string().nullable(), variant: z.record(z.string(), z.string()), unit_price: money, bought: z.number(), requested: z.number(), returnable: z.number() })),
  /** Paid minus already refunded on the order: no refund may exceed it. */
  amount_available: money,
  photos_max: z.number(),
  reasons: z.record(z.string(), z.array(z.string())),
  requests: z.array(returnRequestView),
  refunds: z.array(returnRefundView),
  /** What the viewer may do (supplier side). */
  actions: z.object({ can_note: z.boolean(), can_refund: z.boolean(), can_close: z.boolean() }),
});
export type OrderReturnsView = z.infer<typeof orderReturnsView>;

/** A return refund's answer: `replayed` when the idempotency key had already been used (nothing moved again). */
export const refundOutcomeView = z.object({ refund: returnRefundView, replayed: z.boolean(), request: returnRequestView });
