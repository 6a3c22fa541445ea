// The cart's notices and blocked orders in the request's language (the service writes English for developers):
// the cart API and the cart page answer through it.
import type { CartView } from '../../domain/cart/schema.ts';
import type { Translator } from '../../lib/i18n/index.ts';
import { localizedNotice } from '../../lib/i18n/validation.ts';

export function localizedCart(view: CartView, t: Translator): CartView {
  return {
    ...view,
    notices: view.notices.map((n) => localizedNotice(n, t)),
    orders: view.orders.map((o) => (o.blocked ? { ...o, blocked: localizedNotice(o.blocked, t) } : o)),
  };
}
