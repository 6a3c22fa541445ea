// Words for the codes an order carries (status, payment status and method, delivery), in the request's language:
// the shopper's and the supplier's lists never show a raw code ('sent_to_supplier', 'openpay_store').
import type { Translator } from '../../lib/i18n/index.ts';

export function orderWords(t: Translator) {
  const word = (prefix: string, code: string | null | undefined) => {
    if (!code) return '';
    const key = `sales.${prefix}_${code}`;
    return t.has(key) ? t(key) : t('sales.unknown');
  };
  return {
    status: (code: string) => word('status', code),
    paymentStatus: (code: string) => word('paymentStatus', code),
    payment: (code: string) => word('payment', code),
    delivery: (code: string | null | undefined) => word('delivery', code),
    fulfillment: (code: string) => word('fulfillment', code),
    /** A history entry's state: by its machine (order, payment, shipping). */
    state: (machine: string, code: string) => (machine === 'payment' ? word('paymentStatus', code) : machine === 'fulfillment' ? word('fulfillment', code) : word('status', code)),
    machine: (code: string) => word('machine', code),
    role: (code: string) => word('role', code),
    /** The supplier's 'next' button for an order event. */
    step: (event: string) => (t.has(`sales.step_${event}`) ? t(`sales.step_${event}` as 'sales.stepAny') : t('sales.stepAny')),
  };
}
