// A stand-in for Stripe.js (https://js.stripe.com/v3/), which cannot be fetched where the tests run, answered to the
// browser by Playwright's page.route. It plays the part our card island uses, the way Stripe.js does it: Stripe(pk)
// -> elements({ locale }).create('card') mounts the card field in its own frame from js.stripe.com (the number never
// touches our page's inputs; the frame posts it to Stripe.js's own code), and createPaymentMethod posts the card to
// api.stripe.com/v1/payment_methods, answered here with the test payment methods the fake Stripe API knows
// (tests/support/stripe-fake.ts) for Stripe's documented test card numbers.
import type { Page } from '@playwright/test';

/** Stripe's test card numbers -> the test payment methods they stand for (stripe.com/docs/testing). */
export const TEST_CARDS = {
  '4242424242424242': 'pm_card_visa',
  '4000002760003184': 'pm_card_authenticationRequired',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000000000005126': 'pm_card_refundFail',
} as const;

const FRAME_URL = 'https://js.stripe.com/v3/elements-inner-card.html';

// The script the page loads: window.Stripe. Card data lives in the frame; the frame posts it to this window.
const STRIPE_JS = `(() => {
  let n = 0;
  window.Stripe = function Stripe(key, opts) {
    if (!/^pk_(test|live)_/.test(key)) throw new Error('Invalid API Key provided: ' + key);
    const cards = new Map();
    window.addEventListener('message', (e) => {
      if (e.origin !== 'https://js.stripe.com' || !e.data || e.data.type !== 'stripe-standin-card') return;
      const c = cards.get(e.data.id);
      if (!c) return;
      c.value = e.data.value;
      for (const cb of c.listeners) cb({ elementType: 'card', empty: !c.value.number, complete: c.value.number.length >= 15, error: undefined });
    });
    return {
      elements(eopts) {
        const locale = (eopts && eopts.locale) || (opts && opts.locale) || 'auto';
        return {
          create(type) {
            if (type !== 'card') throw new Error('Unsupported element ' + type);
            const id = 'card-' + (++n);
            const c = { value: { number: '', exp: '', cvc: '' }, listeners: [], frame: null };
            cards.set(id, c);
            return {
              mount(el) {
                const host = typeof el === 'string' ? document.querySelector(el) : el;
                const f = document.createElement('iframe');
                f.name = '__privateStripeFrame' + id;
                f.title = 'Secure card payment input frame';
                f.src = '${FRAME_URL}#' + encodeURIComponent(JSON.stringify({ id, locale }));
                f.setAttribute('frameborder', '0');
                f.height = '24';
                f.width = '100%';
                c.frame = f;
                host.appendChild(f);
              },
              destroy() { c.frame && c.frame.remove(); cards.delete(id); },
              on(ev, cb) { if (ev === 'change') c.listeners.push(cb); },
              _value: () => c.value,
            };
          },
        };
      },
      async createPaymentMethod(args) {
        const v = args.card._value();
        const body = new URLSearchParams({ type: 'card', 'card[number]': v.number, 'card[exp]': v.exp, 'card[cvc]': v.cvc, key });
        const r = await fetch('https://api.stripe.com/v1/payment_methods', { method: 'POST', body });
        const json = await r.json();
        return r.ok ? { paymentMethod: json } : { error: json.error };
      },
    };
  };
})();`;

// The card field's frame: number, expiry and CVC, labelled in the frame's locale as Stripe's are.
// Borderless inputs on a transparent page, as Stripe's: the box around them is the page's container.
const FRAME_HTML = `<!doctype html><html><body style="margin:0;font:16px sans-serif;background:transparent">
<style>input{border:0;outline:0;background:transparent;font:inherit;min-width:0;padding:2px}</style>
<div style="display:flex;gap:4px">
<input id="n" inputmode="numeric" autocomplete="cc-number" style="flex:3">
<input id="e" autocomplete="cc-exp" style="flex:1">
<input id="c" autocomplete="cc-csc" style="flex:1">
</div>
<script>
  const { id, locale } = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  const es = String(locale).startsWith('es');
  const labels = es ? ['Número de tarjeta', 'MM / AA', 'CVC'] : ['Card number', 'MM / YY', 'CVC'];
  ['n', 'e', 'c'].forEach((k, i) => { const el = document.getElementById(k); el.setAttribute('aria-label', labels[i]); el.placeholder = labels[i]; });
  document.addEventListener('input', () => parent.postMessage({ type: 'stripe-standin-card', id, value: {
    number: document.getElementById('n').value.replace(/\\D/g, ''), exp: document.getElementById('e').value, cvc: document.getElementById('c').value,
  } }, '*'));
</script></body></html>`;

/** Answers the page's requests to js.stripe.com and api.stripe.com as Stripe would for the test cards. */
export async function routeStripeJs(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/v3/', (route) => route.fulfill({ contentType: 'application/javascript; charset=utf-8', body: STRIPE_JS }));
  await page.route(`${FRAME_URL}*`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: FRAME_HTML }));
  await page.route('https://api.stripe.com/v1/payment_methods', (route) => {
    const form = new URLSearchParams(route.request().postData() ?? '');
    const pm = TEST_CARDS[form.get('card[number]') as keyof typeof TEST_CARDS];
    const cors = { 'access-control-allow-origin': '*' };
    if (!pm) {
      return route.fulfill({ status: 402, headers: cors, contentType: 'application/json', body: JSON.stringify({ error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } }) });
    }
    return route.fulfill({ headers: cors, contentType: 'application/json', body: JSON.stringify({ id: pm, object: 'payment_method', type: 'card' }) });
  });
}
