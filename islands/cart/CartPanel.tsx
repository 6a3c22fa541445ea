// The cart's content (seed 001 §2, §3, §9): one block per supplier order with its lines, savings and total, quantity
// inputs, remove, and the pay button (blocked with the supplier-missing-configuration warning when the supplier is
// not configured). Signed-in shoppers use the server cart (/api/cart); anonymous ones the local nanostore.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CartOrder, CartView, Notice } from '../../src/domain/cart/schema.ts';
import { formatMoney } from '../../src/lib/shared/money.ts';
import { CART_WARNING_TOAST_MS } from '../../src/lib/shared/constants.ts';
import { $cartCount, localCart, refreshLocal, removeLocal, setLocalAmount, type LocalItem } from '../stores/cart.ts';
import QuantityInput from './QuantityInput.tsx';
import { CART_CHECKOUT_ACTION } from '../../src/lib/shared/pay-form.ts';
import IslandForm from '../shared/form.tsx';
import { fill } from '../shared/fill.ts';
import { noticeText, type CartLabels } from './labels.ts';

/** Notice codes shown as the 7 s warning toast (seed 001 §8). */
const WARN_CODES = new Set(['insufficient_stock', 'unavailable_for_sale', 'out_of_stock', 'quantity_exceeded', 'max_purchase_amount_exceeded',
  'supplier_not_configured', 'slug_public_was_alrready_generated', 'not_found', 'conflict', 'variant_required']);

export interface CartPanelProps {
  shop: string; base: string; signedIn: boolean; initial?: CartView | null; active?: boolean;
  /** An anonymous shopper's lines as the server rendered them (the cart's cookie; src/components/store/guest-cart.ts):
   * shown until the island runs, then the browser's cart, refreshed with the server's names, prices and stock. */
  initialLocal?: LocalItem[] | null;
  /** The page's texts (islands/cart/labels.ts) and locale (money formats). */
  labels: CartLabels; locale?: string;
  /** The level of each supplier's heading: 2 under the cart page's h1, 3 (default) under the drawer's h2. */
  level?: 2 | 3;
}
export type RequestState = { status: 'idle' | 'loading' | 'error'; error: string | null };

