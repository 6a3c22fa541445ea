// The payment form's field names. The islands render them (islands/checkout/CardForm.tsx) and the pages read them
// when the form is posted before its island runs, or without script (src/domain/payments/form.ts): one list, so a
// form submitted early pays exactly like the island would.
export const PAY_FIELDS = {
  /** Tells the page's POST handler which form it got ('pay'); the order page takes other actions too. */
  action: 'action',
  method: 'payment_type',
  token: 'token',
  /** A saved card's id, or NEW_CARD. */
  choice: 'card-choice',
  name: 'cc-name',
  number: 'cc-number',
  exp: 'cc-exp',
  cvc: 'cc-csc',
  msi: 'msi',
  save: 'save-card',
} as const;

export const PAY_ACTION = 'pay';
/** The checkout page's 'start again' form (a purchase whose time ran out): the same lines reserved again. */
export const RESTART_ACTION = 'restart';
export const NEW_CARD = 'new';
/** The query parameter carrying the outcome code of a posted payment back to the page (never any card data). */
export const PAY_OUTCOME_PARAM = 'pago';

/** The cart page's POST action of a supplier order's pay button ('Pagar pedido'): start its checkout. */
export const CART_CHECKOUT_ACTION = 'checkout';
/** The product page's 'Buy now' button (POST to the cart page): start a checkout of that one line at once. */
export const BUY_NOW_ACTION = 'buy_now';
