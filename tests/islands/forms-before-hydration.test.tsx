// What the browser gets before an island runs (issue 9, finding 3): the server-rendered markup of the islands whose
// forms are on the page at once. Every form posts (a GET would put what was typed, a card number, in the address);
// the card and pay forms post to their page with the fields it needs; the others are inert until hydrated. And no
// island renders a bare <form> past IslandForm (islands/shared/form.tsx).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import BlogEditor from '../../islands/blog/BlogEditor.tsx';
import CartPanel from '../../islands/cart/CartPanel.tsx';
import Checkout from '../../islands/checkout/Checkout.tsx';
import GuestStart from '../../islands/checkout/GuestStart.tsx';
import OrderInvoicing from '../../islands/checkout/OrderInvoicing.tsx';
import OrderPay from '../../islands/checkout/OrderPay.tsx';
import type { CheckoutView } from '../../src/domain/checkout/schema.ts';
import { cartView, esCartLabels } from './cart-fixtures.ts';
import { ES } from './checkout-texts.ts';

const ID = '00000000-0000-4000-8000-00000000c0c0';
const view = (methods: CheckoutView['payment_methods']): CheckoutView => ({
  id: ID, status: 'open', shop: 'demo-03', source: 'cart',
  supplier: { id: 's1', name: 'Textiles del Bajío', image: null, is_configured: true, enabled_payment_types: methods.map((m) => m.method), fixed_shipping_cost: null, fixed_shipping_days: null },
  currency: 'MXN', lines: [{ product_id: 'p1', name: 'Rebozo', photo: null, type: 'product', variant: {}, amount: 1, unit_price: 46900, crossout_price: null, line_total: 46900 }],
  items_total: 46900, shipping_total: 0, total: 46900, expires_at: new Date(Date.now() + 900_000).toISOString(), seconds_left: 900,
  contact: { name: 'Rosa', email: 'r@example.test', phone: '5512345678' }, guest_email: null, address_id: null, address: null, needs_delivery: true,
  delivery_type: 'fixed_delivery', delivery: null, shipping_days: 5, needs_attendees: [], attendees: [], invoicing: null, token: 'ptk_server_1',
  payment_methods: methods, payment_metadata: {}, instalments: [], order_id: null, payable: true, missing: [],
});
const CARD = { method: 'str_card', flow: 'card', label: 'Tarjeta', installments: true } as const;
const BANK = { method: 'openpay_bank', flow: 'bank_transfer', label: 'Transferencia', installments: false } as const;

/** The forms of server-rendered markup, as the browser parses them. */
function forms(html: string): HTMLFormElement[] {
  const root = document.createElement('div');
  root.innerHTML = html;
  return [...root.querySelectorAll('form')];
}
const hidden = (f: HTMLFormElement) => Object.fromEntries([...f.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => [i.name, i.value]));

describe('island forms before hydration', () => {
  it('the checkout\'s card form posts to the checkout page with the method and token; the steps are inert', () => {
    const html = renderToString(<Checkout texts={ES} initial={view([CARD])} base="/demo-03" signedIn savedAddresses={[]} />);
    const [card, ...rest] = forms(html);
    expect(rest).toEqual([]);
    expect(card!.getAttribute('method')).toBe('post');
    expect(card!.getAttribute('action')).toBe(`/demo-03/comprar/${ID}`);
    expect(card!.hasAttribute('inert')).toBe(false);
    expect(hidden(card!)).toEqual({ action: 'pay', payment_type: 'str_card', token: 'ptk_server_1' });
    expect(card!.querySelector('input[name=cc-number]')).toBeTruthy();
    expect(card!.querySelector('button[type=submit]')!.hasAttribute('disabled')).toBe(false);
    const root = document.createElement('div');
    root.innerHTML = html;
    for (const step of root.querySelectorAll('.co-step')) if (!step.contains(card!) && !step.querySelector('form')) expect(step.hasAttribute('inert'), step.querySelector('h2')?.textContent ?? '').toBe(true);
  });

  it('the checkout\'s pay button for a reference method posts too; without a token it cannot be pressed', () => {
    const [pay] = forms(renderToString(<Checkout texts={ES} initial={view([BANK])} base="/demo-03" signedIn savedAddresses={[]} />));
    expect(pay!.getAttribute('method')).toBe('post');
    expect(hidden(pay!)).toEqual({ action: 'pay', payment_type: 'openpay_bank', token: 'ptk_server_1' });
    const [blocked] = forms(renderToString(<Checkout texts={ES} initial={{ ...view([CARD]), token: null }} base="/demo-03" signedIn savedAddresses={[]} />));
    expect(blocked!.querySelector('button[type=submit]')!.hasAttribute('disabled')).toBe(true);
  });

  it('the order page\'s pay forms post to the order page', () => {
    for (const [method, flow] of [['str_card', 'card'], ['openpay_bank', 'bank_transfer']]) {
      const [f] = forms(renderToString(<OrderPay texts={ES} base="/demo-03" orderId={ID} token="ptk_order_1" total={46900} currency="MXN" method={method!} flow={flow!} />));
      expect(f!.getAttribute('method')).toBe('post');
      expect(f!.getAttribute('action')).toBe(`/demo-03/mis-compras/${ID}`);
      expect(hidden(f!)).toEqual({ action: 'pay', payment_type: method, token: 'ptk_order_1' });
    }
  });

  it('the cart\'s pay buttons post to the cart page, which starts the checkout', () => {
    const [first] = forms(renderToString(<CartPanel shop="demo-03" base="/demo-03" signedIn initial={cartView(1)} labels={esCartLabels} />));
    expect(first!.getAttribute('method')).toBe('post');
    expect(first!.getAttribute('action')).toBe('/demo-03/carrito');
    expect(hidden(first!)).toEqual({ action: 'checkout', supplier_id: '00000000-0000-4000-8000-000000000001', currency: 'MXN' });
  });

  it('forms without a no-script address are posted and inert until hydrated', () => {
    for (const html of [
      renderToString(<OrderInvoicing texts={ES} orderId={ID} initial={null} editable />),
      renderToString(<GuestStart texts={ES} shop="demo-03" base="/demo-03" />),
      renderToString(<BlogEditor slug="demo-fifth" base="/demo-fifth" entry={null} />),
    ]) {
      const [f] = forms(html);
      expect(f!.getAttribute('method')).toBe('post');
      expect(f!.hasAttribute('inert')).toBe(true);
    }
  });

  it('no island renders a bare <form>: they go through IslandForm (a GET search is the exception)', () => {
    const dir = path.resolve(import.meta.dirname, '../../islands');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx') && f !== path.join('shared', 'form.tsx'));
    const bare = files.flatMap((f) => [...readFileSync(path.join(dir, f), 'utf8').matchAll(/<form\b[^>]*>/g)]
      .filter((m) => !/role="search"/.test(m[0])).map((m) => `${f}: ${m[0]}`));
    expect(bare).toEqual([]);
  });
});
