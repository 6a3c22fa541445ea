// Opening a store and buying packages against a real database (issue 14): the level moves ul0 -> ul1 -> ul2, a
// package's payment posts one balanced ledger transaction (idempotent on the payment and on the buyer's key), the
// referrer earns margin x rate, a declined card opens nothing, renewal and replacement, and the shop's plan rate
// (what resellers earn) follows its active subscription.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { signupProven } from '../support/accounts.ts';
import type { Viewer } from '../../src/lib/shared/viewer.ts';
import { becomeEntrepreneur, openStore } from '../../src/domain/store-opening/service.ts';
import { buyPackage, LEDGER_SOURCE } from '../../src/domain/subscriptions/service.ts';
import { tokenizeCard } from '../../src/domain/payments/service.ts';
import { shopPlanRate } from '../../src/domain/catalog/repo.ts';
import { resaleEarning } from '../../src/domain/catalog/schema.ts';
import { ledgerEntries, ledgerTransactions, plans, profiles, referrals, shops, subscriptions, users } from '../../src/db/schema/index.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
beforeAll(async () => { h = await freshDb(); });
afterAll(async () => { await h.dispose(); });

let n = 0;
async function person(): Promise<Extract<Viewer, { kind: 'user' }>> {
  const u = await signupProven(h.db, { email: `p${++n}-${Date.now()}@test.example`, password: 'a-long-password', name: `Persona ${n}` });
  return { kind: 'user', anonymousId: crypto.randomUUID(), user: u, sessionId: 's' };
}
async function owner(slug: string) {
  const v = await person();
  expect(await becomeEntrepreneur(h.db, v)).toEqual({ user_level: 'ul1' });
  v.user.user_level = 'ul1';
  const opened = await openStore(h.db, v, { name: `Tienda ${slug}`, slug, store_type: 'affiliate', theme_pack: 'basic' });
  v.user.user_level = 'ul2';
  return { v, shop: opened.shop };
}
const card = async (v: Viewer, number = '4242424242424242') => (await tokenizeCard(h.db, v, { name: 'Ana', number, cvc: '123', exp: '12/39' })).id;
const txOf = (paymentId: string) => h.db.select().from(ledgerTransactions).where(sql`${ledgerTransactions.source} = ${LEDGER_SOURCE} and ${ledgerTransactions.source_id} = ${paymentId}`);
async function entriesOf(paymentId: string) {
  const [t] = await txOf(paymentId);
  return t ? h.db.select().from(ledgerEntries).where(eq(ledgerEntries.transaction_id, t.id)) : [];
}

describe('opening a store', () => {
  it('moves the owner from ul1 to ul2 and makes them the shop owner; a second store is refused', async () => {
    const { v, shop } = await owner('tienda-svc-uno');
    const [u] = await h.db.select({ level: users.user_level }).from(users).where(eq(users.id, v.user.id));
    expect(u!.level).toBe('ul2');
    const [row] = await h.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row).toMatchObject({ owner: v.user.profile_id, store_type: 'affiliate', theme_pack: 'basic', slug: 'tienda-svc-uno' });
    v.user.user_level = 'ul1'; // a stale session: the row lock and the owned shop still refuse
    await expect(openStore(h.db, v, { name: 'Otra', slug: 'tienda-svc-otra', store_type: 'affiliate', theme_pack: 'basic' })).rejects.toMatchObject({ code: 'conflict', status: 409 });
  });

  it('refuses level 0 and store types the person may not open', async () => {
    const v = await person();
    await expect(openStore(h.db, v, { name: 'X', slug: 'tienda-svc-x', store_type: 'affiliate', theme_pack: 'basic' })).rejects.toMatchObject({ code: 'forbidden' });
    await becomeEntrepreneur(h.db, v);
    v.user.user_level = 'ul1';
    await expect(openStore(h.db, v, { name: 'X', slug: 'tienda-svc-x', store_type: 'franchise', theme_pack: 'basic' }))
      .rejects.toMatchObject({ code: 'validation_error', fields: { store_type: ['store_type_not_allowed'] } });
    await h.db.update(profiles).set({ main_type: 'affinity' }).where(eq(profiles.id, v.user.profile_id));
    const opened = await openStore(h.db, v, { name: 'Red X', slug: 'tienda-svc-red', store_type: 'affinity', theme_pack: 'basic' });
    expect(opened.shop.store_type).toBe('affinity');
  });

  it('puts a store opened by someone who joined from an affinity network under the root store of that network', async () => {
    const { v: root, shop: rootShop } = await owner('tienda-svc-raiz');
    await h.db.update(shops).set({ store_type: 'affinity' }).where(eq(shops.id, rootShop.id));
    const v = await person();
    await h.db.insert(referrals).values({ child_profile: v.user.profile_id, parent_profile: root.user.profile_id, shop_id: rootShop.id });
    await becomeEntrepreneur(h.db, v);
    v.user.user_level = 'ul1';
    const opened = await openStore(h.db, v, { name: 'Hija', slug: 'tienda-svc-hija', store_type: 'affiliate', theme_pack: 'basic' });
    const [row] = await h.db.select().from(shops).where(eq(shops.id, opened.shop.id));
    expect(row!.root_affinity_store_id).toBe(rootShop.id);
  });
});

