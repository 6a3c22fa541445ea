// The mail queue against a real SMTP server running in this process (smtp-server) and a real database: a buyer's
// order produces its mails in the buyer's language (Spanish for one buyer, English for another), each with an HTML
// and a plain-text part, the shop's name escaped; while SMTP is down mails stay queued with their attempts counted,
// and once it is back the job sends each exactly once, even with two senders at the same moment.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox, shops, users } from '../../src/db/schema/index.ts';
import { requestPin } from '../../src/domain/accounts/service.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { addressInput } from '../../src/domain/checkout/schema.ts';
import { chooseDelivery, updateCheckout } from '../../src/domain/checkout/service.ts';
import { startCheckout } from '../../src/flows/checkout.ts';
import { resetConfig } from '../../src/lib/server/config.ts';
import { closeTransports, deliverDue, mailOrder, mailPackage, mailPayout, rememberLocale, setOptionalMail } from '../../src/domain/mail/index.ts';
import { customerNext, supplierNext } from '../../src/domain/orders/service.ts';
import { payCheckout, tokenizeCard } from '../../src/domain/payments/service.ts';
import { freshDb } from '../support/db.ts';
import { ADDRESS, CONTACT, makeWorld, type World } from './checkout.fixtures.ts';

interface Inbox { server: SMTPServer; port: number; mails: ParsedMail[] }

/** A real SMTP server on `port` (0: any free one) that keeps every message it accepts, parsed. */
async function startSmtp(port = 0, mails: ParsedMail[] = []): Promise<Inbox> {
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((m) => { mails.push(m); done(); }, done);
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  return { server, port: (server.server.address() as AddressInfo).port, mails };
}
const stopSmtp = (i: Inbox) => new Promise<void>((r) => i.server.close(() => r()));

/** Waits until `ok` holds (the SMTP server parses asynchronously after answering). */
async function until(ok: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

let h: Awaited<ReturnType<typeof freshDb>>;
let w: World;
let inbox: Inbox;
const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM, PUBLIC_URL: process.env.PUBLIC_URL, BASE_DOMAIN: process.env.BASE_DOMAIN };

beforeAll(async () => {
  inbox = await startSmtp();
  process.env.SMTP_URL = `smtp://127.0.0.1:${inbox.port}`;
  process.env.MAIL_FROM = 'Tiendas <no-reply@tiendas.test>';
  process.env.PUBLIC_URL = 'http://tiendas.test';
  process.env.BASE_DOMAIN = 'tiendas.test';
  resetConfig(); // read again with the variables above (src/lib/server/config.ts)
  h = await freshDb();
  w = await makeWorld(h.db);
  // A name with markup and an ampersand: it must reach the HTML part escaped.
  await h.db.update(shops).set({ name: 'Casa <Norte> & Co' }).where(eq(shops.id, w.shop.id));
});

afterAll(async () => {
  closeTransports();
  await stopSmtp(inbox).catch(() => {});
  await h?.dispose();
  for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  resetConfig();
});

const userId = (v: Viewer) => (v.kind === 'user' ? v.user.id : '');
const emailOf = (v: Viewer) => (v.kind === 'user' ? v.user.email : '');
const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0]!.text : m.to?.text ?? '');

