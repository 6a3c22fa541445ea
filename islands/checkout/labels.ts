// Words for the codes of orders and payments (state, cancel reason, delivery, method, payment state), from the
// `orders` and `payment` locale areas. Each takes a `t` (the page's Translator or an island's, islands/checkout/i18n.ts).
import type { MessageKey } from '../../src/lib/i18n/index.ts';
import { BRAND_NAMES } from './card.ts';
import es from '../../src/locales/es.json' with { type: 'json' };

type T = (key: MessageKey, vars?: Record<string, string | number>) => string;
const word = (t: T, prefix: string, code: string | null | undefined, fallback: string) => {
  if (!code) return fallback;
  const key = `${prefix}-${code}` as MessageKey;
  const s = t(key);
  return s === key ? fallback : s;
};

export const statusLabel = (t: T, code: string) => word(t, 'orders.status', code, code);
export const reasonLabel = (t: T, code: string) => word(t, 'orders.reason', code, code);
export const deliveryLabel = (t: T, code: string | null) => word(t, 'orders.delivery', code, '—');
/** A payment method in words; an unknown code reads as 'other payment method', never as the code. */
export const paymentLabel = (t: T, code: string) => word(t, 'payment.method', code, t('payment.methodOther'));
export const paymentStatusLabel = (t: T, code: string) => word(t, 'payment.status', code, code);

/** A card brand's name, or 'Tarjeta' / 'Card' when unknown. */
export const brandLabel = (t: T, brand: string | null | undefined) => (brand && BRAND_NAMES[brand]) || t('payment.brandUnknown');

export { CFDI_USE_LABEL, TAX_REGIME_LABEL, codeLabel } from '../../src/lib/shared/sat.ts';

// Spanish maps for the pages not yet moved to the locale (supplier sales, purchases list, alerts): the same texts,
// read from es.json. New code uses the functions above with the request's `t`.
const pick = (area: Record<string, string>, prefix: string) =>
  Object.fromEntries(Object.entries(area).filter(([k]) => k.startsWith(`${prefix}-`)).map(([k, v]) => [k.slice(prefix.length + 1), v]));
export const STATUS_LABEL: Record<string, string> = pick(es.orders, 'status');
export const REASON_LABEL: Record<string, string> = pick(es.orders, 'reason');
export const DELIVERY_LABEL: Record<string, string> = pick(es.orders, 'delivery');
export const PAYMENT_LABEL: Record<string, string> = pick(es.payment, 'method');
export const PAYMENT_STATUS_LABEL: Record<string, string> = pick(es.payment, 'status');
