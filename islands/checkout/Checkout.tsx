// Checkout of one supplier order (seed 001 §2, §4, §5, §8) as one flow: contact, delivery address (saved or new) and
// attendees of experiences saved together by one 'continue' (only what changed), then the delivery method (rates),
// optional invoicing data and the payment method (the supplier's enabled ones). The order summary is a side column
// on wide screens and a collapsible panel on phones; the countdown offers a restart. Field errors (ours, then the
// API's `fields`) show at their fields; every submit shows it is busy; paying waits until nothing is missing.
// Cards are tokenised (POST /api/payments/cards/tokens) and paid with the checkout token, or a signed-in buyer pays
// with a saved card (card_id) and may save a new one; the browser follows redirect_to (3-D Secure, approval) or goes
// to the order. A declined card keeps the buyer here (the checkout stays `payable`): another card or method at once.
// Texts come from the page (`texts`, islands/checkout/i18n.ts) in the visitor's language.
import { useEffect, useState } from 'react';
import type { CheckoutView, DeliveryOption } from '../../src/domain/checkout/schema.ts';
import { formatMoney } from '../../src/lib/shared/money.ts';
import CardForm, { type CardSubmit, type SavedCardOption, type SavedCardSubmit } from './CardForm.tsx';
import StripeCardForm from './StripeCardForm.tsx';
import ConektaCardForm from './ConektaCardForm.tsx';
import { failureMessage, installmentOptions, savedCardMessage } from './card.ts';
import InvoicingForm, { type SaveError } from './InvoicingForm.tsx';
import { codeText, makeT, type IslandTexts, type T } from './i18n.ts';
import { checkoutFieldErrors } from './fields.ts';
import { PAY_ACTION, PAY_FIELDS as F, RESTART_ACTION } from '../../src/lib/shared/pay-form.ts';
import IslandForm, { useHydrationGate } from '../shared/form.tsx';
import './checkout.css';

export interface SavedAddressOption { id: string; address_name: string; street_address: string; postal_code: string; address_phone?: string }

interface Props {
  initial: CheckoutView; base: string; signedIn: boolean; savedAddresses: SavedAddressOption[];
  /** The signed-in buyer's saved cards (GET /api/payments/cards). */
  savedCards?: SavedCardOption[];
  /** Texts in the visitor's language (src/components/checkout/texts.ts). */
  texts: IslandTexts;
  /** The signed-in buyer's own details, when the checkout has no contact yet. */
  prefill?: { name: string; email: string; phone: string } | null;
  /** Back from a payment page that failed (?payment=failed): shown at the payment step. */
  initialFailure?: string | null;
  /** Why 'start again' (posted to the page) was refused, in the visitor's language. */
  restartError?: string | null;
}

/** The API answers order paths without the shop's path prefix (it runs outside the shop): add it. */
export const shopPath = (base: string, to: string) => (base && to.startsWith('/mis-compras/') ? `${base}${to}` : to);

/** What the buyer reads about a 'collection' branch: address, phone, hours. */
export function BranchDetails({ t, d }: { t: T; d: { address?: unknown; phone?: unknown; hours?: unknown } }) {
  return (
    <span className="co-branch">
      {typeof d.address === 'string' && d.address && <span>{d.address}</span>}
      {typeof d.phone === 'string' && d.phone && <span>{t('checkout.branchPhone')} <a href={`tel:${d.phone}`}>{d.phone}</a></span>}
      {typeof d.hours === 'string' && d.hours && <span>{t('checkout.branchHours', { hours: d.hours })}</span>}
    </span>
  );
}

type ApiError = Error & { fields?: Record<string, string[]>; status?: number; code?: string };