/** A cash-on-delivery order by `buyer`, its page in `locale`, taken from placing to delivery by the supplier. */
async function deliveredOrder(buyer: Viewer, contactEmail: string, locale: string) {
  const c0 = await startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.tenUnits, amount: 2 }], buy_now: true, start_as_anonymous: false });
  await updateCheckout(h.db, buyer, c0.id, { contact: { ...CONTACT, email: contactEmail }, address: { ...addressInput.parse(ADDRESS), save: false } });
  const c = await chooseDelivery(h.db, buyer, c0.id, { delivery_type: 'fixed_delivery' });
  const r = await payCheckout(h.db, buyer, c.id, { payment_type: 'cash', token: c.token!, save_card: false }, { basePath: '', locale });
  const sup = w.supplierViewer;
  const date = new Date(Date.now() + 5 * 86400_000).toISOString().slice(0, 10);
  await supplierNext(h.db, sup, r.order_id, { as: 'supplier', estimated_delivery_date: date, shipping_cost: 9900 });
  await customerNext(h.db, buyer, r.order_id);
  await supplierNext(h.db, sup, r.order_id, { as: 'supplier' });
  await supplierNext(h.db, sup, r.order_id, { as: 'supplier' });
  await supplierNext(h.db, sup, r.order_id, { as: 'supplier' });
  const [o] = await h.db.select({ number: orders.number }).from(orders).where(eq(orders.id, r.order_id));
  return { id: r.order_id, ref: `PO-${o!.number}` };
}

