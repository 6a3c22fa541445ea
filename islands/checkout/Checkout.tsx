// Checkout of one supplier order (seed 001 §2, §4, §5, §8): contact, delivery address (saved or new), delivery
// method (rates), attendees of experiences, payment method (the supplier's enabled ones), order summary toggle and
// the countdown with restart. Cards are tokenised (POST /api/payments/cards/tokens) and paid with the checkout
// token, or a signed-in buyer pays with a saved card (card_id) and may save a new one; the browser follows
// redirect_to (3-D Secure, next action, approval) or goes to the order. Invoicing data (optional) goes with the order.
import { useEffect, useState } from 'react';
import type { CheckoutView, DeliveryOption } from '../../src/domain/checkout/schema.ts';
import { formatMoney } from '../../src/lib/shared/money.ts';
import CardForm, { type CardSubmit, type SavedCardOption, type SavedCardSubmit } from './CardForm.tsx';
import { installmentOptions, savedCardMessage } from './card.ts';
import InvoicingForm, { type SaveError } from './InvoicingForm.tsx';
import { DELIVERY_LABEL } from './labels.ts';
import { PAY_ACTION, PAY_FIELDS as F } from '../../src/lib/shared/pay-form.ts';
import IslandForm, { useHydrationGate } from '../shared/form.tsx';
import './checkout.css';

interface Props {
  initial: CheckoutView; base: string; signedIn: boolean; savedAddresses: { id: string; address_name: string; street_address: string; postal_code: string }[];
  /** The signed-in buyer's saved cards (GET /api/payments/cards). */
  savedCards?: SavedCardOption[];
}

/** The API answers order paths without the shop's path prefix (it runs outside the shop): add it. */
export const shopPath = (base: string, to: string) => (base && to.startsWith('/mis-compras/') ? `${base}${to}` : to);

export const PAYMENT_FAILED = 'El intento de pago falló y no fue posible completar la transacción.';

/** What the buyer reads about a 'collection' branch: address, phone, hours. */
export function BranchDetails({ d }: { d: { address?: unknown; phone?: unknown; hours?: unknown } }) {
  return (
    <span className="co-branch">
      {typeof d.address === 'string' && d.address && <span>{d.address}</span>}
      {typeof d.phone === 'string' && d.phone && <span>Tel. <a href={`tel:${d.phone}`}>{d.phone}</a></span>}
      {typeof d.hours === 'string' && d.hours && <span>Horario: {d.hours}</span>}
    </span>
  );
}

