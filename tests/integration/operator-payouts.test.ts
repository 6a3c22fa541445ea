// The operator's payouts queue (issue 25) on the demo server, where cash-outs wait for the operator (the integration
// server runs with PAYOUTS_REVIEW=1, tests/support/server-setup.ts; the demo's default is off): a
// supplier's requested cash-out stays requested (the payouts job leaves it), only the operator may act on it, two
// approvals (or rejections) at once settle it once and log it once, and the supplier's wallet shows it paid, or
// rejected with the money back.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const PAGE = '/apps/operador/retiros';
const CLABE = '012180001234567891';

const client = () => new Client();
async function as(email: string) {
  const c = client();
  await c.login(email);
  return c;
}
const form = (c: Client, body: Record<string, string>, headers: Record<string, string> = {}) =>
  c.request('POST', PAGE, { raw: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
const wallet = async (c: Client) => (await c.get('/api/me/wallets')).json().results[0];
const payoutOf = async (c: Client, id: string) => (await c.get('/api/me/wallets/mxn/payouts')).json().results.find((p: { id: string }) => p.id === id);

async function cashOut(c: Client, amount: number, key: string) {
  const r = await c.post('/api/me/wallets/mxn/payouts', { amount, destination: CLABE, idempotency_key: key });
  expect(r.status, r.text).toBe(201);
  return r.json().payout as { id: string; status: string };
}

/** Waits (polling, no fixed sleep) until the payouts job has run once more after `since`. */
async function payoutsJobRanAfter(op: Client, since: number) {
  expect((await op.post('/api/admin/jobs/payouts/retry')).status).toBe(202);
  for (let i = 0; i < 100; i++) {
    const job = (await op.get('/api/admin/jobs')).json().results.find((j: { name: string }) => j.name === 'payouts');
    if (job.last_finished_at && Date.parse(job.last_finished_at) > since) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the payouts job did not run');
}

const auditRows = (html: string, id: string) => html.split(`data-target="${id}"`).length - 1;

describe('payouts queue (PAYOUTS_REVIEW=1)', () => {
  it('keeps a cash-out requested for the operator; approving it twice at once pays it once, logged once', async () => {
    const supplier = await as('cafe@demo.test');
    const op = await as('operador@demo.test');
    const before = await wallet(supplier);
    expect(before.available_for_cashout).toBeGreaterThan(2000);
    const t0 = Date.now();
    const p = await cashOut(supplier, 1000, 'op-approve-0001');
    expect(p.status).toBe('requested');
    await payoutsJobRanAfter(op, t0);
    expect((await payoutOf(supplier, p.id)).status).toBe('requested');
    expect(await wallet(supplier)).toMatchObject({ in_payout: before.in_payout + 1000, available_for_cashout: before.available_for_cashout - 1000 });

    const queue = await op.get(PAGE);
    expect(queue.status).toBe(200);
    expect(queue.text).toContain(`data-payout="${p.id}"`);
    expect(queue.text).toContain('CLABE terminada en …7891');
    expect(queue.text).not.toContain(CLABE);
    expect(queue.text).toContain('Café de Altura');

    // Anyone else: 403 and nothing happens; another site's form: refused; bad input: 400 with the field's reason.
    expect((await form(supplier, { payout: p.id, action: 'approve', reference: 'SPEI-123456' })).status).toBe(403);
    expect((await form(op, { payout: p.id, action: 'approve', reference: 'SPEI-123456' }, { origin: 'http://evil.example' })).status).toBe(403);
    const empty = await form(op, { payout: p.id, action: 'approve', reference: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('aria-invalid="true"');
    expect((await form(op, { payout: p.id, action: 'approve', reference: 'SPEI\u0000123' })).status).toBe(400);
    expect((await form(op, { payout: 'nope', action: 'approve', reference: 'SPEI-123456' })).status).toBe(404);
    expect((await payoutOf(supplier, p.id)).status).toBe('requested');

    const op2 = await as('operador@demo.test');
    const both = await Promise.all([form(op, { payout: p.id, action: 'approve', reference: 'SPEI-123456' }), form(op2, { payout: p.id, action: 'approve', reference: 'SPEI-654321' })]);
    expect(both.map((r) => r.status).sort()).toEqual([303, 409]);
    expect(both.find((r) => r.status === 409)!.text).toContain('ya se resolvió');
    expect(await payoutOf(supplier, p.id)).toMatchObject({ status: 'paid' });
    const after = await wallet(supplier);
    expect(after).toMatchObject({ in_payout: before.in_payout, available_for_cashout: before.available_for_cashout - 1000 });
    const moves = (await supplier.get('/api/me/wallets/mxn/entries?limit=100')).json().results.filter((e: { source: string }) => e.source === 'payout_paid');
    expect(moves.length).toBeGreaterThan(0);
    const page = await supplier.get('/demo-03/monedero');
    expect(page.text).toMatch(/p-paid"[^>]*>Pagado</);
    const log = await op.get('/apps/operador/bitacora');
    expect(auditRows(log.text, p.id)).toBe(1);
    expect(log.text).toContain('Retiro pagado');
    expect(log.text).toContain('operador@demo.test');
    expect(log.text).toContain('SPEI-');
    expect((await op.get(`${PAGE}?estado=paid`)).text).toContain(`data-payout="${p.id}"`);
  });

  it('rejecting twice at once gives the money back once; the wallet shows it rejected with the reason', async () => {
    const supplier = await as('cafe@demo.test');
    const op = await as('operador@demo.test');
    const op2 = await as('operador@demo.test');
    const before = await wallet(supplier);
    const p = await cashOut(supplier, 700, 'op-reject-0001');
    expect((await wallet(supplier)).available_for_cashout).toBe(before.available_for_cashout - 700);
    const both = await Promise.all([form(op, { payout: p.id, action: 'reject', reason: 'CLABE a nombre de otra persona' }), form(op2, { payout: p.id, action: 'reject', reason: 'Cuenta incorrecta' })]);
    expect(both.map((r) => r.status).sort()).toEqual([303, 409]);
    expect(await payoutOf(supplier, p.id)).toMatchObject({ status: 'rejected' });
    expect(await wallet(supplier)).toMatchObject({ available_for_cashout: before.available_for_cashout, in_payout: before.in_payout });
    const back = (await supplier.get('/api/me/wallets/mxn/entries?limit=100')).json().results.filter((e: { source: string }) => e.source === 'payout_rejected');
    expect(back).toHaveLength(1);
    expect(back[0].accounts).toEqual({ payout: -700, available: 700 });
    // Approving a rejected payout changes nothing.
    expect((await form(op, { payout: p.id, action: 'approve', reference: 'SPEI-999999' })).status).toBe(409);
    const page = await supplier.get('/demo-03/monedero');
    expect(page.text).toContain('Rechazado por la plataforma:');
    expect(page.text).toContain('Retiro rechazado: dinero devuelto');
    const log = await op.get('/apps/operador/bitacora');
    expect(auditRows(log.text, p.id)).toBe(1);
    const en = await op.get(`${PAGE}?estado=rejected`, { headers: { cookie: 'lang=en' } });
    expect(en.text).toContain('Rejected');
    expect(en.text).toContain(`data-payout="${p.id}"`);
  });
});