async function api(url: string, failed: string, init?: RequestInit): Promise<CartView> {
  const res = await fetch(url, { credentials: 'same-origin', ...init, headers: { 'content-type': 'application/json', ...(init?.headers ?? {}) } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.error?.message ?? failed);
  return body as CartView;
}

/** Local items grouped like the server's cart orders (per supplier and currency). */
export function localOrders(items: LocalItem[]): { key: string; supplier: string; currency: string; lines: { item: LocalItem; index: number }[]; total: number; savings: number }[] {
  const groups = new Map<string, { key: string; supplier: string; currency: string; lines: { item: LocalItem; index: number }[]; total: number; savings: number }>();
  items.forEach((item, index) => {
    const key = `${item.supplier}|${item.currency}`;
    let g = groups.get(key);
    if (!g) { g = { key, supplier: item.supplier, currency: item.currency, lines: [], total: 0, savings: 0 }; groups.set(key, g); }
    g.lines.push({ item, index });
    g.total += item.unit_price * item.amount;
    if (item.crossout_price && item.crossout_price > item.unit_price) g.savings += (item.crossout_price - item.unit_price) * item.amount;
  });
  return [...groups.values()];
}

const NO_LINES: LocalItem[] = [];

/** Guests start the checkout on the checkout page (e-mail needed); the lines travel in the URL. */
export const guestStartPath = (base: string, items: LocalItem[]) =>
  `${base}/comprar/nuevo?items=${encodeURIComponent(JSON.stringify(items.map((i) => ({ product_id: i.product_id, variant: i.variant, amount: i.amount }))))}`;

export default function CartPanel({ shop, base, signedIn, initial = null, active = true, labels: L, locale, initialLocal = null, level = 3 }: CartPanelProps) {
  const H = level === 2 ? 'h2' : 'h3';
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale);
  const stored = useStore(localCart(shop));
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (!signedIn && initialLocal?.length) refreshLocal(shop, initialLocal);
    setMounted(true);
  }, [shop, signedIn, initialLocal]);
  const local = mounted ? stored : (initialLocal ?? NO_LINES);
  const [view, setView] = useState<CartView | null>(initial);
  const [state, setState] = useState<RequestState>({ status: 'idle', error: null });
  const [toast, setToast] = useState<string | null>(null);
  const toastTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const warn = useCallback((message: string) => {
    setToast(message);
    if (toastTimer.current) clearTimeout(toastTimer.current);
    toastTimer.current = setTimeout(() => setToast(null), CART_WARNING_TOAST_MS);
  }, []);
  useEffect(() => () => { if (toastTimer.current) clearTimeout(toastTimer.current); }, []);

  const apply = useCallback((v: CartView) => {
    setView(v);
    $cartCount.set(v.amount);
    const n = v.notices.find((x: Notice) => WARN_CODES.has(x.code));
    if (n) warn(noticeText(n, L));
  }, [warn, L]);

  const run = useCallback(async (p: Promise<CartView>) => {
    setState({ status: 'loading', error: null });
    try { apply(await p); setState({ status: 'idle', error: null }); }
    catch (e) { setState({ status: 'error', error: (e as Error).message }); }
  }, [apply]);

  // Loads the orders while open (signed-in shoppers).
  useEffect(() => {
    if (!signedIn || !active) return;
    void run(api(`/api/cart?shop=${encodeURIComponent(shop)}`, L.failed));
  }, [signedIn, active, shop, run, L.failed]);

  useEffect(() => { if (!signedIn) $cartCount.set(local.reduce((n, i) => n + i.amount, 0)); }, [signedIn, local]);

  const busy = state.status === 'loading';
  const setAmount = (id: string, amount: number) => run(api(`/api/cart/items/${id}`, L.failed, { method: 'PATCH', body: JSON.stringify({ shop, amount }) }));
  const remove = (id: string) => run(api(`/api/cart/items/${id}?shop=${encodeURIComponent(shop)}`, L.failed, { method: 'DELETE' }));

  const checkout = async (o: CartOrder | null, items?: LocalItem[]) => {
    if (o?.blocked?.code === 'supplier_not_configured' || (o && !o.is_configured)) { warn(L.notConfigured); return; }
    if (o?.blocked) { warn(noticeText(o.blocked, L)); return; }
    if (!signedIn && items) { location.assign(guestStartPath(base, items)); return; }
    setState({ status: 'loading', error: null });
    try {
      const res = await fetch('/api/checkout', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shop, supplier_id: o!.supplier.id, currency: o!.currency }) });
      const body = await res.json().catch(() => null);
      if (!res.ok) throw new Error(body?.error?.message ?? L.notConfigured);
      location.assign(`${base}/comprar/${body.id}`);
    } catch (e) { setState({ status: 'error', error: null }); warn((e as Error).message); }
  };

  const empty = signedIn ? (view ? view.orders.length === 0 : state.status !== 'loading') : (mounted || initialLocal !== null) && local.length === 0;

  return (
    <div className="cart-panel" aria-busy={busy}>
      {toast && <div className="cart-toast" role="alert" data-testid="cart-toast">{toast}</div>}
      {state.status === 'error' && state.error && <p className="cart-error" role="alert">{state.error}</p>}
      {signedIn && !view && busy && <p className="muted">{L.loading}</p>}
      {empty && (
        <div className="cart-empty-box">
          <p className="cart-empty">{L.empty}</p>
          <p className="muted small">{L.emptyHint}</p>
          <a className="btn" href={`${base}/`}>{L.keepShopping}</a>
        </div>
      )}
      {signedIn && view?.orders.map((o) => (
        <section className="cart-order" key={o.key} aria-label={o.supplier.name}>
          <H>{o.supplier.name}</H>
          <ul>
            {o.products.map((l) => (
              <li className="cart-line" key={l.item_id}>
                {l.photo ? <img src={l.photo} alt="" className="cart-thumb" /> : <span className="cart-thumb" />}
                <div className="cart-line-info">
                  <strong>{l.name}</strong>
                  {Object.entries(l.variant).map(([k, v]) => <span key={k} className="muted small"> {k}: {v}</span>)}
                  <span className="price">{money(l.unit_price, l.currency)}
                    {l.crossout_price !== null && l.crossout_price > l.unit_price && <s className="muted"> {money(l.crossout_price, l.currency)}</s>}</span>
                  {l.buy_by && <span className="muted small cart-buy-by">{L.buyByLine}</span>}
                  {l.problem && <span className="cart-problem">{noticeText(l.problem, L)}
                    {l.problem.checkout_id && <> <a href={`${base}/comprar/${l.problem.checkout_id}`}>{L.goToCheckout}</a></>}</span>}
                </div>
                <QuantityInput value={l.amount} label={fill(L.quantityOf, { name: l.name })} disabled={busy} onCommit={(n) => void setAmount(l.item_id, n)} />
                <button type="button" className="link-button" disabled={busy} onClick={() => void remove(l.item_id)} aria-label={fill(L.removeNamed, { name: l.name })}>{L.remove}</button>
              </li>
            ))}
          </ul>
          {o.savings > 0 && <p className="cart-savings">{fill(L.youSave, { amount: money(o.savings, o.currency) })}</p>}
          <p className="cart-total">{L.total} <strong>{money(o.total, o.currency)}</strong></p>
          {o.held_checkout && (
            <p className="cart-held" data-testid="cart-held">{L.heldInYourCheckout} <a href={`${base}/comprar/${o.held_checkout.id}`}>{L.continueCheckout}</a></p>
          )}
          {/* A real form: pressed before the island runs, the cart page starts the checkout itself. */}
          <IslandForm action={`${base}/carrito`} fields={{ action: CART_CHECKOUT_ACTION, supplier_id: o.supplier.id, currency: o.currency }}
            onSubmit={(e) => { e.preventDefault(); void checkout(o); }}>
            <button type="submit" className="btn cart-pay" disabled={busy} aria-disabled={!o.is_configured || Boolean(o.blocked)}
              title={o.blocked ? noticeText(o.blocked, L) : undefined}>{L.payOrder}</button>
          </IslandForm>
          {o.blocked && <p className="cart-blocked muted small">{noticeText(o.blocked, L)}</p>}
        </section>
      ))}
      {!signedIn && localOrders(local).map((g) => (
        <section className="cart-order" key={g.key} aria-label={g.supplier}>
          <H>{g.supplier}</H>
          <ul>
            {g.lines.map(({ item: l, index }) => (
              <li className="cart-line" key={`${l.product_id}-${index}`}>
                {l.photo ? <img src={l.photo} alt="" className="cart-thumb" /> : <span className="cart-thumb" />}
                <div className="cart-line-info">
                  <strong>{l.name}</strong>
                  {Object.entries(l.variant).map(([k, v]) => <span key={k} className="muted small"> {k}: {v}</span>)}
                  <span className="price">{money(l.unit_price, l.currency)}</span>
                </div>
                <QuantityInput value={l.amount} label={fill(L.quantityOf, { name: l.name })} onCommit={(n) => { const w = setLocalAmount(shop, index, n); if (w) warn(noticeText(w, L)); }} />
                <button type="button" className="link-button" onClick={() => removeLocal(shop, index)} aria-label={fill(L.removeNamed, { name: l.name })}>{L.remove}</button>
              </li>
            ))}
          </ul>
          {g.savings > 0 && <p className="cart-savings">{fill(L.youSave, { amount: money(g.savings, g.currency) })}</p>}
          <p className="cart-total">{L.total} <strong>{money(g.total, g.currency)}</strong></p>
          {/* A link: it works before the island runs (the lines travel in the URL, as the island would send them). */}
          <a className="btn cart-pay" href={guestStartPath(base, g.lines.map((x) => x.item))}>{L.payOrder}</a>
        </section>
      ))}
      {!signedIn && local.length > 0 && (
        <p className="muted small"><a href={`/login?next=${encodeURIComponent(`${base}/carrito`)}`}>{L.signInToSave}</a></p>
      )}
      {signedIn && (
        <p className="cart-links">
          <a href={`${base}/mis-compras`}>{L.myPurchases}</a>
          {view && view.orders.length > 0 && <button type="button" className="link-button" onClick={() => void share(shop, base, warn, L)}>{L.share}</button>}
        </p>
      )}
    </div>
  );
}

async function share(shop: string, base: string, warn: (m: string) => void, L: CartLabels) {
  const res = await fetch('/api/cart/share', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shop }) });
  const body = await res.json().catch(() => null);
  if (!res.ok) { warn(body?.error?.message ?? L.failed); return; }
  const url = new URL(`${base}${body.path}`, location.origin).href;
  try { await navigator.clipboard.writeText(url); warn(fill(L.linkCopied, { url })); } catch { warn(url); }
}
