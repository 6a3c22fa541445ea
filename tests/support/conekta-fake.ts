// A local HTTP server that answers the calls our Conekta provider makes as Conekta's test API does (JSON bodies,
// `Authorization: Bearer key_...`, `Accept: application/vnd.conekta-v2.x.0+json`, the order and its charge in the
// answer, card errors as HTTP 402 `processing_error` with details, 422 for parameters, replays of a key's first
// answer), and sends webhooks signed as Conekta signs them: the `digest` header is the base64 RSA-SHA256 signature of
// the raw body with the account's webhook key (its private half lives here; `publicKey` is what the server is given).
// Test card tokens as Conekta documents them: tok_test_visa_4242 pays, tok_test_card_declined is declined,
// tok_test_insufficient_funds has no funds; tok_test_3ds (this fake's own name: Conekta's 3-D Secure test cards go
// through its component) asks for a challenge that `completeChallenge` settles. Cash and SPEI charges answer a store
// reference / a CLABE; `payReference` is the shopper paying it (order.paid). Controls for what Conekta cannot be asked:
// `stall` keeps answers from leaving (a timeout after the work is done), `holdRefunds` leaves refunds pending.
import http from 'node:http';
import { generateKeyPairSync, sign } from 'node:crypto';
import type { AddressInfo } from 'node:net';

type Json = Record<string, any>;

export interface SentEvent { event: Json; status: number; answer: string }

export interface FakeConekta {
  base: string;
  /** The webhook key's public half (PEM): CONEKTA_WEBHOOK_KEY. */
  publicKey: string;
  requests: { method: string; path: string; key: string | null; accept: string; body: Json }[];
  /** Orders made (a replayed key makes none), and card charges per order. */
  orders: Map<string, Json>;
  charges: Map<string, number>;
  events: SentEvent[];
  target: string | null;
  stall(n: number, path?: RegExp): void;
  holdRefunds(on: boolean): void;
  completeChallenge(orderId: string, ok: boolean): Promise<void>;
  /** The shopper pays the cash reference at the store, or sends the SPEI transfer. */
  payReference(orderId: string): Promise<void>;
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): Promise<void>;
  resend(eventId: string): Promise<SentEvent>;
  /** Signs `body` with the webhook key, as Conekta's `digest` header. */
  digest(body: string): string;
  idle(): Promise<void>;
  close(): Promise<void>;
}

const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const now = () => Math.floor(Date.now() / 1000);

const error = (status: number, type: string, code: string, message: string, param?: string) => ({
  status, body: { object: 'error', type, log_id: hex(24), details: [{ code, message, debug_message: message, ...(param ? { param } : {}) }] },
});

