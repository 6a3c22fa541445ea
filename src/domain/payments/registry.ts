// Every payment provider by id: the sandbox ones (providers.ts), Stripe (stripe.ts) and Conekta (conekta.ts).
import type { ProviderId } from './methods.ts';
import { SANDBOX_PROVIDERS, type PaymentProvider } from './providers.ts';
import { stripeProvider } from './stripe.ts';
import { conektaProvider } from './conekta.ts';

export const PROVIDERS: Record<ProviderId, PaymentProvider> = { ...SANDBOX_PROVIDERS, stripe: stripeProvider, conekta: conektaProvider };

export function providerFor(id: string): PaymentProvider | null {
  return (PROVIDERS as Record<string, PaymentProvider>)[id] ?? null;
}
