// Guest checkout start (seed 001 §2 startAsAnonymous): the lines come in ?items= (from the browser's cart); the
// e-mail is needed to send the order. POST /api/checkout with start_as_anonymous, then go to the checkout.
import { useState } from 'react';
import { z } from 'zod';
import IslandForm from '../shared/form.tsx';
import { makeT, type IslandTexts } from './i18n.ts';

const lines = z.array(z.object({ product_id: z.string(), variant: z.record(z.string(), z.string()).optional(), amount: z.number().int().min(1) })).min(1);

export default function GuestStart({ shop, base, texts }: { shop: string; base: string; texts: IslandTexts }) {
  const t = makeT(texts);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    let items: unknown;
    try { items = lines.parse(JSON.parse(new URLSearchParams(location.search).get('items') ?? '[]')); } catch { setError(t('checkout.emptyCart')); return; }
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) { setError(t('checkout.emailInvalid')); return; }
    setBusy(true);
    try {
      const res = await fetch('/api/checkout', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shop, items, start_as_anonymous: true, guest: { email } }) });
      const body = await res.json().catch(() => null);
      if (!res.ok) throw new Error(body?.error?.message ?? t('payment.genericError'));
      location.assign(`${base}/comprar/${body.id}`);
    } catch (err) { setError((err as Error).message); setBusy(false); }
  };
  return (
    <IslandForm className="guest-start" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('checkout.guestTitle')}</h2>
      <label>{t('checkout.email')}<input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? 'guest-email-error' : undefined} /></label>
      {error && <p className="co-error" id="guest-email-error" role="alert">{error}</p>}
      <button className="btn" type="submit" disabled={busy} aria-busy={busy}>{busy ? t('checkout.loading') : t('checkout.guestContinue')}</button>
    </IslandForm>
  );
}
