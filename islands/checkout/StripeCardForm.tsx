import { useEffect, useRef, useState } from 'react';
import type { T } from './i18n.ts';
import { loadStripeJs, type StripeCardElement, type StripeJs } from './stripe-js.ts';
import IslandForm from '../shared/form.tsx';

interface Props {
  t: T;
  /** The publishable key (payment_metadata.str_card.str_public_key). */
  publishableKey: string;
  locale: string;
  busy: boolean;
  blocked?: boolean;
  submitLabel: string;
  /** Called with the PaymentMethod Stripe.js made; the pay request carries it as `payment_method`. */
  onSubmit(paymentMethod: string): void;
}

/**
 * The card field when Stripe plays `str_card`: Stripe's Card Element in its own frame (number, expiry, CVC never
 * touch this page's inputs), then createPaymentMethod. Until Stripe.js runs the page says the field needs it.
 */
export default function StripeCardForm({ t, publishableKey, locale, busy, blocked = false, submitLabel, onSubmit }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; card: StripeCardElement } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let gone = false;
    loadStripeJs().then((Stripe) => {
      if (gone || !host.current) return;
      const js = Stripe(publishableKey, { locale });
      const card = js.elements({ locale }).create('card', { hidePostalCode: true });
      card.mount(host.current);
      card.on('change', (e) => setError(e.error?.message ?? null));
      stripe.current = { js, card };
      setState('ready');
    }, () => { if (!gone) setState('unavailable'); });
    return () => { gone = true; stripe.current?.card.destroy(); stripe.current = null; };
  }, [publishableKey, locale]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!stripe.current) return;
    const r = await stripe.current.js.createPaymentMethod({ type: 'card', card: stripe.current.card });
    if (r.error || !r.paymentMethod) { setError(r.error?.message ?? t('payment.stripeUnavailable')); return; }
    onSubmit(r.paymentMethod.id);
  };
  return (
    // No action: inert until hydrated (the card field is Stripe's frame and needs its script anyway).
    <IslandForm className="card-form" noValidate onSubmit={(e) => void submit(e)} data-testid="stripe-card-form">
      {/* Stripe's frame is no form control a <label> can point at: the field is a group named by the text. */}
      <span id="stripe-card-label" className="stripe-card-label">{t('payment.cardNumber')}</span>
      <div id="stripe-card" ref={host} className="stripe-card" role="group" aria-labelledby="stripe-card-label" />
      {state === 'loading' && <p className="muted small" role="status">{t('payment.stripeLoading')}</p>}
      {state === 'unavailable' && <p className="co-failure" role="alert">{t('payment.stripeUnavailable')}</p>}
      {error && <span className="field-error" role="alert">{error}</span>}
      <button className="btn" type="submit" disabled={busy || blocked || state !== 'ready'} aria-busy={busy}>{busy ? t('checkout.paying') : submitLabel}</button>
    </IslandForm>
  );
}