async function call<V>(url: string, method: string, body?: unknown): Promise<V> {
  const res = await fetch(url, { method, credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  if (!res.ok) {
    const err = new Error(json?.error?.message ?? '') as ApiError;
    err.fields = json?.error?.fields; err.status = res.status; err.code = json?.error?.code;
    throw err;
  }
  return json as V;
}

const optionKey = (o: DeliveryOption) => `${o.delivery_type}|${o.rate_id ?? ''}|${o.branch_id ?? ''}`;
const EMPTY_ADDRESS = { address_name: '', address_phone: '', street_address: '', street_number: '', locality: '', administrative_area_level_1: '', postal_code: '', save: true };
type Busy = null | 'continue' | 'delivery' | 'pay' | 'restart' | 'rates';

export default function Checkout({ initial, base, signedIn, savedAddresses, savedCards = [], texts, prefill = null, initialFailure = null, restartError = null }: Props) {
  const t = makeT(texts);
  const money = (n: number, cur = c.currency) => formatMoney(n, cur, texts.locale);
  const [c, setC] = useState<CheckoutView>(initial);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(initialFailure);
  const [showSummary, setShowSummary] = useState(false);
  const [left, setLeft] = useState(initial.seconds_left);
  const [contact, setContact] = useState(initial.contact ?? {
    name: prefill?.name ?? '', email: initial.guest_email ?? prefill?.email ?? '', phone: prefill?.phone ?? savedAddresses[0]?.address_phone ?? '',
  });
  // 'current': the checkout's own address (typed here, or saved after the page loaded); 'new': the form.
  const listed = (id: string | null) => id !== null && savedAddresses.some((a) => a.id === id);
  const [addressId, setAddressId] = useState<string>(listed(initial.address_id) ? initial.address_id! : initial.address ? 'current' : (savedAddresses[0]?.id ?? 'new'));
  const [addr, setAddr] = useState({ ...EMPTY_ADDRESS, address_name: prefill?.name ?? '', address_phone: prefill?.phone ?? '' });
  const [options, setOptions] = useState<DeliveryOption[] | null>(null);
  const [method, setMethod] = useState<string>(initial.payment_methods[0]?.method ?? '');
  const [picked, setPicked] = useState<string | null>(null);
  const [attendees, setAttendees] = useState<Record<string, { full_name: string; phone: string }[]>>(() => Object.fromEntries(initial.needs_attendees.map((n) => [
    n.product_id, Array.from({ length: n.count }, (_, j) => { const x = initial.attendees.filter((y) => y.product_id === n.product_id)[j]; return { full_name: x?.full_name ?? '', phone: x?.phone ?? '' }; }),
  ])));
  const [wantsInvoice, setWantsInvoice] = useState(Boolean(initial.invoicing));
  // The steps take input only once the island runs (typed earlier, it would be lost); the payment forms work before.
  const gate = useHydrationGate();
  const locked = c.status !== 'open';

  useEffect(() => {
    const id = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(id);
  }, []);
  useEffect(() => { setLeft(c.seconds_left); }, [c.expires_at, c.seconds_left]);
  // An address already chosen: its delivery options are shown at once.
  useEffect(() => { if (c.needs_delivery && c.address && !locked) void loadRates(c); }, []);

  const run = async <V,>(what: Busy, fn: () => Promise<V>): Promise<V | null> => {
    setBusy(what); setError(null);
    try { return await fn(); } catch (e) { setError((e as Error).message || t('payment.genericError')); return null; } finally { setBusy(null); }
  };

  const loadRates = (v: CheckoutView = c) => run('rates', async () => {
    const r = await call<{ options: DeliveryOption[]; messages: { message: string }[] }>(`/api/checkout/${v.id}/rates`, 'POST', v.address_id ? { address_id: v.address_id } : {});
    setOptions(r.options);
  });

  /** The endpoint's own rules before sending (islands/checkout/fields.ts), in the visitor's language. */
  const check = (): Record<string, string> => checkoutFieldErrors({
    contact,
    address: c.needs_delivery && addressId === 'new' && addressTyped() ? addr : null,
    attendees: flatAttendees(),
  }, t);
  const addressTyped = () => Boolean(addr.street_address.trim() || addr.postal_code.trim() || addr.locality.trim() || addr.street_number.trim());
  const flatAttendees = () => c.needs_attendees.flatMap((n) => (attendees[n.product_id] ?? []).map((a) => ({ product_id: n.product_id, ...a })));

  /** One 'continue': contact, address and attendees in one PATCH (only what changed), then the delivery options. */
  const continueSteps = async () => {
    const errs = check();
    setFieldErrors(errs);
    if (Object.keys(errs).length) { setError(t('checkout.fixErrors')); return; }
    const body: Record<string, unknown> = {};
    const prev = c.contact;
    if (!prev || prev.name !== contact.name || prev.email !== contact.email || prev.phone !== contact.phone) body.contact = contact;
    if (c.needs_delivery) {
      // No address typed: fine for picking up at a branch (the delivery step says when one is missing).
      if (addressId === 'new') { if (addressTyped()) body.address = { ...addr, country: 'MX' }; }
      else if (addressId !== 'current' && addressId !== c.address_id) body.address_id = addressId;
    }
    if (c.needs_attendees.length) {
      const list = flatAttendees();
      const same = list.length === c.attendees.length && list.every((a, i) => c.attendees[i]?.full_name === a.full_name && c.attendees[i]?.phone === a.phone && c.attendees[i]?.product_id === a.product_id);
      if (!same) body.attendees = list;
    }
    await run('continue', async () => {
      let v = c;
      if (Object.keys(body).length) {
        try {
          v = await call<CheckoutView>(`/api/checkout/${c.id}`, 'PATCH', body);
        } catch (e) {
          const fields = (e as ApiError).fields;
          if (fields) {
            setFieldErrors(Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, m[0] ?? t('checkout.fieldRequired')])));
            throw new Error(t('checkout.fixErrors'));
          }
          throw e;
        }
        setC(v);
        if (body.address) setAddressId('current');
      }
      if (v.needs_delivery) {
        const r = await call<{ options: DeliveryOption[] }>(`/api/checkout/${v.id}/rates`, 'POST', v.address_id ? { address_id: v.address_id } : {});
        setOptions(r.options);
      }
    });
  };

  const chooseDelivery = (o: DeliveryOption) => run('delivery', async () => {
    setC(await call<CheckoutView>(`/api/checkout/${c.id}/delivery`, 'PUT', { delivery_type: o.delivery_type, rate_id: o.rate_id, branch_id: o.branch_id, agency_id: o.agency_id }));
  });
  const restart = () => run('restart', async () => { setC(await call<CheckoutView>(`/api/checkout/${c.id}/restart`, 'POST')); });
  const reloadToken = async () => { try { setC(await call<CheckoutView>(`/api/checkout/${c.id}`, 'GET')); } catch { /* keep */ } };

  const saveInvoicing = async (invoicing: Record<string, string> | null) => {
    try {
      const v = await call<CheckoutView>(`/api/checkout/${c.id}`, 'PATCH', { invoicing });
      setC(v);
      return v.invoicing;
    } catch (e) {
      // Field errors arrive as invoicing.rfc ...: the form puts them on its fields.
      const fields = (e as SaveError).fields;
      if (fields) (e as SaveError).fields = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^invoicing\./, ''), v]));
      throw e;
    }
  };
  const toggleInvoice = (on: boolean) => {
    setWantsInvoice(on);
    if (!on && c.invoicing) void run('continue', () => saveInvoicing(null));
  };

  const showFailure = (message: string, seconds: number) => {
    setFailure(message);
    setTimeout(() => setFailure((m) => (m === message ? null : m)), seconds * 1000);
  };
  /** `paymentMethod`: Stripe.js's pm_... when Stripe plays the method (no card data comes through here then). */
  const pay = async (card?: CardSubmit, saved?: SavedCardSubmit, paymentMethod?: string) => {
    setFailure(null);
    await run('pay', async () => {
      let card_token: string | undefined;
      let msi: number | undefined;
      if (saved) {
        msi = saved.msi ?? undefined;
      } else if (card) {
        const tk = await call<{ id: string; card: { type: string } }>('/api/payments/cards/tokens', 'POST', { name: card.name, number: card.number, cvc: card.cvc, exp_month: card.exp_month, exp_year: card.exp_year });
        card_token = tk.id;
        if (card.msi) {
          if (!installmentOptions(tk.card.type).includes(card.msi as 3)) throw new Error(t('payment.noInstallments'));
          msi = card.msi;
        }
      }
      if (!c.token) throw new Error(t('payment.checkDetails'));
      try {
        const r = await call<{ redirect_to: string; payment: { failure: { code: string; message: string; reload_token: boolean; notice: { message: string; seconds: number } | null } | null } | null }>(
          `/api/checkout/${c.id}/pay`, 'POST', {
            payment_type: method, token: c.token, card_token, card_id: saved?.card_id, payment_method: paymentMethod, msi_payments: msi, save_card: card?.save || undefined,
            return_path: `${base}/comprar/${c.id}`, cancel_path: `${base}/comprar/${c.id}?payment=canceled`,
          });
        const f = r.payment?.failure;
        if (f) {
          if (f.reload_token) await reloadToken();
          showFailure(t(failureMessage(f)), f.notice?.seconds ?? 55);
          return;
        }
        location.assign(shopPath(base, r.redirect_to));
      } catch (e) {
        await reloadToken();
        if ((e as ApiError).status === 402) { showFailure(t('payment.failedNoTransaction'), 55); return; }
        const refused = savedCardMessage(e as ApiError);
        if (refused) throw new Error(t(refused));
        throw e;
      }
    });
  };

  const mm = String(Math.floor(left / 60)).padStart(2, '0');
  const ss = String(left % 60).padStart(2, '0');
  const m = c.payment_methods.find((x) => x.method === method);
  const isCard = m?.flow === 'card';
  // Stripe plays this card method here (payment_metadata from the server): its own card field, its own frame.
  const stripeMeta = c.payment_metadata[method] as { provider?: string; str_public_key?: string | null } | undefined;
  const stripeKey = stripeMeta?.provider === 'stripe' ? stripeMeta.str_public_key ?? null : null;
  // Conekta plays it: its card component (its own frame and button) makes the token.
  const conektaMeta = c.payment_metadata[method] as { provider?: string; ck_public_key?: string | null } | undefined;
  const conektaKey = conektaMeta?.provider === 'conekta' && isCard ? conektaMeta.ck_public_key ?? '' : null;
  const credit = c.instalments.map((i) => i.months);
  const blocked = !c.token || c.missing.length > 0;
  const methodName = (code: string) => codeText(t, 'payment.method', code, t('payment.methodOther'));
  // Posted to this page before hydration or without script: paid there with the same fields (src/components/checkout/pay-form.ts).
  const payPost = { action: `${base}/comprar/${c.id}`, fields: { [F.action]: PAY_ACTION, [F.method]: method, [F.token]: c.token ?? '' } };
  const err = (k: string) => fieldErrors[k];
  const input = (k: string) => ({ 'aria-invalid': Boolean(err(k)), 'aria-describedby': err(k) ? `fe-${k}` : undefined });
  const fieldError = (k: string) => err(k) && <span className="field-error" id={`fe-${k}`}>{err(k)}</span>;

  if (!c.payable) {
    // Never a dead end: an order goes to its page; a purchase whose time ran out offers to start again with the same
    // lines (a real form: the page restarts it before the island runs or without script), and the cart is one click away.
    const mayRestart = !c.order_id && (c.status === 'expired' || c.status === 'open');
    return (
      <div className="checkout">
        <div className="co-closed" data-testid="checkout-closed">
          <p><strong>{mayRestart ? t('checkout.expiredTitle') : t('checkout.closed')}</strong>{mayRestart && <> {t('checkout.expiredText')}</>}</p>
          {restartError && <p className="co-error" role="alert">{restartError}</p>}
          <div className="co-closed-actions">
            {c.order_id && <a className="btn" href={`${base}/mis-compras/${c.order_id}`}>{t('checkout.viewOrder')}</a>}
            {mayRestart && !restartError && (
              <IslandForm action={`${base}/comprar/${c.id}`} fields={{ [F.action]: RESTART_ACTION }}>
                <button type="submit" className="btn">{t('checkout.startAgain')}</button>
              </IslandForm>
            )}
            <a className={mayRestart && !restartError ? 'link-button' : 'btn'} href={`${base}/carrito`}>{t('checkout.backToCart')}</a>
          </div>
        </div>
      </div>
    );
  }

  const chosenLabel = () => {
    if (c.delivery_type === 'collection' && typeof c.delivery?.name === 'string') return t('checkout.pickUpAt', { name: c.delivery.name });
    const o = options?.find((x) => optionKey(x) === picked);
    if (o && (o.delivery_type === 'shipping' || o.delivery_type === 'to_branch')) return o.label;
    return codeText(t, 'orders.delivery', c.delivery_type, c.delivery_type ?? '');
  };
  let step = 0;

  return (
    <div className="checkout">
      <div className="co-main">
        {locked ? (
          <div className="co-retry" role="status" data-testid="checkout-retry">
            <strong>{t('checkout.retryTitle')}</strong>
            <span>{t('checkout.retryText')}</span>
          </div>
        ) : (
          <div className="co-countdown" role="timer" aria-live="off" {...gate}>
            <span>{left > 0 ? t('checkout.youHave', { time: `${mm}:${ss}` }) : t('checkout.timeExpired')}</span>
            <button type="button" className="link-button" onClick={() => void restart()} disabled={busy !== null}>{t('checkout.restartShort')}</button>
          </div>
        )}
        {error && <p className="co-error" role="alert">{error}</p>}

        {!locked && (
          <>
            <section className="co-step" {...gate}>
              <h2>{++step}. {t('checkout.stepContact')}</h2>
              {!signedIn && (
                <p className="muted small">{t('checkout.guestNote')} <a href={`/login?next=${encodeURIComponent(`${base}/comprar/${c.id}`)}`}>{t('checkout.signIn')}</a> {t('checkout.or')} <a href={`/signup?next=${encodeURIComponent(`${base}/comprar/${c.id}`)}`}>{t('checkout.createAccount')}</a>.</p>
              )}
              <div className="grid">
                <div className="co-field"><label>{t('checkout.name')}<input value={contact.name} onChange={(e) => setContact({ ...contact, name: e.target.value })} autoComplete="name" {...input('contact.name')} /></label>{fieldError('contact.name')}</div>
                <div className="co-field"><label>{t('checkout.email')}<input type="email" value={contact.email} onChange={(e) => setContact({ ...contact, email: e.target.value })} autoComplete="email" {...input('contact.email')} /></label>{fieldError('contact.email')}</div>
                <div className="co-field"><label>{t('checkout.phone')}<input type="tel" value={contact.phone} onChange={(e) => setContact({ ...contact, phone: e.target.value })} autoComplete="tel" {...input('contact.phone')} /></label>{fieldError('contact.phone')}</div>
              </div>
            </section>

            {c.needs_delivery && (
              <section className="co-step" {...gate}>
                <h2>{++step}. {t('checkout.stepAddress')}</h2>
                {(savedAddresses.length > 0 || c.address) && (
                  <div className="co-options">
                    {c.address && !listed(c.address_id) && (
                      <label className="co-option"><input type="radio" name="address" checked={addressId === 'current'} onChange={() => setAddressId('current')} /> {String(c.address.address_name ?? '')} — {String(c.address.formatted_address ?? c.address.street_address ?? '')}</label>
                    )}
                    {savedAddresses.map((a) => (
                      <label key={a.id} className="co-option"><input type="radio" name="address" checked={addressId === a.id} onChange={() => setAddressId(a.id)} /> {a.address_name} — {a.street_address}, {t('checkout.postalCodeShort', { code: a.postal_code })}</label>
                    ))}
                    <label className="co-option"><input type="radio" name="address" checked={addressId === 'new'} onChange={() => setAddressId('new')} /> {t('checkout.newAddress')}</label>
                  </div>
                )}
                {addressId === 'new' && (
                  <div className="grid">
                    {([
                      ['address_name', 'checkout.receiverName', 'name', 'text'], ['address_phone', 'checkout.phone', 'tel', 'tel'], ['street_address', 'checkout.street', 'address-line1', 'text'],
                      ['street_number', 'checkout.streetNumber', 'off', 'text'], ['locality', 'checkout.city', 'address-level2', 'text'],
                      ['administrative_area_level_1', 'checkout.state', 'address-level1', 'text'], ['postal_code', 'checkout.postalCode', 'postal-code', 'text'],
                    ] as const).map(([k, label, ac, type]) => (
                      <div className="co-field" key={k}><label>{t(label)}<input type={type} autoComplete={ac} inputMode={k === 'postal_code' ? 'numeric' : undefined} value={addr[k]}
                        onChange={(e) => setAddr({ ...addr, [k]: e.target.value })} {...input(`address.${k}`)} /></label>{fieldError(`address.${k}`)}</div>
                    ))}
                    {signedIn && <label className="check"><input type="checkbox" checked={addr.save} onChange={(e) => setAddr({ ...addr, save: e.target.checked })} /> {t('checkout.saveAddress')}</label>}
                  </div>
                )}
              </section>
            )}

            {c.needs_attendees.length > 0 && (
              <section className="co-step" {...gate}>
                <h2>{++step}. {t('checkout.stepAttendees')}</h2>
                {(() => {
                  let flat = -1;
                  return c.needs_attendees.map((n) => (attendees[n.product_id] ?? []).map((a, i) => {
                    flat++;
                    const at = flat;
                    const upd = (k: 'full_name' | 'phone', v: string) => setAttendees((all) => {
                      const list = [...(all[n.product_id] ?? [])];
                      list[i] = { ...list[i]!, [k]: v };
                      return { ...all, [n.product_id]: list };
                    });
                    return (
                      <div className="grid" key={`${n.product_id}-${i}`}>
                        <div className="co-field"><label>{t('checkout.attendee', { name: n.name, n: i + 1 })}<input value={a.full_name} autoComplete="off" onChange={(e) => upd('full_name', e.target.value)} {...input(`attendees.${at}.full_name`)} /></label>{fieldError(`attendees.${at}.full_name`)}</div>
                        <div className="co-field"><label>{t('checkout.phone')}<input type="tel" value={a.phone} autoComplete="off" onChange={(e) => upd('phone', e.target.value)} {...input(`attendees.${at}.phone`)} /></label>{fieldError(`attendees.${at}.phone`)}</div>
                      </div>
                    );
                  }));
                })()}
              </section>
            )}

            <div className="co-continue" {...gate}>
              <button type="button" className="btn" disabled={busy !== null} aria-busy={busy === 'continue'} onClick={() => void continueSteps()} data-testid="checkout-continue">
                {busy === 'continue' ? t('checkout.saving') : t('checkout.continue')}
              </button>
            </div>

            {c.needs_delivery && (
              <section className="co-step" {...gate}>
                <h2>{++step}. {t('checkout.stepDelivery')}</h2>
                {c.delivery_type && (
                  <div className="co-chosen">
                    <p>{t('checkout.chosen')} <strong>{chosenLabel()}</strong>{c.shipping_days !== null && <> · {t('checkout.days', { count: c.shipping_days })}</>}</p>
                    {c.delivery_type === 'collection' && c.delivery && <BranchDetails t={t} d={c.delivery} />}
                  </div>
                )}
                {options === null ? (
                  busy === 'rates' ? <p className="muted small" aria-busy="true">{t('checkout.loading')}</p>
                    : <button type="button" className="btn secondary" disabled={busy !== null} onClick={() => void loadRates()}>{t('checkout.showOptions')}</button>
                ) : (
                  <div className="co-options" aria-busy={busy === 'delivery'}>
                    {options.map((o) => (
                      <label key={optionKey(o)} className="co-option">
                        <input type="radio" name="delivery" disabled={busy === 'delivery'} checked={picked !== null ? picked === optionKey(o) : c.delivery_type === o.delivery_type && (!o.rate_id || c.delivery?.rate_id === o.rate_id) && (!o.branch_id || c.delivery?.branch_id === o.branch_id)}
                          onChange={() => { setPicked(optionKey(o)); void chooseDelivery(o); }} />
                        {o.delivery_type === 'collection' ? (
                          <span className="co-option-text">
                            <span><strong>{t('checkout.pickUpAt', { name: o.label })}</strong> — {t('checkout.free')}</span>
                            <BranchDetails t={t} d={o} />
                          </span>
                        ) : (
                          <span className="co-option-text">{o.delivery_type === 'shipping' || o.delivery_type === 'to_branch' ? o.label : codeText(t, 'orders.delivery', o.delivery_type, o.label)} — {money(o.cost, o.currency)}{o.days !== null && <> · {t('checkout.days', { count: o.days })}</>}{o.address && <> · {o.address}</>}</span>
                        )}
                      </label>
                    ))}
                    {options.length === 0 && <p className="muted">{t('checkout.noOptions')}</p>}
                  </div>
                )}
              </section>
            )}

            <section className="co-step" aria-labelledby="co-invoice-title" {...gate}>
              <h2 id="co-invoice-title">{t('checkout.stepInvoice')} <span className="muted small">{t('checkout.optional')}</span></h2>
              <label className="check"><input type="checkbox" checked={wantsInvoice} disabled={busy !== null} onChange={(e) => toggleInvoice(e.target.checked)} /> {t('checkout.wantInvoice')}</label>
              {wantsInvoice && (
                <InvoicingForm t={t} initial={c.invoicing} onSave={saveInvoicing} onCancel={() => setWantsInvoice(false)} />
              )}
            </section>
          </>
        )}

        <section className="co-step" aria-labelledby="co-pay-title">
          <h2 id="co-pay-title">{locked ? '' : `${++step}. `}{t('checkout.stepPayment')}</h2>
          {failure && <p className="co-failure" role="alert" data-testid="payment-failure">{failure}</p>}
          {!locked && c.missing.length > 0 && (
            <p className="muted small" data-testid="checkout-missing">{t('checkout.missing', { list: c.missing.map((x) => codeText(t, 'checkout.missing', x, x)).join(', ') })}</p>
          )}
          <div className="co-options" {...gate}>
            {c.payment_methods.map((p) => (
              <label key={p.method} className="co-option"><input type="radio" name="payment" checked={method === p.method} onChange={() => setMethod(p.method)} /> {methodName(p.method)}</label>
            ))}
            {c.payment_methods.length === 0 && <p className="co-error">{t('checkout.noMethods')}</p>}
          </div>
          {isCard && stripeKey ? (
            <StripeCardForm t={t} publishableKey={stripeKey} locale={texts.locale} busy={busy === 'pay'} blocked={blocked || (busy !== null && busy !== 'pay')}
              submitLabel={t('checkout.pay', { amount: money(c.total) })} onSubmit={(pm) => void pay(undefined, undefined, pm)} />
          ) : conektaKey !== null ? (
            <ConektaCardForm t={t} publicKey={conektaKey} locale={texts.locale} busy={busy === 'pay'} blocked={blocked || (busy !== null && busy !== 'pay')}
              onSubmit={(tok) => void pay(undefined, undefined, tok)} />
          ) : isCard ? (
            <CardForm t={t} installments={m?.installments ? credit : []} monthly={(n) => { const i = c.instalments.find((x) => x.months === n); return i ? money(i.monthly_amount) : null; }} busy={busy === 'pay'} blocked={blocked || (busy !== null && busy !== 'pay')} submitLabel={t('checkout.pay', { amount: money(c.total) })}
              onSubmit={(card) => void pay(card)} savedCards={signedIn ? savedCards : []} onSubmitSaved={(s) => void pay(undefined, s)} offerSave={signedIn} post={payPost} />
          ) : method ? (
            <IslandForm action={payPost.action} fields={payPost.fields} onSubmit={(e) => { e.preventDefault(); void pay(); }}>
              {m?.flow === 'bank_transfer' && <p className="muted small">{t('checkout.bankTransferNote')}</p>}
              {m?.flow === 'store_cash' && <p className="muted small">{t('checkout.storeCashNote')}</p>}
              {m?.flow === 'deposit' && <p className="muted small">{t('checkout.depositNote')}</p>}
              {m?.flow === 'crypto' && <p className="muted small">{t('checkout.cryptoNote')}</p>}
              {m?.flow === 'redirect' && <p className="muted small">{t('checkout.redirectNote', { name: methodName(method) })}</p>}
              {m?.flow === 'cash_on_delivery' && <p className="muted small">{t('checkout.cashNote')}</p>}
              <button type="submit" className="btn" disabled={busy !== null || blocked} aria-busy={busy === 'pay'}>{busy === 'pay' ? t('checkout.paying') : t('checkout.pay', { amount: money(c.total) })}</button>
            </IslandForm>
          ) : null}
        </section>
      </div>

      <aside className={`co-summary${showSummary ? ' open' : ''}`} aria-labelledby="co-summary-title">
        <h2 id="co-summary-title" className="co-summary-title">{t('checkout.summary')}</h2>
        <button type="button" className="co-toggle" aria-expanded={showSummary} aria-controls="co-summary-body" onClick={() => setShowSummary((s) => !s)} {...gate}>
          <span>{showSummary ? t('checkout.hideSummary') : t('checkout.showSummary')}</span> <strong>{money(c.total)}</strong>
        </button>
        <ul id="co-summary-body" className="co-summary-body">
          {c.lines.map((l) => (
            <li key={`${l.product_id}${JSON.stringify(l.variant)}`}>
              {l.photo ? <img src={l.photo} alt="" className="cart-thumb" /> : <span className="cart-thumb" />}
              <span className="co-line-name">{l.amount} × {l.name} {Object.values(l.variant).join(' / ')}</span>
              <span>{money(l.line_total)}</span>
            </li>
          ))}
          <li><span>{t('checkout.itemsTotal')}</span><span>{money(c.items_total)}</span></li>
          {c.needs_delivery && <li><span>{t('checkout.shippingTotal')}</span><span>{c.delivery_type ? money(c.shipping_total) : t('checkout.toBeChosen')}</span></li>}
          <li className="total"><span>{t('checkout.total')}</span><span>{money(c.total)}</span></li>
        </ul>
      </aside>
    </div>
  );
}
