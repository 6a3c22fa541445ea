// The reseller's workspace ({shop}/apps/me/referral, seed 001 §2): the plans tab (the shop's plan and its
// commission rate, the other plans of seed 001 §3 and what each would earn on a sample of the store) and the
// reseller catalogue list (fetch limit 50). Every call takes the AdminCtx, so the viewer administers the shop.
import { RESELLER_CATALOGUE_FETCH_LIMIT } from '../../lib/shared/constants.ts';
import type { AdminCtx } from '../admin/index.ts';
import { createCatalogue, addCatalogueProduct } from '../admin/index.ts';
import { resaleEarning } from '../catalog/schema.ts';
import { shopPlanId } from '../catalog/index.ts';
import { DEFAULT_RESALE_PLAN, listShopCatalogues } from '../catalog/index.ts';
import * as repo from './repo.ts';
import { PLAN_SAMPLE_SIZE } from './schema.ts';
import { addToStore } from './service.ts';
import { activeSubscription } from '../subscriptions/index.ts';

export interface PlanView {
  id: string; name: string; price: number; currency: string; periodicity: string; rate: string; contribution_margin: number;
  /** What the sample items would earn under this plan, per currency (minor units), one sale each. */
  sample_earnings: { currency: string; amount: number }[];
}

/** Sums per-item earnings (each rounded as a sale is) by currency, in order of first appearance. */
function earningsOf(items: { margin: number; currency: string }[], rate: string) {
  const sums = new Map<string, number>();
  for (const it of items) sums.set(it.currency, (sums.get(it.currency) ?? 0) + resaleEarning(it.margin, rate));
  return [...sums].map(([currency, amount]) => ({ currency, amount }));
}

/**
 * The plans tab: the shop's plan (its active subscription's, else shops.signup_plan; plan_profesional when unset or unknown), every plan, and the
 * sample (the first PLAN_SAMPLE_SIZE resellable items of the store, in store order) priced under each.
 */
export async function resalePlans({ db, shop }: AdminCtx) {
  const [rows, sample] = await Promise.all([repo.allPlans(db), repo.storeSample(db, shop.id, PLAN_SAMPLE_SIZE)]);
  const plans: PlanView[] = rows.map((p) => ({
    id: p.id, name: p.name, price: p.price, currency: p.currency, periodicity: p.periodicity, rate: p.plan_commission_rate,
    contribution_margin: p.contribution_margin, sample_earnings: earningsOf(sample, p.plan_commission_rate),
  }));
  const [planId, sub] = await Promise.all([shopPlanId(db, shop), activeSubscription(db, shop.id)]);
  const currentId = plans.some((p) => p.id === planId) ? planId : DEFAULT_RESALE_PLAN;
  // The package paid for at /apps/paquetes, when there is one: the tab says until when and whether it renews.
  const paid = sub && sub.plan_id === currentId ? { renews_at: sub.renews_at, auto_renew: sub.auto_renew } : null;
  return { current: plans.find((p) => p.id === currentId) ?? null, plans, sample, paid };
}

/** The reseller catalogue list: the shop's catalogues by name with their product counts (fetch limit 50). */
export async function resellerCatalogues({ db, shop }: AdminCtx) {
  return listShopCatalogues(db, shop, 0, RESELLER_CATALOGUE_FETCH_LIMIT);
}

/** Creates a catalogue from the workspace (name only; the photo is edited on the catalogue). */
export async function createResellerCatalogue(a: AdminCtx, name: string) {
  return createCatalogue(a, { name, photo: null });
}

/**
 * Adds an item to one of the shop's catalogues from the referral products tab: an item not in the store yet is put
 * there first (a catalogue holds what the shop offers), with the store's rules (franchise: invalid_product).
 */
export async function addToCatalogueFromWorkspace(a: AdminCtx, catalogueId: string, productId: string) {
  const stored = await repo.storeIdsAmong(a.db, a.shop.id, [productId]);
  if (!stored.has(productId)) await addToStore(a, productId);
  return addCatalogueProduct(a, catalogueId, { product_id: productId });
}
