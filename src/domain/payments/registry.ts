// Every payment provider by id: the sandbox ones (providers.ts) and Stripe (stripe.ts).
import type { ProviderId } from './methods.ts';
import { SANDBOX_PROVIDERS, type PaymentProvider } from './providers.ts';
import { stripeProvider } from './stripe.ts';

export const PROVIDERS: Record<ProviderId, PaymentProvider> = { ...SANDBOX_PROVIDERS, stripe: stripeProvider };

export function providerFor(id: string): PaymentProvider | null {
  return (PROVIDERS as Record<string, PaymentProvider>)[id] ?? null;
}
