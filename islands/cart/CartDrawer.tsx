// The header's cart button and the cart drawer (seed 001 §2): a link to {base}/carrito (works without JS) that,
// once hydrated (client:interaction), opens a right-side, focus-trapped dialog. The orders load while it is open;
// the request state resets CART_STATE_RESET_MS after closing.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '@nanostores/react';
import { CART_STATE_RESET_MS } from '../../src/lib/shared/constants.ts';
import { $cartCount, $cartOpen, localCart, localCount, mergeLocalCart } from '../stores/cart.ts';
import CartPanel from './CartPanel.tsx';
import type { CartLabels } from './labels.ts';
import './cart.css';

export interface CartDrawerProps { shop: string; base: string; signedIn: boolean; count: number; label: string; labels: CartLabels; locale?: string }

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export default function CartDrawer({ shop, base, signedIn, count, label, labels, locale }: CartDrawerProps) {
  const open = useStore($cartOpen);
  const badge = useStore($cartCount);
  const [generation, setGeneration] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    setHydrated(true);
    // A click that reached the link before React finished hydrating (CartButton's inline script held it).
    const a = trigger.current;
    if (a) a.dataset.ready = '1';
    const w = window as { __cartPending?: boolean };
    if (w.__cartPending) { w.__cartPending = false; $cartOpen.set(true); }
    if (signedIn) { $cartCount.set(count); void mergeLocalCart(shop); }
    else $cartCount.set(localCount(localCart(shop).get()));
  }, [shop, signedIn, count]);

  // Reset the request state (remount the panel) 500 ms after closing.
  useEffect(() => {
    if (open) return;
    const t = setTimeout(() => setGeneration((g) => g + 1), CART_STATE_RESET_MS);
    return () => clearTimeout(t);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const el = panel.current;
    el?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') { e.preventDefault(); $cartOpen.set(false); return; }
      if (e.key !== 'Tab' || !el) return;
      const f = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (!f.length) return;
      const first = f[0]!, last = f[f.length - 1]!;
      if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
      else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
    };
    document.addEventListener('keydown', onKey);
    return () => { document.removeEventListener('keydown', onKey); trigger.current?.focus(); };
  }, [open]);

  const shown = hydrated ? badge : count;
  return (
    <>
      <a ref={trigger} className="tool cart" href={`${base}/carrito`} aria-label={label} aria-haspopup="dialog"
        onClick={(e) => { e.preventDefault(); $cartOpen.set(true); }}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2"><circle cx="9" cy="20" r="1.5" /><circle cx="18" cy="20" r="1.5" /><path d="M2 3h3l2.5 12h12l2-8H6" /></svg>
        {/* The inline script of CartButton fills the badge from the local cart before hydration. */}
        <span className="badge" data-cart-count hidden={shown <= 0} suppressHydrationWarning>{shown}</span>
      </a>
      {/* In a portal: the header is its own stacking context, the drawer must cover the whole page. */}
      {hydrated && createPortal(
        <div className={`cart-drawer${open ? ' open' : ''}`} hidden={!open}>
          <div className="cart-backdrop" onClick={() => $cartOpen.set(false)} />
          <div ref={panel} className="cart-sheet" role="dialog" aria-modal="true" aria-labelledby="cart-drawer-title">
            <header className="cart-head">
              <h2 id="cart-drawer-title">{labels.myCart}</h2>
              <button type="button" className="cart-close" aria-label={labels.close} onClick={() => $cartOpen.set(false)}>×</button>
            </header>
            <CartPanel key={generation} shop={shop} base={base} signedIn={signedIn} active={open} labels={labels} locale={locale} />
            <p className="cart-foot"><a href={`${base}/carrito`}>{labels.view}</a></p>
          </div>
        </div>,
        document.body,
      )}
    </>
  );
}
