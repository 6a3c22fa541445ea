// What the supplier product islands get from their pages (src/components/supplier/texts.ts) and a stored product
// as the API answers it (SupplierProductView).
import type { SupplierProductView } from '../../src/domain/products/schema.ts';
import { getT, type Locale } from '../../src/lib/i18n/index.ts';
import { richTextLabels, supplierTexts } from '../../src/components/supplier/texts.ts';

export const textsFor = (locale: Locale = 'es') => supplierTexts(getT(locale));
export const richFor = (locale: Locale = 'es') => richTextLabels(getT(locale));
/** `supplierProducts.<key>` (or any full key) as the reader sees it. */
export const say = (key: string, vars?: Record<string, string | number>, locale: Locale = 'es') =>
  getT(locale)((key.includes('.') ? key : `supplierProducts.${key}`) as Parameters<ReturnType<typeof getT>>[0], vars);

export const PRODUCT_ID = '00000000-0000-4000-8000-0000000000a1';

export function storedProduct(over: Partial<SupplierProductView> = {}): SupplierProductView {
  return {
    id: PRODUCT_ID, slug: 'rebozo-de-seda', owner: 'textiles-del-bajio', supplier_id: 's1', type: 'product', name: 'Rebozo de seda',
    photos: ['/media/a.png'], plain_description: 'Tejido a mano', description: '<p>Tejido a mano</p>', list_price: 46900, crossout_price: null,
    hide_price: false, is_free: false, currency: 'MXN', is_dropshipping: true, contribution_margin: 9000, variants: { Color: ['Negro', 'Rojo'] },
    variant_stock: [], tags: ['rebozo'], stock_type: 'onstock', stock_on_hand: 12, stock_reserved: 0, available: 12, sold_out: false,
    max_purchase_amount: null, weight_g: 300, length_cm: null, width_cm: null, height_cm: null, list_state: 'published', hiden: false,
    experience_date: null, experience_place: null, experience_capacity: null, attendee_fields: [], in_stores: 2,
    url: '/productos/textiles-del-bajio/00000000-0000-4000-8000-0000000000a1', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-02T00:00:00Z',
    ...over,
  };
}
