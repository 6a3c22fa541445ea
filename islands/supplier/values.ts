// The editor's starting values (a stored product, or a new one of a type) and the body it sends.
import type { ProductInput, ProductType, SupplierProductView } from '../../src/domain/products/schema.ts';
import { PRODUCT_SLUG_MAX } from '../../src/domain/products/schema.ts';
import { slugify } from '../../src/lib/shared/slug.ts';
import type { FormValues } from './context.ts';
import type { PlatformCurrency } from '../../src/lib/shared/money.ts';

export function initialValues(type: ProductType, product: SupplierProductView | null, currency: string): FormValues {
  if (!product) {
    return {
      type, name: '', slug: '', photos: [], plain_description: '', description: '', list_price: Number.NaN, crossout_price: null,
      hide_price: false, is_free: false, currency: currency as PlatformCurrency, is_dropshipping: true, contribution_margin: 0, variants: {}, variant_stock: [], tags: [],
      // Services are mostly sold on demand; products and experiences (their seats) are counted.
      stock_type: type === 'service' ? 'ondemand' : 'onstock', stock_on_hand: 0, max_purchase_amount: null,
      weight_g: null, length_cm: null, width_cm: null, height_cm: null, list_state: 'unpublished', hiden: false,
      experience_date: null, experience_place: null, experience_capacity: null, attendee_fields: type === 'experience' ? ['full_name'] : [],
    };
  }
  return {
    type: product.type, name: product.name, slug: product.slug, photos: [...product.photos], plain_description: product.plain_description,
    description: product.description, list_price: product.list_price, crossout_price: product.crossout_price, hide_price: product.hide_price,
    is_free: product.is_free, currency: product.currency, is_dropshipping: product.is_dropshipping, contribution_margin: product.contribution_margin,
    variants: structuredClone(product.variants), variant_stock: product.variant_stock.map((r) => ({ variant: { ...r.variant }, stock_on_hand: r.stock_on_hand })),
    tags: [...product.tags], stock_type: product.stock_type, stock_on_hand: product.stock_on_hand, max_purchase_amount: product.max_purchase_amount,
    weight_g: product.weight_g, length_cm: product.length_cm, width_cm: product.width_cm, height_cm: product.height_cm,
    list_state: product.list_state, hiden: product.hiden, experience_date: product.experience_date, experience_place: product.experience_place,
    experience_capacity: product.experience_capacity, attendee_fields: [...product.attendee_fields],
  };
}

/** What POST/PATCH get: the checked values; an empty slug is left to the server (made from the name). */
export function requestBody(v: ProductInput): Record<string, unknown> {
  const { slug, ...rest } = v;
  return slug ? { ...rest, slug } : rest;
}

/** The address part the server would make from a name ('Rebozo de Seda' -> 'rebozo-de-seda'), for the preview. */
export function slugFrom(name: string): string {
  return slugify(name, PRODUCT_SLUG_MAX);
}
