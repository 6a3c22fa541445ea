// Demo packages (issue 14): demo-03 pays the Tienda en Línea plan (its signup plan) by card; the subscription started
// ten days ago and renews in a month, and its payment has its ledger transaction (bank -> platform revenue: admin03
// joined no one's network, so nobody earns a referral part). Written with the same rows and ledger rules as a
// purchase at /apps/paquetes.
import type { Db, Tx } from '../client.ts';
import { subscriptionPayments, subscriptions } from '../schema/index.ts';
import { PLAN_DEFAULTS } from '../../lib/shared/constants.ts';
import { postTransaction } from '../../domain/wallet/repo.ts';
import { addMonth, subscriptionEntries } from '../../domain/subscriptions/rules.ts';
import { LEDGER_SOURCE } from '../../domain/subscriptions/service.ts';
import { seedUuid } from './ids.ts';

export const DEMO_SUBSCRIPTION = { shop: 'demo-03', owner: 'admin03', plan: 'tienda_en_linea' } as const;

export async function insertDemoSubscription(tx: Tx, now = new Date()) {
  const db = tx as unknown as Db;
  const started = new Date(now.getTime() - 10 * 86_400_000);
  const renews = addMonth(started);
  const shopId = seedUuid(`shop:${DEMO_SUBSCRIPTION.shop}`);
  const userId = seedUuid(`user:${DEMO_SUBSCRIPTION.owner}`);
  const subId = seedUuid('plans-demo:subscription');
  const payId = seedUuid('plans-demo:payment');
  await db.insert(subscriptions).values({ id: subId, shop_id: shopId, plan_id: DEMO_SUBSCRIPTION.plan, user_id: userId, state: 'active', started_at: started, renews_at: renews, created_at: started });
  await db.insert(subscriptionPayments).values({
    id: payId, subscription_id: subId, shop_id: shopId, plan_id: DEMO_SUBSCRIPTION.plan, user_id: userId, idempotency_key: `${userId}:demo-package`,
    amount: PLAN_DEFAULTS.price, currency: PLAN_DEFAULTS.currency, status: 'succeeded', card: { brand: 'visa', last4: '4242', type: 'credit' },
    period_start: started, period_end: renews, created_at: started,
  });
  await postTransaction(db, { source: LEDGER_SOURCE, source_id: payId, memo: `${DEMO_SUBSCRIPTION.plan} ${DEMO_SUBSCRIPTION.shop}`, at: started },
    subscriptionEntries({ price: PLAN_DEFAULTS.price, currency: PLAN_DEFAULTS.currency, margin: PLAN_DEFAULTS.contribution_margin, rate: PLAN_DEFAULTS.plan_commission_rate, referrer: null }));
}
