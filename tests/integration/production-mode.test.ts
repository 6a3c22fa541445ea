// A production server (DEMO_MODE=0, no SMTP, no PAYMENTS_WEBHOOK_SECRET) on a database seeded with `npm run seed`: nothing of the
// demo is reachable. No mail outbox (it would show every sign-in PIN), no sandbox payment providers or their
// pages, and webhooks are refused rather than checked against a well-known secret. Demo logins still work with
// their passwords. The demo itself (the other integration tests' server) keeps all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript, startServer, type RunningServer } from '../support/server.ts';
import { Client } from '../support/http.ts';
import { sign, webhookSecret } from '../../src/domain/payments/signature.ts';
import { demoPicks, readyCheckoutHttp } from './checkout.fixtures.ts';

const kind = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';
const SOME_ID = '6f9c2a4e-1b7d-4c3a-9e8f-0a1b2c3d4e5f';

describe('production mode (DEMO_MODE=0)', () => {
  let server: RunningServer;
  const client = () => new Client(server.baseUrl);
  beforeAll(async () => {
    // Outside demo mode nothing demo is seeded at start: the demo data is asked for explicitly (npm run seed).
    server = await startServer({ db: kind, env: { DEMO_MODE: '0' }, prepare: async (env) => { await runScript('scripts/seed.ts', env); } });
  });
  afterAll(async () => { await server?.stop(); });

  it('says at start what is off and what cannot work', () => {
    expect(server.output()).toMatch(/SMTP_URL is not set/);
    expect(server.output()).toMatch(/PAYMENTS_WEBHOOK_SECRET is not set/);
    expect(server.output()).not.toMatch(/\/dev\/outbox/);
  });

  it('has no mail outbox: a sign-in PIN is sent but shown nowhere; passwords still sign in', async () => {
    const c = client();
    expect((await c.post('/api/auth/pin/request', { email: 'emprendedor@demo.test' })).status).toBe(202);
    const outbox = await c.get('/dev/outbox');
    expect(outbox.status).toBe(404);
    expect(outbox.text).not.toContain('emprendedor@demo.test');
    await c.login('cliente@demo.test');
    expect((await c.get('/api/me')).json().user.email).toBe('cliente@demo.test');
  });

  it('offers no sandbox payment methods; paying or tokenising a card through a provider is refused', async () => {
    const c = client();
    // A seeded buyer: a new sign-up's code would go to a mail outbox this mode does not have.
    await c.login('lucia.hernandez@demo.test');
    const picks = demoPicks();
    // Textiles del Bajío takes str_card, openpay_bank (sandbox providers) and cash.
    const ck = await readyCheckoutHttp(c, picks.shopSlug, [{ product_id: picks.textiles[0]!, amount: 1 }]);
    expect(ck.payment_methods.map((m: { method: string }) => m.method)).toEqual(['cash']);
    expect(ck.supplier.enabled_payment_types).toEqual(['cash']);
    // Without PAYMENTS_WEBHOOK_SECRET no provider payment starts, with a code that names the cause.
    const bank = await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'openpay_bank', token: ck.token });
    expect(bank.status).toBe(503);
    expect(bank.json().error.code).toBe('payments_not_configured');
    const card = await c.post('/api/payments/cards/tokens', { name: 'Rosa Martínez', number: '4242424242424242', cvc: '123', exp: '12/35' });
    expect(card.status).toBe(503);
    expect(card.json().error.code).toBe('payments_not_configured');
    expect((await c.get('/api/payments/methods')).json()).toMatchObject({ test_cards: [] });
    // Cash on delivery needs no provider: it still works.
    const cash = await c.post(`/api/checkout/${ck.id}/pay`, { payment_type: 'cash', token: ck.token });
    expect(cash.status, cash.text).toBe(200);
  });

  it('answers 404 for the sandbox provider pages and their endpoint', async () => {
    const c = client();
    for (const path of [`/sandbox/approve/${SOME_ID}`, `/sandbox/3ds/${SOME_ID}`]) {
      const page = await c.get(path);
      expect(page.status).toBe(404);
      expect(page.text).not.toMatch(/sandbox|Pago no encontrado/i);
    }
    const act = await c.post(`/api/payments/sandbox/${SOME_ID}`, { action: 'approve' });
    expect(act.status).toBe(404);
    expect(act.json().error.code).toBe('not_found');
  });

  it('refuses webhooks, even signed with the demo secret', async () => {
    const hook = client();
    const raw = JSON.stringify({ id: 'evt_prod_1', type: 'payment.succeeded', data: { charge_id: 'ch_unknown' } });
    const send = (provider: string) => hook.request('POST', `/api/payments/webhooks/${provider}`, { raw, headers: { 'content-type': 'application/json', 'x-signature': sign(raw, webhookSecret()) } });
    const sandbox = await send('sandbox-reference');
    expect(sandbox.status).toBe(404);
    const offline = await send('offline');
    expect(offline.status).toBe(503);
    expect(offline.json().error.code).toBe('payments_not_configured');
  });
});
