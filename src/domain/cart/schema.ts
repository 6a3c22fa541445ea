// Cart shapes shared by the server and the cart island (zod only, browser-safe).
import { z } from 'zod';
import { CART_MAX_AMOUNT, CART_MAX_LINES } from '../../lib/shared/constants.ts';

export const variantChoice = z.record(z.string().min(1).max(60), z.string().min(1).max(60));
/** Whole numbers from 0; 0 is ignored (seed 001 §5). */
export const amountInput = z.number({ error: 'validation.quantity' }).int('validation.quantity').min(0, 'validation.quantity').max(CART_MAX_AMOUNT);
const shopSlug = z.string().min(1).max(63).optional();

export const cartQuery = z.object({ shop: shopSlug });
export const addItemInput = z.object({
  shop: shopSlug,
  product_id: z.uuid(),
  variant: variantChoice.optional(),
  amount: amountInput.default(1),
  /** 'Buy by' (seed 001 §6): the line at the net price; the server checks the viewer's level and the item. */
  buy_by: z.boolean().optional(),
});
export const setQuantityInput = z.object({ shop: shopSlug, amount: amountInput });
export const itemParams = z.object({ id: z.uuid() });
export const mergeInput = z.object({
  shop: shopSlug,
  items: z.array(z.object({ product_id: z.uuid(), variant: variantChoice.optional(), amount: amountInput })).max(CART_MAX_LINES),
});
export const shareInput = z.object({ shop: shopSlug });

export const noticeSchema = z.object({
  code: z.string(), message: z.string(), product_id: z.string().optional(), amount: z.number().optional(),
  requested: z.number().optional(), available: z.number().optional(), max: z.number().optional(),
  /** held_in_checkout: the shopper's own open checkout holding the units (src/flows/cart-view.ts). */
  checkout_id: z.string().optional(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const cartLine = z.object({
  item_id: z.string(),
  product_id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  type: z.string(),
  variant: z.record(z.string(), z.string()),
  amount: z.number(),
  unit_price: z.number(),
  crossout_price: z.number().nullable(),
  /** Per unit: crossout minus list price. */
  saving: z.number(),
  line_total: z.number(),
  currency: z.string(),
  stock_type: z.string(),
  /** Units left for sale now (null: on demand). */
  available: z.number().nullable(),
  max_purchase_amount: z.number().nullable(),
  stock_state: z.enum(['available', 'lastAvailable', 'onDemand', 'outOfStock', 'temporarilyUnavailable']),
  /** Why this line cannot be bought as it is (out_of_stock, unavailable_for_sale, quantity_exceeded ...). */
  problem: noticeSchema.nullable(),
  /** Present (true) on a 'buy by' line priced at the net price. */
  buy_by: z.boolean().optional(),
});
export type CartLine = z.infer<typeof cartLine>;

/** A cart order per supplier (seed 001 §3). */
export const cartOrder = z.object({
  key: z.string(),
  supplier: z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }),
  dssupplier: z.string(),
  products: z.array(cartLine),
  total: z.number(),
  savings: z.number(),
  currency: z.string(),
  amount: z.number(),
  is_configured: z.boolean(),
  /** Null when the order can go to checkout; else why not (supplier_not_configured, out_of_stock ...). */
  blocked: noticeSchema.nullable(),
  /** The shopper's own open checkout of this order holding units now: 'Pagar pedido' starts over (it replaces it). */
  held_checkout: z.object({ id: z.string(), expires_at: z.string() }).nullable().optional(),
  supplier_info: z.object({ enabled_payment_types: z.array(z.string()) }),
  dssupplier_info: z.object({ fixed_shipping_cost: z.number().nullable(), fixed_shipping_days: z.number().nullable() }),
});
export type CartOrder = z.infer<typeof cartOrder>;

export const cartView = z.object({
  shop: z.string(),
  cart_id: z.string().nullable(),
  share_slug: z.string().nullable(),
  orders: z.array(cartOrder),
  /** One total per currency (prices include taxes; shipping is computed at checkout). */
  totals: z.array(z.object({ currency: z.string(), total: z.number(), savings: z.number(), amount: z.number() })),
  amount: z.number(),
  notices: z.array(noticeSchema),
});
export type CartView = z.infer<typeof cartView>;

export const shareOutput = z.object({ slug: z.string(), path: z.string(), already_generated: z.boolean() });
export const sharedCartView = z.object({
  shop: z.string(),
  slug: z.string(),
  items: z.array(z.object({
    product_id: z.string(), name: z.string(), photo: z.string().nullable(), variant: z.record(z.string(), z.string()),
    amount: z.number(), unit_price: z.number(), currency: z.string(), available: z.boolean(),
  })),
});