describe('buying a package', () => {
  it('opens the subscription, posts one balanced ledger transaction with the referrer part, and is idempotent', async () => {
    const promoter = await person();
    const { v, shop } = await owner('tienda-svc-pago');
    await h.db.insert(referrals).values({ child_profile: v.user.profile_id, parent_profile: promoter.user.profile_id });
    const now = new Date('2030-01-31T12:00:00Z');
    const first = await buyPackage(h.db, v, { plan_id: 'negocio_digital', card_token: await card(v), idempotency_key: 'buy-key-0001' }, now);
    expect(first.status).toBe('succeeded');
    expect(first.subscription).toMatchObject({ plan_id: 'negocio_digital', state: 'active', shop: { slug: shop.slug }, started_at: '2030-01-31T12:00:00.000Z', renews_at: '2030-02-28T12:00:00.000Z' });
    const lines = await entriesOf(first.payment.id);
    expect(lines.reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect(lines.map((e) => [e.role, e.account, e.amount, e.holder]).sort()).toEqual([
      ['bank', 'clearing', -19900, null], ['platform', 'revenue', 19900 - 4975, null], ['promoter', 'pending', 4975, promoter.user.profile_id],
    ].sort());
    // The same key again: the same payment, no second charge, no second ledger transaction.
    const again = await buyPackage(h.db, v, { plan_id: 'negocio_digital', card_token: await card(v), idempotency_key: 'buy-key-0001' }, now);
    expect(again.payment.id).toBe(first.payment.id);
    expect(await txOf(first.payment.id)).toHaveLength(1);
    const subs = await h.db.select().from(subscriptions).where(eq(subscriptions.shop_id, shop.id));
    expect(subs).toHaveLength(1);
    // The key with another plan is a conflict, not a purchase.
    await expect(buyPackage(h.db, v, { plan_id: 'tienda_en_linea', card_token: await card(v), idempotency_key: 'buy-key-0001' }, now)).rejects.toMatchObject({ code: 'idempotency_conflict' });
  });

  it('renews the same plan from its renewal date, replaces it with another plan, and a declined card opens nothing', async () => {
    const { v, shop } = await owner('tienda-svc-renueva');
    const t0 = new Date('2030-03-10T10:00:00Z');
    await buyPackage(h.db, v, { plan_id: 'tienda_en_linea', card_token: await card(v), idempotency_key: 'renew-key-1' }, t0);
    const renewed = await buyPackage(h.db, v, { plan_id: 'tienda_en_linea', card_id: undefined, card_token: await card(v), idempotency_key: 'renew-key-2' }, new Date('2030-03-20T10:00:00Z'));
    expect(renewed.payment).toMatchObject({ period_start: '2030-04-10T10:00:00.000Z', period_end: '2030-05-10T10:00:00.000Z' });
    expect(renewed.subscription).toMatchObject({ renews_at: '2030-05-10T10:00:00.000Z', started_at: '2030-03-10T10:00:00.000Z' });
    const declined = await buyPackage(h.db, v, { plan_id: 'facturacion_electronica', card_token: await card(v, '4000000000000002'), idempotency_key: 'renew-key-3' }, t0);
    expect(declined).toMatchObject({ status: 'failed', subscription: null, payment: { failure_code: 'card_declined' } });
    expect(await txOf(declined.payment.id)).toHaveLength(0);
    const replaced = await buyPackage(h.db, v, { plan_id: 'facturacion_electronica', card_token: await card(v), idempotency_key: 'renew-key-4' }, t0);
    expect(replaced.subscription).toMatchObject({ plan_id: 'facturacion_electronica', state: 'active' });
    const states = (await h.db.select().from(subscriptions).where(eq(subscriptions.shop_id, shop.id))).map((s) => [s.plan_id, s.state]).sort();
    expect(states).toEqual([['facturacion_electronica', 'active'], ['tienda_en_linea', 'replaced']]);
  });

  it('refuses people without a store (403) and a used card token', async () => {
    const v = await person();
    await expect(buyPackage(h.db, v, { plan_id: 'negocio_digital', card_token: await card(v), idempotency_key: 'nostore-1' })).rejects.toMatchObject({ code: 'forbidden', status: 403 });
    const { v: o } = await owner('tienda-svc-token');
    const tok = await card(o);
    await buyPackage(h.db, o, { plan_id: 'negocio_digital', card_token: tok, idempotency_key: 'token-1' });
    await expect(buyPackage(h.db, o, { plan_id: 'negocio_digital', card_token: tok, idempotency_key: 'token-2' })).rejects.toMatchObject({ code: 'card_invalid' });
  });

  it("applies the active subscription's plan rate to what the reseller earns", async () => {
    await h.db.update(plans).set({ plan_commission_rate: '0.6' }).where(eq(plans.id, 'negocio_digital'));
    const { v, shop } = await owner('tienda-svc-tasa');
    const row = { id: shop.id, signup_plan: null };
    expect(await shopPlanRate(h.db, row)).toBe('0.5');
    await buyPackage(h.db, v, { plan_id: 'negocio_digital', card_token: await card(v), idempotency_key: 'rate-key-1' });
    expect(await shopPlanRate(h.db, row)).toBe('0.6');
    expect(resaleEarning(9950, (await shopPlanRate(h.db, row))!)).toBe(5970);
    // Without a subscription, the shop's signup plan still applies.
    expect(await shopPlanRate(h.db, { id: crypto.randomUUID(), signup_plan: 'negocio_digital' })).toBe('0.6');
  });

  it('answers two simultaneous submits of one key with one payment, and opens one store for two simultaneous submits', async () => {
    const { v } = await owner('tienda-svc-doble');
    const tok = await card(v);
    const input = { plan_id: 'tienda_en_linea' as const, card_token: tok, idempotency_key: 'double-key-1' };
    const [a, b] = await Promise.all([buyPackage(h.db, v, input), buyPackage(h.db, v, input)]);
    expect(a.payment.id).toBe(b.payment.id);
    expect(await txOf(a.payment.id)).toHaveLength(1);
    const w = await person();
    await becomeEntrepreneur(h.db, w);
    w.user.user_level = 'ul1';
    const results = await Promise.allSettled(['tienda-svc-par-a', 'tienda-svc-par-b'].map((slug) => openStore(h.db, w, { name: slug, slug, store_type: 'affiliate', theme_pack: 'basic' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'conflict' } });
    expect(await h.db.select().from(shops).where(eq(shops.owner, w.user.profile_id))).toHaveLength(1);
  });
});
