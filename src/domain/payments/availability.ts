// Which payment methods this server can take, and which provider plays each here. Offline ones (cash on delivery,
// deposits the supplier marks received) always; the sandbox providers only when a webhook secret is configured and
// they run here (PAYMENTS_SANDBOX or DEMO_MODE, src/lib/server/modes.ts); Stripe plays `str_card` when its keys are
// set (stripe.ts), whatever the sandbox does, and checks its own webhook signatures.
import { sandboxPaymentsEnabled } from '../../lib/server/modes.ts';
import { config } from '../../lib/server/config.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { methodInfo, paymentMetadata, type MethodInfo, type ProviderId } from './methods.ts';
import { configuredWebhookSecret, webhookSecret } from './signature.ts';
import { stripeEnabled } from './stripe.ts';

const UNAVAILABLE = 'This payment method is not available on this server';

/** Whether the provider's payments, pages and webhooks run on this server. */
export const providerRuns = (provider: string) => provider === 'offline' || (provider === 'stripe' ? stripeEnabled() : sandboxPaymentsEnabled());

/** The provider that plays `info`'s method on this server: Stripe for `str_card` when it is configured. */
export function providerHere(info: MethodInfo): ProviderId {
  return info.method === 'str_card' && stripeEnabled() ? 'stripe' : info.provider;
}

export function methodAvailable(method: string): boolean {
  const info = methodInfo(method);
  if (!info) return false;
  const provider = providerHere(info);
  return provider === 'offline' || provider === 'stripe' || (providerRuns(provider) && configuredWebhookSecret() !== null);
}

/** The methods (of a supplier's list) checkout offers here. */
export const availableMethods = (methods: readonly string[]) => methods.filter(methodAvailable);

/** Refuses to start a payment (or tokenise a card) with a provider this server cannot use. */
export function assertProviderUsable(provider: string) {
  if (provider === 'offline') return;
  if (provider !== 'stripe') webhookSecret(); // 503 payments_not_configured without a secret
  if (!providerRuns(provider)) throw new AppError('payment_method_not_enabled', UNAVAILABLE, { fields: { payment_type: ['validation.methodUnavailable'] } });
}

/** The payment_metadata of a method's form here: with Stripe on, its publishable key for Stripe.js. */
export function paymentMetadataHere(method: string, checkoutId: string): Record<string, unknown> {
  const info = methodInfo(method);
  if (info && providerHere(info) === 'stripe') return { str_public_key: config().STRIPE_PUBLISHABLE_KEY ?? null, provider: 'stripe' };
  return paymentMetadata(method, checkoutId);
}
