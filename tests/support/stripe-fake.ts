// A local HTTP server that answers the calls our Stripe provider makes as Stripe's test API does (form-encoded
// requests, JSON answers, card errors as HTTP 402 with the PaymentIntent, idempotent replays of a key's first
// answer), and sends webhooks signed as Stripe signs them (the SDK's webhooks.generateTestHeaderString) to the
// server under test. Test payment methods as Stripe documents them: pm_card_visa succeeds, pm_card_chargeDeclined
// is declined, pm_card_authenticationRequired asks for 3-D Secure (completeChallenge settles it), pm_card_refundFail
// takes refunds that go pending and then fail. The 3-D Secure redirect leads to the fake's own test page (GET
// /3ds/{intent}: 'Complete authentication' / 'Fail authentication', then back to the return url), for browser tests.
// Controls for what Stripe cannot be asked to do: `stall` keeps the next answers from leaving (a timeout, after the
// work is done, as when a network drops the answer) and `holdRefunds` leaves refunds pending until `settleRefund`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, any>;

export interface SentEvent { event: Json; status: number; answer: string }

export interface FakeStripe {
  base: string;
  /** Every call received: method, path, idempotency key, form fields. */
  requests: { method: string; path: string; key: string | null; body: Json }[];
  /** Charges made per PaymentIntent (a replayed key makes none). */
  charges: Map<string, number>;
  events: SentEvent[];
  intents: Map<string, Json>;
  refunds: Map<string, Json>;
  /** Where webhooks go, and their signing secret. */
  target: { url: string; secret: string } | null;
  /** The next `n` calls whose path matches get no answer (their work is done; their webhook is not sent yet). */
  stall(n: number, path?: RegExp): void;
  holdRefunds(on: boolean): void;
  /** While on, events wait (Stripe may deliver a webhook after the shopper is back); off sends those waiting. */
  holdEvents(on: boolean): Promise<void>;
  completeChallenge(intentId: string, ok: boolean): Promise<void>;
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): Promise<void>;
  /** Sends an event already sent once more, exactly as before (Stripe's retried delivery). */
  resend(eventId: string): Promise<SentEvent>;
  /** Waits for the webhooks on their way. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** `a[b][c]=v` form fields into nested objects (Stripe's encoding; arrays come as a[0]=...). */
function parseForm(raw: string): Json {
  const out: Json = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    const path = k.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((p, i) => {
      if (i === path.length - 1) node[p] = v;
      else node = node[p] ??= {};
    });
  }
  return out;
}

