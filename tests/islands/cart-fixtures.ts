// Cart answers for the cart island tests (shapes of src/domain/cart/schema.ts).
import type { CartView } from '../../src/domain/cart/schema.ts';
import { cartLabels } from '../../islands/cart/labels.ts';
import { getT } from '../../src/lib/i18n/index.ts';

export function cartView(amount = 2, notices: CartView['notices'] = []): CartView {
  return {
    shop: 'demo-03', cart_id: 'c1', share_slug: null, amount, notices,
    totals: [{ currency: 'MXN', total: 2000 * amount, savings: 0, amount }],
    orders: [{
      key: 's1', supplier: { id: '00000000-0000-4000-8000-000000000001', name: 'Textiles del Bajío', image: null }, dssupplier: 'p1',
      products: [{
        item_id: '00000000-0000-4000-8000-0000000000a1', product_id: '00000000-0000-4000-8000-0000000000b1', name: 'Rebozo', photo: null, type: 'product',
        variant: {}, amount, unit_price: 2000, crossout_price: 2500, saving: 500, line_total: 2000 * amount, currency: 'MXN', stock_type: 'onstock',
        available: 3, max_purchase_amount: null, stock_state: 'available', problem: null,
      }],
      total: 2000 * amount, savings: 500 * amount, currency: 'MXN', amount, is_configured: true, blocked: null,
      supplier_info: { enabled_payment_types: ['str_card'] }, dssupplier_info: { fixed_shipping_cost: null, fixed_shipping_days: null },
    }, {
      key: 's2', supplier: { id: '00000000-0000-4000-8000-000000000002', name: 'Barro y Madera', image: null }, dssupplier: 'p2',
      products: [{
        item_id: '00000000-0000-4000-8000-0000000000a2', product_id: '00000000-0000-4000-8000-0000000000b2', name: 'Alebrije', photo: null, type: 'product',
        variant: {}, amount: 1, unit_price: 1000, crossout_price: null, saving: 0, line_total: 1000, currency: 'MXN', stock_type: 'ondemand',
        available: null, max_purchase_amount: null, stock_state: 'onDemand', problem: null,
      }],
      total: 1000, savings: 0, currency: 'MXN', amount: 1, is_configured: false,
      blocked: { code: 'supplier_not_configured', message: 'Purchase cannot be made at the moment (supplier configuration missing)' },
      supplier_info: { enabled_payment_types: [] }, dssupplier_info: { fixed_shipping_cost: null, fixed_shipping_days: null },
    }],
  };
}

/** msw needs absolute URLs under Node's fetch: resolve the islands' same-origin paths against jsdom's origin. */
export function absoluteFetch() {
  const inner = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    inner(typeof input === 'string' ? new URL(input, 'http://localhost').href : input, init)) as typeof fetch;
  return () => { globalThis.fetch = inner; };
}

/** The cart island's texts as the Spanish page passes them. */
export const esCartLabels = cartLabels(getT('es'));