describe('mail through a real SMTP server', () => {
  it("sends an order's mails in each buyer's language, HTML and text, the shop's name escaped", async () => {
    const es = await w.buyer(1);
    const en = await w.buyer(2);
    // The English buyer saved English with their preferences; their order's page was in Spanish: the account wins.
    await rememberLocale(h.db, userId(en), 'en');
    const a = await deliveredOrder(es, emailOf(es), 'es');
    const b = await deliveredOrder(en, emailOf(en), 'es');
    // Nothing has gone out yet: every mail waits in the queue for the job.
    expect(inbox.mails).toHaveLength(0);
    expect(await deliverDue(h.db, new Date())).toBeGreaterThanOrEqual(8);
    await until(() => inbox.mails.filter((m) => to(m) === emailOf(es) || to(m) === emailOf(en)).length >= 8);

    const of = (v: Viewer) => inbox.mails.filter((m) => to(m) === emailOf(v)).map((m) => m.subject);
    expect(of(es)).toEqual(expect.arrayContaining([
      `Recibimos tu pedido ${a.ref}`, `Tu pedido ${a.ref} tiene fecha de entrega`, `Pago recibido: pedido ${a.ref}`, `Tu pedido ${a.ref} fue entregado`,
    ]));
    expect(of(en)).toEqual(expect.arrayContaining([
      `We received your order ${b.ref}`, `Your order ${b.ref} has a delivery date`, `Payment received: order ${b.ref}`, `Your order ${b.ref} was delivered`,
    ]));
    expect(of(es)).toHaveLength(4);
    expect(of(en)).toHaveLength(4);

    const placedEs = inbox.mails.find((m) => m.subject === `Recibimos tu pedido ${a.ref}`)!;
    expect(placedEs.headers.get('content-language')).toBe('es');
    expect(placedEs.text).toContain('¡Gracias por tu compra!');
    // The order's page at the shop's address (its subdomain or path, as this deployment addresses shops).
    const page = new RegExp(`http://[^\\s"]*tiendas\\.test[^\\s"]*/mis-compras/${a.id}`);
    expect(placedEs.text).toMatch(page);
    expect(placedEs.text).toContain('Casa <Norte> & Co');
    expect(placedEs.html).toContain('Casa &lt;Norte&gt; &amp; Co');
    expect(placedEs.html).not.toContain('<Norte>');
    expect(placedEs.html).toMatch(new RegExp(`href="${page.source}"`));
    const confirmedEn = inbox.mails.find((m) => m.subject === `Your order ${b.ref} has a delivery date`)!;
    expect(confirmedEn.headers.get('content-language')).toBe('en');
    expect(confirmedEn.text).toContain('Estimated delivery');
    expect(confirmedEn.html).toContain('Check and accept');
    // Essential mail has no unsubscribe link.
    expect(confirmedEn.text).not.toContain('preferencias?baja=');

    // The supplier is asked to confirm each order, in the language of the page the order was placed in.
    const supplierMails = inbox.mails.filter((m) => to(m) === emailOf(w.supplierViewer)).map((m) => m.subject);
    expect(supplierMails).toEqual(expect.arrayContaining([`Pedido nuevo por confirmar: ${a.ref}`, `Pedido nuevo por confirmar: ${b.ref}`]));

    // The review invitation waits two days, and carries a link that turns such mail off without signing in.
    const [invite] = await h.db.select().from(outbox).where(and(eq(outbox.to, emailOf(en)), eq(outbox.kind, 'reviewInvite')));
    expect(invite!.status).toBe('queued');
    expect(invite!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 86400_000);
    const token = /preferencias\?baja=([^\s"&]+)/.exec(invite!.body)![1]!;
    expect(invite!.html).toContain('Stop these notices');
    expect(await setOptionalMail(h.db, { token: decodeURIComponent(token) }, false)).toBe(true);
    expect(await setOptionalMail(h.db, { token: 'not-a-token' }, false)).toBe(false);
    expect((await h.db.select({ on: users.optional_mail }).from(users).where(eq(users.id, userId(en))))[0]!.on).toBe(false);

    // Two days later the invitations are due: the Spanish buyer's goes, with a List-Unsubscribe header; the English
    // buyer turned such mail off after it was queued, so theirs stays unsent.
    await deliverDue(h.db, new Date(Date.now() + 3 * 86400_000));
    await until(() => inbox.mails.some((m) => to(m) === emailOf(es) && m.subject === '¿Qué te pareció tu compra en Casa <Norte> & Co?'));
    const review = inbox.mails.find((m) => to(m) === emailOf(es) && m.subject?.startsWith('¿Qué te pareció'))!;
    expect(String(review.headers.get('list-unsubscribe') ?? JSON.stringify(review.headers.get('list')))).toContain('preferencias?baja=');
    expect(review.html).toContain('Dejar de recibir estos avisos');
    expect(inbox.mails.filter((m) => to(m) === emailOf(en) && m.subject?.startsWith('How was'))).toHaveLength(0);
    const [skipped] = await h.db.select().from(outbox).where(and(eq(outbox.to, emailOf(en)), eq(outbox.kind, 'reviewInvite')));
    expect(skipped!.status).toBe('skipped');
  });

  it('sends a sign-in PIN at once, in the account\'s language', async () => {
    const en = await w.buyer(3);
    await rememberLocale(h.db, userId(en), 'en');
    const before = inbox.mails.length;
    await requestPin(h.db, emailOf(en), '198.51.100.7', 'es');
    await until(() => inbox.mails.length > before);
    const pin = inbox.mails.at(-1)!;
    expect(pin.subject).toBe('Your sign-in PIN');
    expect(pin.text).toMatch(/\n\d{6}\n/);
    expect(pin.text).not.toMatch(/Tu PIN|Vence/);
  });

  it('queues nothing when the transaction of the event rolls back', async () => {
    const buyer = await w.buyer(4);
    const a = await deliveredOrder(buyer, emailOf(buyer), 'es');
    const err = await h.db.transaction(async (tx) => {
      await mailOrder(tx, a.id, 'canceled');
      throw new Error('rolled back');
    }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(await h.db.select().from(outbox).where(and(eq(outbox.to, emailOf(buyer)), eq(outbox.kind, 'orderCanceled')))).toHaveLength(0);
  });

  it('tells a wallet holder of a payout and a package buyer of receipts and failed renewals, once each', async () => {
    const holder = await w.buyer(6);
    await rememberLocale(h.db, userId(holder), 'es-AR');
    const profile = holder.kind === 'user' ? holder.user.profile_id : '';
    for (let i = 0; i < 2; i++) {
      await mailPayout(h.db, { id: '00000000-0000-4000-8000-000000000001', holder: profile, amount: 150000, currency: 'MXN', paid: false, reason: 'CLABE inválida' });
      await mailPackage(h.db, { key: 'renew-1', userId: userId(holder), ok: false, plan: 'Tienda en Línea', amount: 49900, currency: 'MXN', reason: 'card_expired' });
    }
    await mailPackage(h.db, { key: 'pay-1', userId: userId(holder), ok: true, plan: 'Tienda en Línea', amount: 49900, currency: 'MXN', start: new Date('2026-11-01T12:00:00Z'), end: new Date('2026-12-01T12:00:00Z') });
    const rows = await h.db.select().from(outbox).where(eq(outbox.to, emailOf(holder)));
    expect(rows.map((r) => r.subject).sort()).toEqual([
      'No pudimos renovar tu paquete Tienda en Línea', 'Recibo de tu paquete Tienda en Línea', 'Tu retiro de $ 1.500,00 fue rechazado',
    ]);
    const rejected = rows.find((r) => r.kind === 'payoutRejected')!;
    expect(rejected.locale).toBe('es-AR');
    expect(rejected.body).toContain('la plata volvió a tu monedero');
    expect(rejected.body).toContain('CLABE inválida');
    expect(rows.find((r) => r.kind === 'renewalFailed')!.body).toContain('La tarjeta guardada venció');
  });

  it('keeps mail queued while SMTP is down, counting attempts, and sends each once when it is back', { timeout: 20_000 }, async () => {
    await deliverDue(h.db, new Date()); // whatever earlier tests left due
    await stopSmtp(inbox);
    const buyer = await w.buyer(5);
    const c0 = await startCheckout(h.db, w.shop, buyer, { items: [{ product_id: w.p.tenUnits, amount: 1 }], buy_now: true, start_as_anonymous: false });
    await updateCheckout(h.db, buyer, c0.id, { contact: { ...CONTACT, email: emailOf(buyer) }, address: { ...addressInput.parse(ADDRESS), save: false } });
    const c = await chooseDelivery(h.db, buyer, c0.id, { delivery_type: 'fixed_delivery' });
    const tok = await tokenizeCard(h.db, buyer, { name: 'Rosa', number: '4242424242424242', cvc: '123', exp: '12/40' });
    await payCheckout(h.db, buyer, c.id, { payment_type: 'str_card', token: c.token!, card_token: tok.id, save_card: false }, { basePath: '', locale: 'en' });
    const mine = () => h.db.select().from(outbox).where(eq(outbox.to, emailOf(buyer)));
    expect((await mine()).map((m) => m.kind).sort()).toEqual(['orderPaid', 'orderPlaced']);

    const t0 = new Date();
    expect(await deliverDue(h.db, t0)).toBe(0);
    let rows = await mine();
    for (const m of rows) {
      expect(m.status).toBe('queued');
      expect(m.attempts).toBe(1);
      expect(m.last_error).toBeTruthy();
      expect(m.next_attempt_at.getTime()).toBeGreaterThan(t0.getTime());
    }
    // Not due again yet: nothing is tried. Past the backoff: tried again, still down.
    await deliverDue(h.db, t0);
    expect((await mine()).map((m) => m.attempts)).toEqual([1, 1]);
    await deliverDue(h.db, new Date(Date.now() + 3600_000));
    expect((await mine()).map((m) => m.attempts)).toEqual([2, 2]);

    // SMTP is back (same address): two senders at the same moment send each mail exactly once.
    inbox = await startSmtp(inbox.port);
    const later = new Date(Date.now() + 24 * 3600_000);
    const [x, y] = await Promise.all([deliverDue(h.db, later), deliverDue(h.db, later)]);
    expect(x + y).toBeGreaterThanOrEqual(2);
    await until(() => inbox.mails.filter((m) => to(m) === emailOf(buyer)).length >= 2);
    await deliverDue(h.db, later);
    const got = inbox.mails.filter((m) => to(m) === emailOf(buyer)).map((m) => m.subject).sort();
    expect(got).toHaveLength(2);
    expect(got[0]).toMatch(/^Payment received: order PO-\d+$/);
    expect(got[1]).toMatch(/^We received your order PO-\d+$/);
    rows = await mine();
    expect(rows.every((m) => m.status === 'sent' && m.sent_at && m.attempts === 3)).toBe(true);
  });
});