let seq = 0;
const id = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(seq++).toString(36)}fake`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const signer = new Stripe('sk_test_fake_signer');
  const saved = new Map<string, { status: number; body: string }>();
  let stalls = 0;
  let stallPath = /./;
  let hold = false;
  let holdingEvents = false;
  const waiting: (() => Promise<void>)[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const stalledRes: http.ServerResponse[] = [];

  const fake: FakeStripe = {
    base: '', requests: [], charges: new Map(), events: [], intents: new Map(), refunds: new Map(), target: null,
    stall: (n, path = /./) => { stalls = n; stallPath = path; },
    holdRefunds: (on) => { hold = on; },
    async holdEvents(on) {
      holdingEvents = on;
      if (!on) for (const go of waiting.splice(0)) await go();
    },
    async completeChallenge(intentId, ok) {
      const pi = fake.intents.get(intentId)!;
      if (ok) {
        charge(pi);
        pi.status = 'succeeded';
        pi.next_action = null;
        await send('payment_intent.succeeded', pi);
      } else {
        pi.status = 'requires_payment_method';
        pi.next_action = null;
        pi.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The provided PaymentMethod has failed authentication.' };
        await send('payment_intent.payment_failed', pi);
      }
    },
    async settleRefund(refundId, status) {
      const r = fake.refunds.get(refundId)!;
      r.status = status;
      if (status === 'failed') r.failure_reason = 'expired_or_canceled_card';
      await send(status === 'failed' ? 'refund.failed' : 'refund.updated', r);
    },
    async resend(eventId) {
      const first = fake.events.find((e) => e.event.id === eventId)!;
      return deliver(first.event);
    },
    async idle() { while (inFlight.size) await Promise.all([...inFlight]); },
    close: () => new Promise((r) => { for (const res of stalledRes) res.destroy(); server.closeAllConnections?.(); server.close(() => r()); }),
  };

  function charge(pi: Json) {
    fake.charges.set(pi.id, (fake.charges.get(pi.id) ?? 0) + 1);
    pi.latest_charge = id('ch');
  }

  async function deliver(event: Json): Promise<SentEvent> {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: fake.target!.secret });
    const r = await fetch(fake.target!.url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
    const sent = { event, status: r.status, answer: await r.text() };
    return sent;
  }

  /** Sends a new event about `object` (a copy as it is now), as Stripe does after the answer. */
  function send(type: string, object: Json): Promise<void> {
    if (!fake.target) return Promise.resolve();
    if (holdingEvents) {
      const copy = structuredClone(object);
      waiting.push(() => send(type, copy));
      return Promise.resolve();
    }
    const event = { id: id('evt'), object: 'event', api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object: structuredClone(object) } };
    const p = deliver(event).then((s) => { fake.events.push(s); }, (err) => { fake.events.push({ event, status: 0, answer: String(err) }); });
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  }

  const cardError = (pi: Json, code: string, decline: string | null, message: string) => ({
    status: 402, body: { error: { type: 'card_error', code, ...(decline ? { decline_code: decline } : {}), message, payment_intent: pi } },
  });

  function handle(method: string, path: string, body: Json): { status: number; body: Json; after?: () => void } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1 || !body.currency) {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'parameter_missing', message: 'Missing required param: amount.', param: 'amount' } } };
      }
      const pi: Json = {
        id: id('pi'), object: 'payment_intent', amount, currency: body.currency, status: 'requires_payment_method', metadata: body.metadata ?? {},
        client_secret: `${id('pi')}_secret_fake`, livemode: false, created: Math.floor(Date.now() / 1000), payment_method: null, next_action: null,
        last_payment_error: null, latest_charge: null, capture_method: 'automatic',
      };
      fake.intents.set(pi.id, pi);
      return { status: 200, body: pi };
    }
    const read = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && read) {
      const pi = fake.intents.get(read[1]!);
      return pi ? { status: 200, body: pi } : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${read[1]}'` } } };
    }
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirm) {
      const pi = fake.intents.get(confirm[1]!);
      if (!pi) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${confirm[1]}'` } } };
      if (pi.status === 'succeeded') return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent has already succeeded.', payment_intent: pi } } };
      pi.payment_method = body.payment_method;
      switch (body.payment_method) {
        case 'pm_card_visa': case 'pm_card_refundFail':
          charge(pi);
          pi.status = 'succeeded';
          return { status: 200, body: pi, after: () => { void send('payment_intent.succeeded', pi); } };
        case 'pm_card_chargeDeclined':
          pi.status = 'requires_payment_method';
          pi.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
          return { ...cardError(pi, 'card_declined', 'generic_decline', 'Your card was declined.'), after: () => { void send('payment_intent.payment_failed', pi); } };
        case 'pm_card_chargeDeclinedInsufficientFunds':
          pi.status = 'requires_payment_method';
          pi.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
          return cardError(pi, 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
        case 'pm_card_authenticationRequired':
          pi.status = 'requires_action';
          pi.next_action = body.return_url
            ? { type: 'redirect_to_url', redirect_to_url: { url: `${fake.base}/3ds/${pi.id}`, return_url: body.return_url } }
            : { type: 'use_stripe_sdk', use_stripe_sdk: {} };
          return { status: 200, body: pi };
        default:
          return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${body.payment_method}'`, param: 'payment_method' } } };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = fake.intents.get(body.payment_intent);
      if (!pi || pi.status !== 'succeeded') return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent does not have a successful charge to refund.' } } };
      const later = hold || pi.payment_method === 'pm_card_refundFail';
      const r: Json = {
        id: id('re'), object: 'refund', amount: Number(body.amount ?? pi.amount), currency: pi.currency, payment_intent: pi.id, charge: pi.latest_charge,
        status: later ? 'pending' : 'succeeded', metadata: body.metadata ?? {}, created: Math.floor(Date.now() / 1000),
      };
      fake.refunds.set(r.id, r);
      // A refund on pm_card_refundFail's card fails a moment later, as Stripe's test card does.
      const after = pi.payment_method === 'pm_card_refundFail' ? () => { void fake.settleRefund(r.id, 'failed'); }
        : !later ? () => { void send('charge.refunded', { id: pi.latest_charge, object: 'charge', payment_intent: pi.id, refunded: true, refunds: { object: 'list', data: [structuredClone(r)] } }); } : undefined;
      return { status: 200, body: r, after };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  /** `expand[]=payment_method`: the intent's payment method as an object, as Stripe answers (test cards: visa, credit). */
  function expand(out: Json, what: Json | undefined): Json {
    const fields = Object.values(what ?? {});
    const pi = out.object === 'payment_intent' ? out : out.error?.payment_intent;
    if (!pi || !fields.includes('payment_method') || typeof pi.payment_method !== 'string') return out;
    const pm = { id: pi.payment_method, object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', funding: 'credit', exp_month: 12, exp_year: 2034, country: 'MX' } };
    const copy = structuredClone(out);
    if (copy.object === 'payment_intent') copy.payment_method = pm; else copy.error.payment_intent.payment_method = pm;
    return copy;
  }

  /**
   * Stripe's test challenge page: 'Complete authentication' or 'Fail authentication'. The choice settles the intent
   * (its webhook is delivered first, so the order page the shopper returns to reads the outcome), then the browser
   * goes back to the return url with Stripe's query (payment_intent, redirect_status).
   */
  async function challengePage(method: string, intentId: string, form: Json, res: http.ServerResponse) {
    const pi = fake.intents.get(intentId);
    const back = pi?.next_action?.redirect_to_url?.return_url as string | undefined;
    if (!pi || !back) { res.writeHead(404, { 'content-type': 'text/plain' }).end('No such challenge'); return; }
    if (method === 'POST') {
      const ok = form.action === 'complete';
      await fake.completeChallenge(intentId, ok);
      const to = new URL(back);
      to.searchParams.set('payment_intent', pi.id);
      to.searchParams.set('payment_intent_client_secret', pi.client_secret);
      to.searchParams.set('redirect_status', ok ? 'succeeded' : 'failed');
      res.writeHead(303, { location: to.toString() }).end();
      return;
    }
    const button = (action: string, label: string) => `<form method="post"><input type="hidden" name="action" value="${action}"><button type="submit">${label}</button></form>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><title>3D Secure 2 Test Page</title></head><body>
      <h1>3D Secure 2 Test Page</h1><p>${(pi.amount / 100).toFixed(2)} ${String(pi.currency).toUpperCase()}</p>
      ${button('complete', 'Complete authentication')}${button('fail', 'Fail authentication')}</body></html>`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      // GET parameters (expand[]) come in the query string.
      const body = parseForm(raw || ((req.url ?? '').split('?')[1] ?? ''));
      // The 3-D Secure page the shopper's browser is sent to (next_action.redirect_to_url), as Stripe's test one.
      const challenge = /^\/3ds\/([^/]+)$/.exec(path);
      if (challenge) { void challengePage(req.method!, challenge[1]!, body, res); return; }
      fake.requests.push({ method: req.method!, path, key, body });
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
        return;
      }
      // The same key answers its first answer again, and does no work (Stripe's idempotent requests).
      const replay = key ? saved.get(`${req.method} ${path} ${key}`) : undefined;
      let answer: { status: number; body: string };
      let after: (() => void) | undefined;
      if (replay) answer = replay;
      else {
        const out = handle(req.method!, path, body);
        answer = { status: out.status, body: JSON.stringify(expand(out.body, body.expand)) };
        after = out.after;
        if (key) saved.set(`${req.method} ${path} ${key}`, answer);
      }
      if (stalls > 0 && stallPath.test(path)) {
        stalls--;
        stalledRes.push(res); // never answered: the client's timeout fires
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req'), ...(replay ? { 'idempotent-replayed': 'true' } : {}) });
      res.end(answer.body, () => after?.());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
