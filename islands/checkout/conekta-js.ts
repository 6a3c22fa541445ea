// Conekta's card component (its tokenizer), loaded from pay.conekta.com only on the pay step of a server where Conekta
// plays `conekta_card` (the page's CSP allows that host there and nowhere else). The card number and CVC are typed in
// Conekta's own frame and go from there to Conekta: this site only ever sees the single-use token (tok_...) it makes.
import { loadGlobalScript } from './load-script.ts';

export const CONEKTA_JS_URL = 'https://pay.conekta.com/v1.0/js/conekta-checkout.min.js';

/** The part of Conekta's component this checkout uses (it ships no types). */
export interface ConektaComponents {
  Card(opts: {
    config: { targetIFrame: string; publicKey: string; locale: 'es' | 'en' };
    callbacks: {
      onCreateTokenSucceeded(token: { id: string }): void;
      onCreateTokenError(error: { message_to_purchaser?: string; message?: string }): void;
      onGetInfoSuccess?(info: unknown): void;
    };
  }): void;
}

/** Adds Conekta's script once and resolves with its components (rejects when the browser cannot fetch it). */
export function loadConektaJs(): Promise<ConektaComponents> {
  return loadGlobalScript<ConektaComponents>(CONEKTA_JS_URL, 'ConektaCheckoutComponents', 'Conekta');
}
