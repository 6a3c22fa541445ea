// Experience tickets over HTTP against the demo server (a fresh buyer buys an experience with attendees and pays by
// card in the sandbox): tickets issued on payment, buyer's views and downloads, attendee changes, validation at the
// door (exactly once under simultaneous scans; who may scan), cancellation. Then the rules on a fresh database
// through the services: experience ended, refunds, orders paid before the tickets migration, concurrent scans.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Client } from '../support/http.ts';
import { freshDb } from '../support/db.ts';
import { CONTACT, demoPicks, makeWorld, signUp, type World } from './checkout.fixtures.ts';
import { orderItems, orders } from '../../src/db/schema/commerce.ts';
import { shopMemberships } from '../../src/db/schema/shops.ts';
import { tickets } from '../../src/db/schema/tickets.ts';
import { updateCheckout } from '../../src/domain/checkout/service.ts';
import { startCheckout } from '../../src/flows/checkout.ts';
import { customerCancel, supplierRefund } from '../../src/domain/orders/service.ts';
import { payCheckout, tokenizeCard } from '../../src/domain/payments/service.ts';
import { listAttendants, scanTicket, updateHolder } from '../../src/domain/tickets/service.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';

const picks = demoPicks();
const SHOP = picks.shopSlug;
// The later experiences, so other suites' purchases of the first ones do not meet ours.
const EXP = picks.experiences.slice(-3);

const card = async (c: Client, number = '4242424242424242') =>
  (await c.post('/api/payments/cards/tokens', { name: 'Rosa Martínez', number, cvc: '123', exp: '12/35' })).json().id as string;

/** Buys `names.length` units of an experience with those attendees; pays by card unless `pay` is false. */
async function buyExperience(c: Client, exp: { id: string; variant: Record<string, string> }, names: string[], opts: { number?: string } = {}) {
  const s = await c.post('/api/checkout', { shop: SHOP, items: [{ product_id: exp.id, variant: exp.variant, amount: names.length }], buy_now: true });
  expect(s.status, s.text).toBe(201);
  const id = s.json().id;
  const filled = await c.request('PATCH', `/api/checkout/${id}`, {
    body: { contact: CONTACT, attendees: names.map((n, i) => ({ product_id: exp.id, full_name: n, phone: `55 1234 56${String(i).padStart(2, '0')}` })) },
  });
  expect(filled.status, filled.text).toBe(200);
  expect(filled.json().missing).toEqual([]);
  const paid = await c.post(`/api/checkout/${id}/pay`, { payment_type: 'str_card', token: filled.json().token, card_token: await card(c, opts.number) });
  expect([200, 201], paid.text).toContain(paid.status);
  return paid.json() as { order_id: string; payment_status: string };
}

const scan = (c: Client, code: string, shop = SHOP) => c.post(`/api/shops/${shop}/tickets/scan`, { code });

