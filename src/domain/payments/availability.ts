// Which payment methods this server can take. Offline ones (cash on delivery, deposits the supplier marks
// received) always; those a provider plays only when a webhook secret is configured and the provider runs here:
// today every provider is a sandbox one, on only with PAYMENTS_SANDBOX or DEMO_MODE (src/lib/server/modes.ts).
import { sandboxPaymentsEnabled } from '../../lib/server/modes.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { methodInfo } from './methods.ts';
import { configuredWebhookSecret, webhookSecret } from './signature.ts';

const UNAVAILABLE = 'This payment method is not available on this server';

/** Whether the provider's payments, pages and webhooks run on this server. */
export const providerRuns = (provider: string) => provider === 'offline' || sandboxPaymentsEnabled();

export function methodAvailable(method: string): boolean {
  const info = methodInfo(method);
  if (!info) return false;
  return info.provider === 'offline' || (providerRuns(info.provider) && configuredWebhookSecret() !== null);
}

/** The methods (of a supplier's list) checkout offers here. */
export const availableMethods = (methods: readonly string[]) => methods.filter(methodAvailable);

/** Refuses to start a payment (or tokenise a card) with a provider this server cannot use. */
export function assertProviderUsable(provider: string) {
  if (provider === 'offline') return;
  webhookSecret(); // 503 payments_not_configured without a secret
  if (!providerRuns(provider)) throw new AppError('payment_method_not_enabled', UNAVAILABLE, { fields: { payment_type: ['validation.methodUnavailable'] } });
}