export async function startFakeConekta(): Promise<FakeConekta> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const saved = new Map<string, { status: number; body: string }>();
  let stalls = 0;
  let stallPath = /./;
  let hold = false;
  const inFlight = new Set<Promise<unknown>>();
  const stalledRes: http.ServerResponse[] = [];
  const returnUrls = new Map<string, string>();

  const fake: FakeConekta = {
    base: '', publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(), requests: [], orders: new Map(), charges: new Map(), events: [], target: null,
    stall: (n, path = /./) => { stalls = n; stallPath = path; },
    holdRefunds: (on) => { hold = on; },
    async completeChallenge(orderId, ok) {
      const o = fake.orders.get(orderId)!;
      o.next_action = null;
      if (ok) { paid(o); await send('order.paid', o); } else {
        o.payment_status = 'declined';
        o.charges.data[0].status = 'declined';
        o.charges.data[0].failure_code = 'conekta.errors.processing.authentication.failed';
        await send('order.declined', o);
      }
    },
    async payReference(orderId) {
      const o = fake.orders.get(orderId)!;
      paid(o);
      await send('order.paid', o);
    },
    async settleRefund(refundId, status) {
      const o = [...fake.orders.values()].find((x) => refundsOf(x).some((r) => r.id === refundId))!;
      const r = refundsOf(o).find((x) => x.id === refundId)!;
      r.status = status;
      if (status === 'succeeded') o.amount_refunded += Math.abs(r.amount);
      o.payment_status = o.amount_refunded >= o.amount ? 'refunded' : o.amount_refunded > 0 ? 'partially_refunded' : 'paid';
      await send(status === 'failed' ? 'order.updated' : o.payment_status === 'refunded' ? 'order.refunded' : 'order.partially_refunded', o);
    },
    async resend(eventId) {
      return deliver(fake.events.find((e) => e.event.id === eventId)!.event);
    },
    digest: (body) => sign('sha256', Buffer.from(body, 'utf8'), privateKey).toString('base64'),
    async idle() { while (inFlight.size) await Promise.all([...inFlight]); },
    close: () => new Promise((r) => { for (const res of stalledRes) res.destroy(); server.closeAllConnections?.(); server.close(() => r()); }),
  };

  const refundsOf = (o: Json): Json[] => o.charges.data[0].refunds.data;

  function paid(o: Json) {
    o.payment_status = 'paid';
    o.charges.data[0].status = 'paid';
    o.charges.data[0].paid_at = now();
    fake.charges.set(o.id, (fake.charges.get(o.id) ?? 0) + 1);
  }

  async function deliver(event: Json): Promise<SentEvent> {
    const payload = JSON.stringify(event);
    const r = await fetch(fake.target!, { method: 'POST', headers: { 'content-type': 'application/json', digest: fake.digest(payload) }, body: payload });
    return { event, status: r.status, answer: await r.text() };
  }

  function send(type: string, order: Json): Promise<void> {
    if (!fake.target) return Promise.resolve();
    const event = { id: hex(24), object: 'event', type, livemode: false, created_at: now(), webhook_status: 'pending', data: { object: structuredClone(order), previous_attributes: {} } };
    const p = deliver(event).then((s) => { fake.events.push(s); }, (err) => { fake.events.push({ event, status: 0, answer: String(err) }); });
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  }

  function paymentMethod(pm: Json, base: string): { pm: Json; status: 'paid' | 'pending_payment' } | { error: ReturnType<typeof error> } {
    const expires = Number(pm.expires_at) || now() + 3 * 86400;
    switch (pm.type) {
      case 'cash': {
        const reference = `93${digits(12)}`;
        return { status: 'pending_payment', pm: { object: 'cash_payment', type: 'cash', reference, barcode_url: `${base}/barcode/${reference}.png`, expires_at: expires, store_name: 'OXXO', service_name: 'OxxoPay' } };
      }
      case 'spei': {
        const clabe = `646180${digits(12)}`;
        return { status: 'pending_payment', pm: { object: 'bank_transfer_payment', type: 'spei', clabe, bank: 'STP', receiving_account_number: clabe, receiving_account_bank: 'STP', expires_at: expires } };
      }
      case 'card': {
        const card = { object: 'card_payment', type: 'credit', name: 'Cliente Prueba', exp_month: '12', exp_year: '30', brand: 'visa', last4: '4242', issuer: 'BANAMEX', account_type: 'credit', country: 'MX' };
        switch (pm.token_id) {
          case 'tok_test_visa_4242': return { status: 'paid', pm: card };
          case 'tok_test_3ds': return { status: 'pending_payment', pm: card };
          case 'tok_test_card_declined': return { error: error(402, 'processing_error', 'conekta.errors.processing.bank.declined', 'The card was declined.', 'payment_method.token_id') };
          case 'tok_test_insufficient_funds': return { error: error(402, 'processing_error', 'conekta.errors.processing.bank.insufficient_funds', 'The card has insufficient funds.', 'payment_method.token_id') };
          default: return { error: error(422, 'parameter_validation_error', 'conekta.errors.parameter_validation.token_id.invalid', `The token ${pm.token_id} does not exist.`, 'payment_method.token_id') };
        }
      }
      default: return { error: error(422, 'parameter_validation_error', 'conekta.errors.parameter_validation.payment_method.type.invalid', 'Invalid payment method type.', 'payment_method.type') };
    }
  }

  function handle(method: string, path: string, body: Json): { status: number; body: Json; after?: () => void } {
    if (method === 'POST' && path === '/orders') {
      const ci = body.customer_info ?? {};
      if (!ci.name || !ci.email || !ci.phone) return error(422, 'parameter_validation_error', 'conekta.errors.parameter_validation.customer_info.missing', 'customer_info needs name, email and phone.', 'customer_info');
      if (!Array.isArray(body.line_items) || !body.line_items.length) return error(422, 'parameter_validation_error', 'conekta.errors.parameter_validation.line_items.empty', 'The order needs at least one product.', 'line_items');
      const amount = body.line_items.reduce((n: number, l: Json) => n + Number(l.unit_price) * Number(l.quantity), 0);
      const ch = body.charges?.[0];
      if (!ch || Number(ch.amount) !== amount) return error(422, 'parameter_validation_error', 'conekta.errors.parameter_validation.charges.amount', 'The charges must add up to the order total.', 'charges.amount');
      if (body.currency !== 'MXN') return error(422, 'parameter_validation_error', 'conekta.errors.parameter_validation.currency', 'Currency not supported.', 'currency');
      const made = paymentMethod(ch.payment_method ?? {}, fake.base);
      if ('error' in made) return made.error;
      const oid = `ord_${hex(17)}`;
      const order: Json = {
        id: oid, object: 'order', livemode: false, amount, amount_refunded: 0, currency: 'MXN', payment_status: 'pending_payment', created_at: now(), updated_at: now(),
        customer_info: { ...ci, object: 'customer_info' }, metadata: body.metadata ?? {}, line_items: { object: 'list', has_more: false, data: body.line_items },
        charges: { object: 'list', has_more: false, total: 1, data: [{ id: hex(24), object: 'charge', order_id: oid, amount, currency: 'MXN', status: 'pending_payment', created_at: now(), payment_method: made.pm, refunds: { object: 'list', data: [] } }] },
      };
      fake.orders.set(oid, order);
      if (made.status === 'paid') { paid(order); return { status: 200, body: order, after: () => { void send('order.paid', order); } }; }
      if (ch.payment_method.token_id === 'tok_test_3ds') {
        order.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${fake.base}/3ds/${oid}`, return_url: body.return_url ?? null } };
        if (body.return_url) returnUrls.set(oid, body.return_url);
      }
      return { status: 200, body: order, after: () => { void send('order.pending_payment', order); } };
    }
    const refund = /^\/orders\/([^/]+)\/refunds$/.exec(path);
    if (method === 'POST' && refund) {
      const o = fake.orders.get(refund[1]!);
      if (!o) return error(404, 'resource_not_found_error', 'conekta.errors.resource_not_found.entity', `The order ${refund[1]} does not exist.`);
      const amount = Number(body.amount);
      if (!body.reason) return error(422, 'parameter_validation_error', 'conekta.errors.parameter_validation.refund.reason', 'The reason is required.', 'reason');
      if (o.payment_status !== 'paid' && o.payment_status !== 'partially_refunded') return error(422, 'processing_error', 'conekta.errors.processing.refund.not_allowed', 'This order cannot be refunded.');
      if (!Number.isInteger(amount) || amount < 1 || amount > o.amount - o.amount_refunded) return error(422, 'parameter_validation_error', 'conekta.errors.parameter_validation.refund.amount', 'The amount to refund is not valid.', 'amount');
      const r = { id: hex(24), object: 'refund', amount: -amount, created_at: now(), status: hold ? 'pending' : 'succeeded', auth_code: digits(6) };
      refundsOf(o).push(r);
      if (!hold) {
        o.amount_refunded += amount;
        o.payment_status = o.amount_refunded >= o.amount ? 'refunded' : 'partially_refunded';
      }
      return { status: 200, body: o, after: hold ? undefined : () => { void send(o.payment_status === 'refunded' ? 'order.refunded' : 'order.partially_refunded', o); } };
    }
    return error(404, 'resource_not_found_error', 'conekta.errors.resource_not_found.route', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      // The bank's 3-D Secure page (a browser comes here from next_action): authorise or refuse, then back to return_url.
      const challenge = /^\/3ds\/(ord_[0-9a-f]+)$/.exec(path);
      if (challenge && fake.orders.has(challenge[1]!)) {
        const o = fake.orders.get(challenge[1]!)!;
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="es"><title>3-D Secure</title><h1>Banco de prueba</h1><form method="post"><button name="ok" value="1">Autorizar</button> <button name="ok" value="0">Rechazar</button></form></html>`);
          return;
        }
        void fake.completeChallenge(o.id, new URLSearchParams(raw).get('ok') === '1').then(() => {
          res.writeHead(303, { location: returnUrls.get(o.id) ?? '/' }).end();
        });
        return;
      }
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      const accept = String(req.headers.accept ?? '');
      let body: Json = {};
      try { body = raw ? JSON.parse(raw) : {}; } catch { body = {}; }
      fake.requests.push({ method: req.method!, path, key, accept, body });
      const reply = (a: { status: number; body: string }, extra: Record<string, string> = {}) => res.writeHead(a.status, { 'content-type': 'application/json; charset=utf-8', ...extra }).end(a.body);
      if (!String(req.headers.authorization ?? '').startsWith('Bearer key_')) {
        const e = error(401, 'authentication_error', 'conekta.errors.authentication.missing_key', 'Please include your access key in your request.');
        reply({ status: e.status, body: JSON.stringify(e.body) });
        return;
      }
      if (!/application\/vnd\.conekta-v2\.\d\.\d\+json/.test(accept)) {
        const e = error(400, 'parameter_validation_error', 'conekta.errors.parameter_validation.api_version', 'The API version in the Accept header is not valid.');
        reply({ status: e.status, body: JSON.stringify(e.body) });
        return;
      }
      const replay = key ? saved.get(`${req.method} ${path} ${key}`) : undefined;
      let answer: { status: number; body: string };
      let after: (() => void) | undefined;
      if (replay) answer = replay;
      else {
        const out = handle(req.method!, path, body);
        answer = { status: out.status, body: JSON.stringify(out.body) };
        after = out.after;
        if (key) saved.set(`${req.method} ${path} ${key}`, answer);
      }
      if (stalls > 0 && stallPath.test(path)) {
        stalls--;
        stalledRes.push(res);
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...(replay ? { 'idempotent-replayed': 'true' } : {}) });
      res.end(answer.body, () => after?.());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/**
 * A stand-in for Conekta's card component script (pay.conekta.com/v1.0/js/conekta-checkout.min.js) for browser tests:
 * the real one draws its card frame; this one draws a button that "tokenises" the test card `window.__conektaTestToken`
 * (tok_test_visa_4242 unless a test says otherwise) and hands the token to the page as the component does.
 */
export const CONEKTA_COMPONENT_STANDIN = `window.ConektaCheckoutComponents = { Card: function (opts) {
  var host = document.querySelector(opts.config.targetIFrame);
  var b = document.createElement('button');
  b.type = 'button'; b.textContent = 'Tarjeta de prueba'; b.setAttribute('data-testid', 'conekta-standin-card');
  b.onclick = function () { opts.callbacks.onCreateTokenSucceeded({ id: window.__conektaTestToken || 'tok_test_visa_4242' }); };
  host.replaceChildren(b);
} };`;