async function call<T>(url: string, method: string, body?: unknown): Promise<T> {
  const res = await fetch(url, { method, credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  if (!res.ok) {
    const err = new Error(json?.error?.message ?? 'An error has occurred') as Error & { fields?: Record<string, string[]>; status?: number; code?: string };
    err.fields = json?.error?.fields; err.status = res.status; err.code = json?.error?.code;
    throw err;
  }
  return json as T;
}

const optionKey = (o: DeliveryOption) => `${o.delivery_type}|${o.rate_id ?? ''}|${o.branch_id ?? ''}`;

export default function Checkout({ initial, base, signedIn, savedAddresses, savedCards = [] }: Props) {
  const [c, setC] = useState<CheckoutView>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [showSummary, setShowSummary] = useState(false);
  const [left, setLeft] = useState(initial.seconds_left);
  const [contact, setContact] = useState(initial.contact ?? { name: '', email: initial.guest_email ?? '', phone: '' });
  const [addressId, setAddressId] = useState<string>(initial.address_id ?? (savedAddresses[0]?.id ?? 'new'));
  const [addr, setAddr] = useState({ address_name: '', address_phone: '', street_address: '', street_number: '', locality: '', administrative_area_level_1: '', postal_code: '', save: true });
  const [options, setOptions] = useState<DeliveryOption[] | null>(null);
  const [method, setMethod] = useState<string>(initial.payment_methods[0]?.method ?? '');
  const [picked, setPicked] = useState<string | null>(null);
  const [attendees, setAttendees] = useState<Record<string, { full_name: string; phone: string }[]>>({});
  const [wantsInvoice, setWantsInvoice] = useState(Boolean(initial.invoicing));
  // The steps take input only once the island runs (typed earlier, it would be lost); the payment forms work before.
  const gate = useHydrationGate();

  useEffect(() => {
    const t = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(t);
  }, []);
  useEffect(() => { setLeft(c.seconds_left); }, [c.expires_at, c.seconds_left]);

  const run = async <T,>(fn: () => Promise<T>): Promise<T | null> => {
    setBusy(true); setError(null);
    try { return await fn(); } catch (e) { setError((e as Error).message); return null; } finally { setBusy(false); }
  };
  const patch = (body: unknown) => run(async () => { const v = await call<CheckoutView>(`/api/checkout/${c.id}`, 'PATCH', body); setC(v); return v; });

  const saveContact = () => patch({ contact });
  const saveAddress = async () => {
    const v = addressId === 'new' ? await patch({ address: { ...addr, country: 'MX' } }) : await patch({ address_id: addressId });
    if (v) await loadRates(v);
  };
  const loadRates = (v: CheckoutView = c) => run(async () => {
    const r = await call<{ options: DeliveryOption[]; messages: { message: string }[] }>(`/api/checkout/${v.id}/rates`, 'POST', v.address_id ? { address_id: v.address_id } : {});
    setOptions(r.options);
    if (r.messages.length && !r.options.length) setError(r.messages.map((m) => m.message).join(' '));
  });
  const chooseDelivery = (o: DeliveryOption) => run(async () => {
    setC(await call<CheckoutView>(`/api/checkout/${c.id}/delivery`, 'PUT', { delivery_type: o.delivery_type, rate_id: o.rate_id, branch_id: o.branch_id, agency_id: o.agency_id }));
  });
  const restart = () => run(async () => { setC(await call<CheckoutView>(`/api/checkout/${c.id}/restart`, 'POST')); });
  const saveAttendees = () => patch({ attendees: Object.entries(attendees).flatMap(([product_id, list]) => list.map((a) => ({ product_id, ...a }))) });

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
    if (!on && c.invoicing) void run(() => saveInvoicing(null));
  };

  const pay = async (card?: CardSubmit, saved?: SavedCardSubmit) => {
    setFailure(null);
    await run(async () => {
      let card_token: string | undefined;
      let msi: number | undefined;
      if (saved) {
        msi = saved.msi ?? undefined;
      } else if (card) {
        const t = await call<{ id: string; card: { type: string } }>('/api/payments/cards/tokens', 'POST', { name: card.name, number: card.number, cvc: card.cvc, exp_month: card.exp_month, exp_year: card.exp_year });
        card_token = t.id;
        if (card.msi) {
          if (!installmentOptions(t.card.type).includes(card.msi as 3)) throw new Error('Card does not accept installments, try a credit card');
          msi = card.msi;
        }
      }
      if (!c.token) throw new Error('Completa los pasos anteriores para pagar');
      try {
        const r = await call<{ redirect_to: string; payment: { failure: { message: string; reload_token: boolean; notice: { message: string; seconds: number } | null } | null } | null }>(
          `/api/checkout/${c.id}/pay`, 'POST', {
            payment_type: method, token: c.token, card_token, card_id: saved?.card_id, msi_payments: msi, save_card: card?.save || undefined,
            return_path: `${base}/comprar/${c.id}`, cancel_path: `${base}/comprar/${c.id}?payment=canceled`,
          });
        const f = r.payment?.failure;
        if (f) {
          if (f.reload_token) await reloadToken();
          showFailure(f.notice?.message ?? f.message, f.notice?.seconds ?? 55);
          return;
        }
        location.assign(shopPath(base, r.redirect_to));
      } catch (e) {
        await reloadToken();
        if ((e as { status?: number }).status === 402) { showFailure((e as Error).message || PAYMENT_FAILED, 55); return; }
        const refused = savedCardMessage(e as { code?: string; fields?: Record<string, string[]> });
        if (refused) throw new Error(refused);
        throw e;
      }
    });
  };
  const showFailure = (message: string, seconds: number) => {
    setFailure(message);
    setTimeout(() => setFailure((m) => (m === message ? null : m)), seconds * 1000);
  };

  const mm = String(Math.floor(left / 60)).padStart(2, '0');
  const ss = String(left % 60).padStart(2, '0');
  const m = c.payment_methods.find((x) => x.method === method);
  const isCard = m?.flow === 'card';
  const credit = c.instalments.map((i) => i.months);
  // Posted to this page before hydration or without script: paid there with the same fields (src/components/checkout/pay-form.ts).
  const payPost = { action: `${base}/comprar/${c.id}`, fields: { [F.action]: PAY_ACTION, [F.method]: method, [F.token]: c.token ?? '' } };

  if (c.status !== 'open') {
    return <div className="checkout"><p>Esta compra ya no está abierta ({c.status}).{c.order_id && <> <a href={`${base}/mis-compras/${c.order_id}`}>Ver el pedido</a></>}</p></div>;
  }

  return (
    <div className="checkout">
      <div className="co-countdown" role="timer" aria-live="off" {...gate}>
        <span>{left > 0 ? <>Tienes <strong>{mm}:{ss}</strong> para completar tu compra</> : <>El tiempo para completar la compra expiró.</>}</span>
        <button type="button" className="link-button" onClick={() => void restart()} disabled={busy}>Reiniciar</button>
      </div>
      {error && <p className="co-error" role="alert">{error}</p>}
      {failure && <p className="co-failure" role="alert" data-testid="payment-failure">{failure}</p>}

      <section className="co-summary" {...gate}>
        <button type="button" className="co-toggle" aria-expanded={showSummary} onClick={() => setShowSummary((s) => !s)}>
          {showSummary ? 'Ocultar' : 'Mostrar'} resumen del pedido <strong>{formatMoney(c.total, c.currency)}</strong>
        </button>
        {showSummary && (
          <ul>
            {c.lines.map((l) => (
              <li key={`${l.product_id}${JSON.stringify(l.variant)}`}>
                {l.photo && <img src={l.photo} alt="" className="cart-thumb" />}
                <span>{l.amount} × {l.name} {Object.values(l.variant).join(' / ')}</span>
                <span>{formatMoney(l.line_total, c.currency)}</span>
              </li>
            ))}
            <li><span>Productos</span><span>{formatMoney(c.items_total, c.currency)}</span></li>
            <li><span>Envío</span><span>{formatMoney(c.shipping_total, c.currency)}</span></li>
            <li className="total"><span>Total</span><span>{formatMoney(c.total, c.currency)}</span></li>
          </ul>
        )}
      </section>

      <section className="co-step" {...gate}>
        <h2>1. Contacto</h2>
        {!signedIn && <p className="muted small">Compras como invitado. <a href={`/login?next=${encodeURIComponent(`${base}/comprar/${c.id}`)}`}>Inicia sesión</a> o <a href={`/signup?next=${encodeURIComponent(`${base}/comprar/${c.id}`)}`}>crea una cuenta</a>.</p>}
        <div className="grid">
          <label>Nombre<input value={contact.name} onChange={(e) => setContact({ ...contact, name: e.target.value })} autoComplete="name" /></label>
          <label>Correo<input type="email" value={contact.email} onChange={(e) => setContact({ ...contact, email: e.target.value })} autoComplete="email" /></label>
          <label>Teléfono<input type="tel" value={contact.phone} onChange={(e) => setContact({ ...contact, phone: e.target.value })} autoComplete="tel" /></label>
        </div>
        <button type="button" className="btn" disabled={busy} onClick={() => void saveContact()}>Guardar contacto</button>
      </section>

      {c.needs_delivery && (
        <section className="co-step" {...gate}>
          <h2>2. Dirección de entrega</h2>
          {savedAddresses.length > 0 && (
            <div className="co-options">
              {savedAddresses.map((a) => (
                <label key={a.id} className="co-option"><input type="radio" name="address" checked={addressId === a.id} onChange={() => setAddressId(a.id)} /> {a.address_name} — {a.street_address}, CP {a.postal_code}</label>
              ))}
              <label className="co-option"><input type="radio" name="address" checked={addressId === 'new'} onChange={() => setAddressId('new')} /> Nueva dirección</label>
            </div>
          )}
          {addressId === 'new' && (
            <div className="grid">
              <label>Nombre de quien recibe<input value={addr.address_name} onChange={(e) => setAddr({ ...addr, address_name: e.target.value })} /></label>
              <label>Teléfono<input type="tel" value={addr.address_phone} onChange={(e) => setAddr({ ...addr, address_phone: e.target.value })} /></label>
              <label>Calle<input value={addr.street_address} onChange={(e) => setAddr({ ...addr, street_address: e.target.value })} /></label>
              <label>Número<input value={addr.street_number} onChange={(e) => setAddr({ ...addr, street_number: e.target.value })} /></label>
              <label>Ciudad<input value={addr.locality} onChange={(e) => setAddr({ ...addr, locality: e.target.value })} /></label>
              <label>Estado<input value={addr.administrative_area_level_1} onChange={(e) => setAddr({ ...addr, administrative_area_level_1: e.target.value })} /></label>
              <label>Código postal<input inputMode="numeric" value={addr.postal_code} onChange={(e) => setAddr({ ...addr, postal_code: e.target.value })} /></label>
              {signedIn && <label className="check"><input type="checkbox" checked={addr.save} onChange={(e) => setAddr({ ...addr, save: e.target.checked })} /> Guardar esta dirección</label>}
            </div>
          )}
          <button type="button" className="btn" disabled={busy} onClick={() => void saveAddress()}>Usar esta dirección</button>
        </section>
      )}

      <section className="co-step" {...gate}>
        <h2>{c.needs_delivery ? '3' : '2'}. Entrega</h2>
        {c.delivery_type && (
          <div className="co-chosen">
            <p>Elegido: <strong>{c.delivery_type === 'collection' && typeof c.delivery?.name === 'string'
              ? `Recoger en ${c.delivery.name}`
              : options?.find((o) => optionKey(o) === picked)?.label ?? DELIVERY_LABEL[c.delivery_type] ?? c.delivery_type}</strong>{c.shipping_days !== null && <> · {c.shipping_days} días</>}</p>
            {c.delivery_type === 'collection' && c.delivery && <BranchDetails d={c.delivery} />}
          </div>
        )}
        {options === null ? (
          <button type="button" className="btn secondary" disabled={busy} onClick={() => void loadRates()}>Ver opciones de entrega</button>
        ) : (
          <div className="co-options">
            {options.map((o) => (
              <label key={optionKey(o)} className="co-option">
                <input type="radio" name="delivery" checked={picked !== null ? picked === optionKey(o) : c.delivery_type === o.delivery_type && (!o.rate_id || c.delivery?.rate_id === o.rate_id) && (!o.branch_id || c.delivery?.branch_id === o.branch_id)}
                  onChange={() => { setPicked(optionKey(o)); void chooseDelivery(o); }} />
                {o.delivery_type === 'collection' ? (
                  <span className="co-option-text">
                    <span><strong>Recoger en {o.label}</strong> — sin costo</span>
                    <BranchDetails d={o} />
                  </span>
                ) : (
                  <span className="co-option-text">{o.label} — {formatMoney(o.cost, o.currency)}{o.days !== null && <> · {o.days} días</>}{o.address && <> · {o.address}</>}</span>
                )}
              </label>
            ))}
            {options.length === 0 && <p className="muted">No hay opciones de entrega para esta dirección.</p>}
          </div>
        )}
      </section>

      {c.needs_attendees.length > 0 && (
        <section className="co-step" {...gate}>
          <h2>Asistentes</h2>
          {c.needs_attendees.map((n) => Array.from({ length: n.count }, (_, i) => {
            const a = attendees[n.product_id]?.[i] ?? c.attendees.filter((x) => x.product_id === n.product_id)[i] ?? { full_name: '', phone: '' };
            const upd = (k: 'full_name' | 'phone', v: string) => setAttendees((all) => {
              const list = [...(all[n.product_id] ?? Array.from({ length: n.count }, (_, j) => { const x = c.attendees.filter((y) => y.product_id === n.product_id)[j]; return { full_name: x?.full_name ?? '', phone: x?.phone ?? '' }; }))];
              list[i] = { ...list[i]!, [k]: v };
              return { ...all, [n.product_id]: list };
            });
            return (
              <div className="grid" key={`${n.product_id}-${i}`}>
                <label>{n.name} · asistente {i + 1}<input value={a.full_name} onChange={(e) => upd('full_name', e.target.value)} /></label>
                <label>Teléfono<input type="tel" value={a.phone} onChange={(e) => upd('phone', e.target.value)} /></label>
              </div>
            );
          }))}
          <button type="button" className="btn" disabled={busy} onClick={() => void saveAttendees()}>Guardar asistentes</button>
        </section>
      )}

      <section className="co-step" aria-labelledby="co-invoice-title" {...gate}>
        <h2 id="co-invoice-title">Facturación <span className="muted small">(opcional)</span></h2>
        <label className="check"><input type="checkbox" checked={wantsInvoice} disabled={busy} onChange={(e) => toggleInvoice(e.target.checked)} /> Quiero factura</label>
        {wantsInvoice && (
          <InvoicingForm initial={c.invoicing} onSave={saveInvoicing} onCancel={() => setWantsInvoice(false)} />
        )}
      </section>

      <section className="co-step">
        <h2>Pago</h2>
        {c.missing.length > 0 && <p className="muted small">Falta: {c.missing.join(', ')}</p>}
        <div className="co-options" {...gate}>
          {c.payment_methods.map((p) => (
            <label key={p.method} className="co-option"><input type="radio" name="payment" checked={method === p.method} onChange={() => setMethod(p.method)} /> {p.label}</label>
          ))}
          {c.payment_methods.length === 0 && <p className="co-error">Purchase cannot be made at the moment (supplier configuration missing)</p>}
        </div>
        {isCard ? (
          <CardForm installments={m?.installments ? credit : []} busy={busy || !c.token} submitLabel={`Pagar ${formatMoney(c.total, c.currency)}`} onSubmit={(card) => void pay(card)}
            savedCards={signedIn ? savedCards : []} onSubmitSaved={(saved) => void pay(undefined, saved)} offerSave={signedIn} post={payPost} />
        ) : method ? (
          <IslandForm action={payPost.action} fields={payPost.fields} onSubmit={(e) => { e.preventDefault(); void pay(); }}>
            {m?.flow === 'bank_transfer' && <p className="muted small">Recibirás una referencia para transferir; vence en 1 hora.</p>}
            {m?.flow === 'store_cash' && <p className="muted small">Recibirás una referencia para pagar en tienda.</p>}
            <button type="submit" className="btn" disabled={busy || !c.token}>Pagar {formatMoney(c.total, c.currency)}</button>
          </IslandForm>
        ) : null}
      </section>
    </div>
  );
}