describe('experience tickets over HTTP', () => {
  const buyer = new Client();
  const admin = new Client();
  const reader = new Client();
  let orderId = '';
  let list: { id: string; number: number; code: string; state: string; holder: { full_name: string; phone: string }; type: string | null; experience: { name: string; date: string | null } }[] = [];

  beforeAll(async () => {
    await signUp(buyer, 'tickets');
    await admin.login('admin03@demo.test');
    await reader.login('taquilla@demo.test');
    const paid = await buyExperience(buyer, EXP[0]!, ['Lucía Hernández', 'Pedro Ávila']);
    expect(paid.payment_status).toBe('paid');
    orderId = paid.order_id;
    list = (await buyer.get(`/api/orders/${orderId}/attendants`)).json().results;
  });

  it('issues one ticket per attendee once the order is paid, with an unguessable code', async () => {
    expect(list.map((t) => [t.holder.full_name, t.state])).toEqual([['Lucía Hernández', 'valid'], ['Pedro Ávila', 'valid']]);
    for (const t of list) expect(t.code).toMatch(new RegExp(`^${t.number}-[0-9A-HJKMNP-TV-Z]{26}$`));
    expect(list[0]!.code).not.toBe(list[1]!.code);
    expect(list[0]!.holder.phone).toBe('5512345600');
    const detail = (await buyer.get(`/api/orders/${orderId}`)).json();
    const line = detail.items.find((i: { type: string }) => i.type === 'experience');
    expect(list[0]!.experience).toMatchObject({ name: line.name, date: line.experience_date });
    const variant = Object.entries(line.variant as Record<string, string>).map(([k, v]) => `${k}: ${v}`).join(' · ');
    expect(list[0]!.type).toBe(variant || null);
    const mine = (await buyer.get(`/api/tickets?shop=${SHOP}`)).json();
    expect(mine.matches_estimated).toBe(2);
    expect(mine.results.map((t: { id: string }) => t.id).sort()).toEqual(list.map((t) => t.id).sort());
    expect((await buyer.get(`/api/orders/${orderId}/attendants/${list[0]!.id}`)).json().id).toBe(list[0]!.id);
    // The API document lists the endpoints.
    const doc = (await buyer.get('/api/openapi.json')).json();
    for (const p of ['/api/tickets', '/api/tickets/{id}', '/api/tickets/{id}/pdf', '/api/orders/{id}/attendants', '/api/orders/{id}/attendants/{attendantId}',
      '/api/orders/{id}/attendants/{attendantId}.pdf', '/api/orders/{id}/attendants/pdf', '/api/orders/{id}/attendants/zip', '/api/shops/{slug}/tickets/scan']) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });

  it('no tickets for an unpaid order; other people get 404, anonymous visitors 401 on their list', async () => {
    const c = new Client();
    await signUp(c, 'unpaid');
    const declined = await buyExperience(c, EXP[1]!, ['Sin Pagar'], { number: '4000000000000002' });
    expect(declined.payment_status).not.toBe('paid');
    expect((await c.get(`/api/orders/${declined.order_id}/attendants`)).json()).toEqual({ results: [], matches_estimated: 0 });
    expect((await c.get(`/api/orders/${declined.order_id}/attendants/pdf`)).status).toBe(404);
    expect((await c.get('/api/tickets')).json().matches_estimated).toBe(0);
    // Someone else's tickets.
    expect((await c.get(`/api/orders/${orderId}/attendants`)).status).toBe(404);
    expect((await c.get(`/api/tickets/${list[0]!.id}`)).status).toBe(404);
    expect((await c.get(`/api/tickets/${list[0]!.id}/pdf`)).status).toBe(404);
    expect((await c.request('PATCH', `/api/tickets/${list[0]!.id}`, { body: { full_name: 'Intruso', phone: '5511111111' } })).status).toBe(404);
    expect((await new Client().get('/api/tickets')).status).toBe(401);
    expect((await new Client().get(`/api/tickets/${list[0]!.id}/pdf`)).status).toBe(404);
  });

  it('downloads one ticket, all of an order\'s in one PDF, or a ZIP', async () => {
    for (const path of [`/api/tickets/${list[0]!.id}/pdf`, `/api/orders/${orderId}/attendants/${list[1]!.id}.pdf`, `/api/orders/${orderId}/attendants/pdf`]) {
      const r = await buyer.get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(r.headers['content-disposition']).toMatch(/^attachment; filename="boleto/);
      expect(r.text.startsWith('%PDF-')).toBe(true);
    }
    const all = await buyer.get(`/api/orders/${orderId}/attendants/pdf`);
    expect(all.text.match(/\/Type \/Page\b/g)).toHaveLength(2);
    const zip = await buyer.get(`/api/orders/${orderId}/attendants/zip`);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.text.startsWith('PK')).toBe(true);
    expect(zip.text).toContain(`boleto-${list[0]!.number}.pdf`);
    // Another id (the last digit changed; an id that already ended in 0 used to stay the same one, 1 run in 16).
    const other = list[0]!.id.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await buyer.get(`/api/orders/${orderId}/attendants/${other}.pdf`)).status).toBe(404);
  });

  it('the buyer changes an attendee before use; bad input is refused', async () => {
    const bad = await buyer.request('PATCH', `/api/tickets/${list[1]!.id}`, { body: { full_name: '', phone: '12' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['full_name', 'phone']);
    const ok = await buyer.request('PATCH', `/api/tickets/${list[1]!.id}`, { body: { full_name: 'Pedro Ávila Ruiz', phone: '+52 33 1234 5678' } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json().holder).toEqual({ full_name: 'Pedro Ávila Ruiz', phone: '3312345678' });
  });

  it('two simultaneous scans: exactly one lets the attendee in, the other says it was used and when', async () => {
    const code = list[0]!.code;
    const [a, b] = await Promise.all([scan(admin, code), scan(admin, code)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const ok = a.status === 200 ? a.json() : b.json();
    const late = a.status === 200 ? b.json() : a.json();
    expect(ok).toMatchObject({ result: 'valid', ticket: { number: list[0]!.number, holder_name: 'Lucía Hernández' } });
    expect(late).toMatchObject({ result: 'used', error: { code: 'ticket_used' } });
    expect(late.ticket.used_at).toBe(ok.ticket.used_at);
    const again = await scan(reader, code);
    expect(again.status).toBe(409);
    expect(again.json().ticket.used_at).toBe(ok.ticket.used_at);
    const seen = (await buyer.get(`/api/tickets/${list[0]!.id}`)).json();
    expect(seen).toMatchObject({ state: 'used', used_at: ok.ticket.used_at, can_edit: false });
    expect((await buyer.request('PATCH', `/api/tickets/${list[0]!.id}`, { body: { full_name: 'Otra', phone: '5511111111' } })).status).toBe(409);
  });

  it('qrreader members and admins validate; customers, other shops\' admins and anonymous visitors are refused', async () => {
    const code = list[1]!.code;
    const customer = new Client();
    await customer.login('cliente@demo.test'); // member of demo-03 without permissions
    expect((await scan(customer, code)).status).toBe(403);
    expect((await scan(buyer, code)).status).toBe(403);
    expect((await scan(new Client(), code)).status).toBe(401);
    const other = new Client();
    await other.login('admin04@demo.test');
    expect((await scan(other, code)).status).toBe(403);
    const foreign = await scan(other, code, 'demo-04');
    expect(foreign.status).toBe(409);
    expect(foreign.json()).toMatchObject({ result: 'other_shop', ticket: null });
    expect((await scan(reader, code, 'demo-nope')).status).toBe(404);
    // Unknown and forged codes look alike; malformed input too.
    const [n, secret] = code.split('-') as [string, string];
    const forged = `${n}-${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`;
    for (const c of [forged, `999999-${secret}`, 'no es un código']) {
      const r = await scan(reader, c);
      expect(r.status, c).toBe(404);
      expect(r.json()).toMatchObject({ result: 'not_found', ticket: null, error: { code: 'ticket_not_found' } });
    }
    expect((await scan(reader, '')).status).toBe(400);
    // The QR carries the scanner address; reading it validates the same way (spaced, lower-case typing too).
    const valid = await scan(reader, `http://demo-03.localhost/admin/boletos?codigo=${encodeURIComponent(code.toLowerCase())}`);
    expect(valid.status, valid.text).toBe(200);
    expect(valid.json().ticket.holder_name).toBe('Pedro Ávila Ruiz');
  });

  it('canceling the order cancels its tickets', async () => {
    const c = new Client();
    await signUp(c, 'cancel');
    const paid = await buyExperience(c, EXP[2]!, ['Ana Cancelada']);
    const [t] = (await c.get(`/api/orders/${paid.order_id}/attendants`)).json().results;
    expect(t.state).toBe('valid');
    const canceled = await c.request('DELETE', `/api/orders/${paid.order_id}`, { body: { reason: 'requested_by_client', description: 'Ya no puedo ir' } });
    expect(canceled.status, canceled.text).toBe(200);
    const after = (await c.get(`/api/tickets/${t.id}`)).json();
    expect(after).toMatchObject({ state: 'canceled', can_edit: false });
    expect(after.canceled_at).not.toBeNull();
    const r = await scan(admin, t.code);
    expect(r.status).toBe(409);
    expect(r.json().result).toBe('canceled');
    expect((await c.get(`/api/tickets/${t.id}/pdf`)).status).toBe(200);
  });

  it('pages: Mis boletos shows the QR codes; the scanner is for admins and qrreader members', async () => {
    const page = await buyer.get(`/${SHOP}/mis-boletos`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('role="img"');
    expect(page.text).toContain(`data-ticket="${list[1]!.number}"`);
    expect(page.text).toContain(`/api/orders/${orderId}/attendants/pdf`);
    expect((await new Client().get(`/${SHOP}/mis-boletos`)).status).toBe(302);
    const order = await buyer.get(`/${SHOP}/mis-compras/${orderId}`);
    expect(order.text).toContain('data-testid="order-attendants"');
    expect(order.text).toContain(`/api/orders/${orderId}/attendants/zip`);
    const customer = new Client();
    await customer.login('emprendedor@demo.test'); // accountant of demo-03: the bar, not the scanner
    expect((await customer.get(`/${SHOP}/admin/boletos`)).status).toBe(403);
    const scanner = await reader.get(`/${SHOP}/admin/boletos?codigo=${encodeURIComponent(list[1]!.code)}`);
    expect(scanner.status).toBe(200);
    expect(scanner.text).toContain(`value="${list[1]!.code}"`);
    // Opening the scanner with a code does not use it: validating is a post.
    const posted = await reader.request('POST', `/${SHOP}/admin/boletos`, { raw: new URLSearchParams({ code: list[1]!.code }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(posted.status).toBe(200);
    expect(posted.text).toContain('data-result="used"');
  });
});

describe('ticket rules on a fresh database', () => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  let w: World;
  let staff: Viewer;
  beforeAll(async () => {
    h = await freshDb();
    w = await makeWorld(h.db);
    staff = await w.buyer(99);
    await h.db.insert(shopMemberships).values({ shop_id: w.shop.id, user_id: (staff as Extract<Viewer, { kind: 'user' }>).user.id, permissions: ['qrreader'] });
  });
  afterAll(async () => { await h.dispose(); });

  async function paidOrder(buyer: Viewer, names: string[]) {
    const c = await startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.experience, amount: names.length }], buy_now: true, start_as_anonymous: false });
    const filled = await updateCheckout(h.db, buyer, c.id, { contact: CONTACT, attendees: names.map((n) => ({ product_id: w.p.experience, full_name: n, phone: '5512345678', email: null })) });
    const tok = await tokenizeCard(h.db, buyer, { name: 'Rosa', number: '4242424242424242', cvc: '123', exp: '12/40' });
    const r = await payCheckout(h.db, buyer, c.id, { payment_type: 'str_card', token: filled.token!, card_token: tok.id, save_card: false }, { basePath: '' });
    expect(r.payment_status).toBe('paid');
    const list = await listAttendants(h.db, buyer, r.order_id, { offset: 0, limit: 10 });
    return { orderId: r.order_id, tickets: list.results };
  }

  it('simultaneous scans mark a ticket used exactly once', async () => {
    const buyer = await w.buyer(1);
    const { tickets: [t] } = await paidOrder(buyer, ['Una Persona']);
    const results = await Promise.all(Array.from({ length: 6 }, () => scanTicket(h.db, w.shop, staff, t!.code)));
    expect(results.filter((r) => r.result === 'valid')).toHaveLength(1);
    expect(results.filter((r) => r.result === 'used')).toHaveLength(5);
    const [row] = await h.db.select().from(tickets).where(eq(tickets.id, t!.id));
    expect(row!.used_by).toBe((staff as Extract<Viewer, { kind: 'user' }>).user.id);
  });

  it('an experience that ended refuses its tickets and their changes', async () => {
    const buyer = await w.buyer(2);
    const { orderId, tickets: [t] } = await paidOrder(buyer, ['Llega Tarde']);
    await h.db.update(orderItems).set({ experience_date: new Date(Date.now() - 2 * 24 * 3600_000) }).where(eq(orderItems.order_id, orderId));
    expect((await scanTicket(h.db, w.shop, staff, t!.code)).result).toBe('ended');
    await expect(updateHolder(h.db, buyer, t!.id, { full_name: 'Otra', phone: '5511111111' })).rejects.toMatchObject({ code: 'conflict' });
    const [row] = await h.db.select().from(tickets).where(eq(tickets.id, t!.id));
    expect(row!.used_at).toBeNull();
  });

  it('a full refund cancels unused tickets; a used one stays used', async () => {
    const buyer = await w.buyer(3);
    const { orderId, tickets: [a, b] } = await paidOrder(buyer, ['Primera', 'Segunda']);
    expect((await scanTicket(h.db, w.shop, staff, a!.code)).result).toBe('valid');
    const [o] = await h.db.select().from(orders).where(eq(orders.id, orderId));
    await supplierRefund(h.db, w.supplierViewer, orderId, { amount: o!.amount_paid, reason: 'Evento suspendido' });
    const after = (await listAttendants(h.db, buyer, orderId, { offset: 0, limit: 10 })).results;
    expect(after.map((x) => x.state)).toEqual(['used', 'canceled']);
    expect((await scanTicket(h.db, w.shop, staff, b!.code)).result).toBe('canceled');
  });

  it('no tickets for an order canceled before it was paid, nor for unpaid ones; tickets are issued once', async () => {
    const buyer = await w.buyer(4);
    const c = await startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.experience, amount: 1 }], buy_now: true, start_as_anonymous: false });
    await updateCheckout(h.db, buyer, c.id, { contact: CONTACT, attendees: [{ product_id: w.p.experience, full_name: 'Nadie', phone: '5512345678', email: null }] });
    const r = await payCheckout(h.db, buyer, c.id, { payment_type: 'openpay_bank', token: (await updateCheckout(h.db, buyer, c.id, {})).token!, save_card: false }, { basePath: '' });
    expect(r.payment_status).toBe('pending');
    expect((await listAttendants(h.db, buyer, r.order_id, { offset: 0, limit: 10 })).matches_estimated).toBe(0);
    await customerCancel(h.db, buyer, r.order_id, { reason: 'other', description: 'x' });
    // Whatever happens to the payment row later, a canceled order gets no tickets; issuing again adds none.
    const issued = await h.db.execute(sql`select public.issue_order_tickets(${r.order_id}::uuid) as n`);
    const rows = (Array.isArray(issued) ? issued : (issued as { rows: { n: number }[] }).rows) as { n: number }[];
    expect(Number(rows[0]!.n)).toBe(0);
    const paid = await paidOrder(buyer, ['Alguien']);
    const again = await h.db.execute(sql`select public.issue_order_tickets(${paid.orderId}::uuid) as n`);
    expect(Number(((Array.isArray(again) ? again : (again as { rows: { n: number }[] }).rows) as { n: number }[])[0]!.n)).toBe(0);
    expect(paid.tickets).toHaveLength(1);
  });

  it('the database makes a different 136-bit secret for every ticket', async () => {
    const rows = await h.db.select({ secret: tickets.secret }).from(tickets);
    expect(rows.length).toBeGreaterThan(4);
    expect(new Set(rows.map((r) => r.secret)).size).toBe(rows.length);
    for (const r of rows) expect(r.secret).toMatch(/^[0-9a-f]{34}$/);
  });
});
