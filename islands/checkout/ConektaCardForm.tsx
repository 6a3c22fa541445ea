import { useEffect, useId, useState } from 'react';
import type { T } from './i18n.ts';
import { loadConektaJs } from './conekta-js.ts';

interface Props {
  t: T;
  /** Conekta's public key (payment_metadata.conekta_card.ck_public_key). */
  publicKey: string;
  locale: string;
  busy: boolean;
  blocked?: boolean;
  /** Called with the token Conekta's component made; the pay request carries it as `payment_method`. */
  onSubmit(token: string): void;
}

/**
 * The card field when Conekta plays `conekta_card`: Conekta's card component in its own frame, with its own submit
 * button (number, expiry and CVC never touch this page); its token is what this island sends. Until the script runs
 * the page says the field needs it. While the checkout is blocked (missing steps) the component is not shown.
 */
export default function ConektaCardForm({ t, publicKey, locale, busy, blocked = false, onSubmit }: Props) {
  const id = `conekta-card-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (blocked) return;
    if (!publicKey) return;
    let gone = false;
    loadConektaJs().then((components) => {
      if (gone) return;
      components.Card({
        config: { targetIFrame: `#${id}`, publicKey, locale: locale.startsWith('en') ? 'en' : 'es' },
        callbacks: {
          onCreateTokenSucceeded: (token) => { if (!gone) { setError(null); onSubmit(token.id); } },
          onCreateTokenError: (e) => { if (!gone) setError(e.message_to_purchaser ?? e.message ?? t('payment.stripeUnavailable')); },
        },
      });
      setState('ready');
    }, () => { if (!gone) setState('unavailable'); });
    return () => { gone = true; document.getElementById(id)?.replaceChildren(); };
    // onSubmit changes with every render of the parent; the component is mounted once per key and locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [publicKey, locale, blocked, id]);
  // Without Conekta's public key the component cannot be made: said at once, no script loaded.
  const shown = publicKey ? state : 'unavailable';
  return (
    <div className="card-form" data-testid="conekta-card-form" aria-busy={busy}>
      <div id={id} className="conekta-card" />
      {shown === 'loading' && !blocked && <p className="muted small" role="status">{t('payment.stripeLoading')}</p>}
      {shown === 'unavailable' && <p className="co-failure" role="alert">{t('payment.stripeUnavailable')}</p>}
      {busy && <p className="muted small" role="status">{t('checkout.paying')}</p>}
      {error && <span className="field-error" role="alert">{error}</span>}
    </div>
  );
}
