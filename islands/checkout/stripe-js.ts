// Stripe.js, loaded from js.stripe.com only on the pay step of a server where Stripe plays `str_card` (the page's
// CSP allows that host there and nowhere else). The card number and CVC go from Stripe's own frame to Stripe: this
// site only ever sees the PaymentMethod id (pm_...) it makes.
import { loadGlobalScript } from './load-script.ts';

export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

/** The part of Stripe.js this checkout uses (its full types ship with @stripe/stripe-js, not installed here). */
export interface StripeCardElement { mount(el: HTMLElement): void; destroy(): void; on(event: 'change', cb: (e: { error?: { message: string } }) => void): void }
export interface StripeJs {
  elements(opts?: { locale?: string }): { create(type: 'card', opts?: Record<string, unknown>): StripeCardElement };
  createPaymentMethod(opts: { type: 'card'; card: StripeCardElement }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
}
type StripeFactory = (key: string, opts?: { locale?: string }) => StripeJs;

/** Adds Stripe's script once and resolves with its factory (rejects when the browser cannot fetch it). */
export function loadStripeJs(): Promise<StripeFactory> {
  return loadGlobalScript<StripeFactory>(STRIPE_JS_URL, 'Stripe', 'Stripe.js');
}
