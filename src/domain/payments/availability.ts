// Which payment methods this server can take, and which provider plays each here. Offline ones (cash on delivery,
// deposits the supplier marks received) always; the sandbox providers only when a webhook secret is configured and
// they run here (PAYMENTS_SANDBOX or DEMO_MODE, src/lib/server/modes.ts); Stripe plays `str_card` when its keys are
// set (stripe.ts), Conekta `conekta_card`, `openpay_store` and `openpay_bank` when its keys are (conekta.ts), whatever
// the sandbox does; both check their own webhook signatures.
import { sandboxPaymentsEnabled } from '../../lib/server/modes.ts';
import { config } from '../../lib/server/config.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { methodInfo, paymentMetadata, type MethodInfo, type ProviderId } from './methods.ts';
import { configuredWebhookSecret, webhookSecret } from './signature.ts';
import { stripeEnabled } from './stripe.ts';
import { CONEKTA_METHODS, conektaEnabled } from './conekta.ts';

const UNAVAILABLE = 'This payment method is not available on this server';

/** Whether the provider's payments, pages and webhooks run on this server. */
export const providerRuns = (provider: string) => provider === 'offline'
  || (provider === 'stripe' ? stripeEnabled() : provider === 'conekta' ? conektaEnabled() : sandboxPaymentsEnabled());

/** Providers with their own keys and webhook signatures (no sandbox secret needed, no sandbox pages). */
const REAL: readonly string[] = ['stripe', 'conekta'];
export const isRealProvider = (provider: string) => REAL.includes(provider);

/** The provider that plays `info`'s method on this server: Stripe for `str_card`, Conekta for its three, when configured. */
export function providerHere(info: MethodInfo): ProviderId {
  if (info.method === 'str_card' && stripeEnabled()) return 'stripe';
  if (CONEKTA_METHODS.includes(info.method) && conektaEnabled()) return 'conekta';
  return info.provider;
}

/** Card providers whose card field is their own script in the browser (the pay request carries its token). */
export const tokenisesInBrowser = (provider: string) => provider === 'stripe' || provider === 'conekta';

export function methodAvailable(method: string): boolean {
  const info = methodInfo(method);
  if (!info) return false;
  const provider = providerHere(info);
  // Conekta's card needs its public key in the browser (its component makes the token): without it, no card.
  if (provider === 'conekta' && info.flow === 'card') return Boolean(config().CONEKTA_PUBLIC_KEY);
  return provider === 'offline' || REAL.includes(provider) || (providerRuns(provider) && configuredWebhookSecret() !== null);
}

/** The methods (of a supplier's list) checkout offers here. */
export const availableMethods = (methods: readonly string[]) => methods.filter(methodAvailable);

/** Refuses to start a payment (or tokenise a card) with a provider this server cannot use. */
export function assertProviderUsable(provider: string) {
  if (provider === 'offline') return;
  if (!REAL.includes(provider)) webhookSecret(); // 503 payments_not_configured without a secret
  if (!providerRuns(provider)) throw new AppError('payment_method_not_enabled', UNAVAILABLE, { fields: { payment_type: ['validation.methodUnavailable'] } });
}

/** The payment_metadata of a method's form here: with Stripe on, its publishable key for Stripe.js; Conekta's public key. */
export function paymentMetadataHere(method: string, checkoutId: string): Record<string, unknown> {
  const info = methodInfo(method);
  const provider = info ? providerHere(info) : null;
  if (provider === 'stripe') return { str_public_key: config().STRIPE_PUBLISHABLE_KEY ?? null, provider: 'stripe' };
  if (provider === 'conekta') return info!.flow === 'card' ? { ck_public_key: config().CONEKTA_PUBLIC_KEY ?? null, provider: 'conekta' } : { provider: 'conekta' };
  return paymentMetadata(method, checkoutId);
}
