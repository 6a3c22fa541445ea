// Pay what an order still owes (seed 001 §8): card (tokenised, then POST /api/orders/{id}/pay with the order's
// token; the token is reloaded after a failure) or the order's own method (reference flows). Both forms post to the
// order page before the island runs, or without script, which pays with the same fields.
import { useState } from 'react';
import { formatMoney } from '../../src/lib/shared/money.ts';
import CardForm, { type CardSubmit, type SavedCardOption, type SavedCardSubmit } from './CardForm.tsx';
import StripeCardForm from './StripeCardForm.tsx';
import ConektaCardForm from './ConektaCardForm.tsx';
import { failureMessage, savedCardMessage } from './card.ts';
import { makeT, type IslandTexts } from './i18n.ts';
import { PAY_ACTION, PAY_FIELDS as F } from '../../src/lib/shared/pay-form.ts';
import IslandForm from '../shared/form.tsx';

interface Props {
  texts: IslandTexts; base: string; orderId: string; token: string; total: number; currency: string; method: string; flow: string; savedCards?: SavedCardOption[]; signedIn?: boolean;
  /** Stripe plays the order's card method here: its publishable key (the card field is Stripe's own). */
  stripeKey?: string | null;
  /** Conekta plays it: its public key (the card component is Conekta's own). */
  conektaKey?: string | null;
}

export default function OrderPay({ texts, base, orderId, token: initialToken, total, currency, method, flow, savedCards = [], signedIn = false, stripeKey = null, conektaKey = null }: Props) {
  const t = makeT(texts);
  const [token, setToken] = useState(initialToken);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const post = async (url: string, body: unknown) => {
    const res = await fetch(url, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw Object.assign(new Error(json?.error?.message ?? t('payment.genericError')), { status: res.status, code: json?.error?.code, fields: json?.error?.fields });
    return json;
  };
  const reload = async () => {
    const r = await fetch(`/api/orders/${orderId}/token`, { credentials: 'same-origin' }).then((x) => (x.ok ? x.json() : null)).catch(() => null);
    if (r?.token) setToken(r.token);
  };
  const pay = async (card?: CardSubmit, saved?: SavedCardSubmit, paymentMethod?: string) => {
    setBusy(true); setFailure(null);
    try {
      let card_token: string | undefined;
      if (card) card_token = (await post('/api/payments/cards/tokens', { name: card.name, number: card.number, cvc: card.cvc, exp_month: card.exp_month, exp_year: card.exp_year })).id;
      const r = await post(`/api/orders/${orderId}/pay`, {
        payment_type: method, token, card_token, card_id: saved?.card_id, payment_method: paymentMethod, msi_payments: card?.msi ?? saved?.msi ?? undefined, save_card: card?.save || undefined,
        return_path: `${base}/mis-compras/${orderId}`, cancel_path: `${base}/mis-compras/${orderId}?payment=canceled`,
      });
      const f = r.payment?.failure;
      if (f) {
        if (f.reload_token) await reload();
        setFailure(t(failureMessage(f)));
        setTimeout(() => setFailure(null), (f.notice?.seconds ?? 55) * 1000);
        return;
      }
      location.assign(base && r.redirect_to.startsWith('/mis-compras/') ? `${base}${r.redirect_to}` : r.redirect_to);
    } catch (e) { await reload(); const key = savedCardMessage(e as { code?: string; fields?: Record<string, string[]> }); setFailure(key ? t(key) : (e as Error).message); }
    finally { setBusy(false); }
  };
  const payPost = { action: `${base}/mis-compras/${orderId}`, fields: { [F.action]: PAY_ACTION, [F.method]: method, [F.token]: token } };
  return (
    <div className="order-pay">
      {failure && <p className="co-failure" role="alert">{failure}</p>}
      {flow === 'card' && stripeKey
        ? <StripeCardForm t={t} publishableKey={stripeKey} locale={texts.locale} busy={busy} submitLabel={t('payment.payDue', { amount: formatMoney(total, currency, texts.locale) })}
          onSubmit={(pm) => void pay(undefined, undefined, pm)} />
        : flow === 'card' && conektaKey !== null
        ? <ConektaCardForm t={t} publicKey={conektaKey} locale={texts.locale} busy={busy} onSubmit={(tok) => void pay(undefined, undefined, tok)} />
        : flow === 'card'
        ? <CardForm t={t} installments={[]} busy={busy} submitLabel={t('payment.payDue', { amount: formatMoney(total, currency, texts.locale) })} onSubmit={(c) => void pay(c)}
          savedCards={savedCards} onSubmitSaved={(s) => void pay(undefined, s)} offerSave={signedIn} post={payPost} />
        : (
          <IslandForm action={payPost.action} fields={payPost.fields} onSubmit={(e) => { e.preventDefault(); void pay(); }}>
            <button className="btn" type="submit" disabled={busy} aria-busy={busy}>{busy ? t('checkout.paying') : t('payment.payDue', { amount: formatMoney(total, currency, texts.locale) })}</button>
          </IslandForm>
        )}
    </div>
  );
}
