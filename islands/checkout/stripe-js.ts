// Stripe.js, loaded from js.stripe.com only on the pay step of a server where Stripe plays `str_card` (the page's
// CSP allows that host there and nowhere else). The card number and CVC go from Stripe's own frame to Stripe: this
// site only ever sees the PaymentMethod id (pm_...) it makes.
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

/** The part of Stripe.js this checkout uses (its full types ship with @stripe/stripe-js, not installed here). */
export interface StripeCardElement { mount(el: HTMLElement): void; destroy(): void; on(event: 'change', cb: (e: { error?: { message: string } }) => void): void }
export interface StripeJs {
  elements(opts?: { locale?: string }): { create(type: 'card', opts?: Record<string, unknown>): StripeCardElement };
  createPaymentMethod(opts: { type: 'card'; card: StripeCardElement }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
}
type StripeFactory = (key: string, opts?: { locale?: string }) => StripeJs;

let loading: Promise<StripeFactory> | null = null;

/** Adds Stripe's script once and resolves with its factory (rejects when the browser cannot fetch it). */
export function loadStripeJs(): Promise<StripeFactory> {
  const w = window as unknown as { Stripe?: StripeFactory };
  if (w.Stripe) return Promise.resolve(w.Stripe);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = STRIPE_JS_URL;
    s.async = true;
    s.onload = () => (w.Stripe ? resolve(w.Stripe) : reject(new Error('Stripe.js did not load')));
    s.onerror = () => { loading = null; reject(new Error('Stripe.js did not load')); };
    document.head.appendChild(s);
  });
  return loading;
}
