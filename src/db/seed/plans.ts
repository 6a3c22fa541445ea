// Demo packages (issue 14): demo-03 pays the Tienda en Línea plan (its signup plan) by card. The subscription started
// forty days ago and renewed once by itself ten days ago (package billing: two paid periods, the second keyed like a
// renewal), its card is kept on file to renew again in about twenty days, and each payment has its ledger
// transaction (bank -> platform revenue: admin03 joined no one's network, so nobody earns a referral part). Written
// with the same rows and ledger rules as a purchase at /apps/paquetes and the renewal sweeper.
import { createHash } from 'node:crypto';
import type { Db, Tx } from '../client.ts';
import { savedCards, subscriptionPayments, subscriptions } from '../schema/index.ts';
import { PLAN_DEFAULTS } from '../../lib/shared/constants.ts';
import { postTransaction } from '../../domain/wallet/repo.ts';
import { addMonth, subscriptionEntries } from '../../domain/subscriptions/rules.ts';
import { LEDGER_SOURCE } from '../../domain/subscriptions/service.ts';
import { seedUuid } from './ids.ts';

export const DEMO_SUBSCRIPTION = { shop: 'demo-03', owner: 'admin03', plan: 'tienda_en_linea' } as const;

export async function insertDemoSubscription(tx: Tx, now = new Date()) {
  const db = tx as unknown as Db;
  const started = new Date(now.getTime() - 40 * 86_400_000);
  const renewed = addMonth(started);
  const renews = addMonth(renewed);
  const shopId = seedUuid(`shop:${DEMO_SUBSCRIPTION.shop}`);
  const userId = seedUuid(`user:${DEMO_SUBSCRIPTION.owner}`);
  const subId = seedUuid('plans-demo:subscription');
  const cardId = seedUuid('plans-demo:card');
  await db.insert(savedCards).values({
    id: cardId, user_id: userId, provider: 'sandbox-card', name: 'Admin Demo 03', brand: 'visa', last4: '4242', card_type: 'credit', bank: 'Banco Sandbox',
    exp_month: 12, exp_year: now.getUTCFullYear() + 5, sandbox_behaviour: 'approve', fingerprint: createHash('sha256').update('card:4242424242424242').digest('hex'), created_at: started,
  }).onConflictDoNothing();
  await db.insert(subscriptions).values({ id: subId, shop_id: shopId, plan_id: DEMO_SUBSCRIPTION.plan, user_id: userId, state: 'active', started_at: started, renews_at: renews, card_id: cardId, created_at: started });
  const periods = [
    { id: seedUuid('plans-demo:payment'), key: `${userId}:demo-package`, start: started, end: renewed },
    { id: seedUuid('plans-demo:payment-2'), key: `renew:${subId}:${renewed.toISOString()}`, start: renewed, end: renews },
  ];
  for (const p of periods) {
    await db.insert(subscriptionPayments).values({
      id: p.id, subscription_id: subId, shop_id: shopId, plan_id: DEMO_SUBSCRIPTION.plan, user_id: userId, idempotency_key: p.key,
      amount: PLAN_DEFAULTS.price, currency: PLAN_DEFAULTS.currency, status: 'succeeded', card: { brand: 'visa', last4: '4242', type: 'credit' },
      period_start: p.start, period_end: p.end, created_at: p.start,
    });
    await postTransaction(db, { source: LEDGER_SOURCE, source_id: p.id, memo: `${DEMO_SUBSCRIPTION.plan} ${DEMO_SUBSCRIPTION.shop}`, at: p.start },
      subscriptionEntries({ price: PLAN_DEFAULTS.price, currency: PLAN_DEFAULTS.currency, margin: PLAN_DEFAULTS.contribution_margin, rate: PLAN_DEFAULTS.plan_commission_rate, referrer: null }));
  }
}
