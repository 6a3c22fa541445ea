// Demo campaigns (issue 14; seed 001 §3 Campaign and Channel): admin03 (owner of demo-03) runs three campaigns, so
// the campaigns screen shows figures from the first visit: tracked-link visits, sign-ups of two demo buyers (Lucía,
// Carlos), orders (the checkouts of two delivered review orders carry the summer campaign, one the Instagram one;
// only `campaign` is added, never `referral`, so the money ledger stays as it is), and channels with budgets, one of
// them over budget.
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { campaignChannels, campaigns, campaignSignups, campaignVisits, checkouts } from '../schema/index.ts';
import { seedDate, seedUuid } from './ids.ts';

const SHOP = 'demo-03';
const cid = (k: string) => seedUuid(`campaign-demo:${k}`);
/** A demo campaign's id ('verano', 'instagram', 'navidad'). */
export const demoCampaignId = cid;
/** The review buyers' ids (src/db/seed/reviews.ts). */
const reviewer = (k: string) => seedUuid(`review-demo:profile:${k}`);
const reviewCheckout = (k: string) => seedUuid(`review-demo:checkout:${k}`);

export const DEMO_CAMPAIGNS = [
  { key: 'verano', name: 'Verano 2026 · Café de altura', path: '/productos', state: 'active', visits: 23, signups: ['lucia', 'carlos'], orders: ['lucia', 'carlos'] },
  { key: 'instagram', name: 'Instagram · historias', path: '/', state: 'active', visits: 11, signups: [], orders: ['ana'] },
  { key: 'navidad', name: 'Navidad 2025', path: '/catalogos', state: 'paused', visits: 4, signups: [], orders: [] },
] as const;

export const DEMO_CHANNELS = [
  { campaign: 'verano', name: 'Facebook', source_code: 'facebook', budget: 150_000, spent: 82_000, impressions: 12_400 },
  { campaign: 'verano', name: 'Instagram', source_code: 'instagram', budget: 100_000, spent: 112_000, impressions: 9_800 },
  { campaign: 'verano', name: 'Correo a clientes', source_code: 'mail-junio', budget: 0, spent: 0, impressions: 640 },
  { campaign: 'instagram', name: 'Historias', source_code: 'ig-stories', budget: 50_000, spent: 12_500, impressions: 3_100 },
] as const;

export async function insertDemoCampaigns(tx: Tx) {
  const shopId = seedUuid(`shop:${SHOP}`);
  const owner = seedUuid('profile:user:admin03');
  // Stored as paths inside the shop (issue 26): links are built at the shop's primary address (src/domain/marketing/links.ts).
  await tx.insert(campaigns).values(DEMO_CAMPAIGNS.map((c, i) => ({
    id: cid(c.key), shop_id: shopId, owner, name: c.name, url: c.path, state: c.state, created_at: seedDate(48_000 + i * 1440),
  })));
  await tx.insert(campaignChannels).values(DEMO_CHANNELS.map((ch, i) => ({
    id: seedUuid(`campaign-demo:channel:${i}`), campaign_id: cid(ch.campaign), name: ch.name, source_code: ch.source_code, currency: 'MXN',
    budget: ch.budget, spent: ch.spent, impressions: ch.impressions, created_at: seedDate(48_010 + i),
  })));
  await tx.insert(campaignVisits).values(DEMO_CAMPAIGNS.flatMap((c, ci) => Array.from({ length: c.visits }, (_, i) => ({
    campaign_id: cid(c.key), click_id: `demo-${c.key}-${i % 5}`, visitor: `demo-visitor-${c.key}-${i}`, created_at: seedDate(48_100 + ci * 1440 + i * 7),
  }))));
  const signups = DEMO_CAMPAIGNS.flatMap((c) => c.signups.map((k, i) => ({ campaign_id: cid(c.key), profile_id: reviewer(k), created_at: seedDate(48_500 + i) })));
  if (signups.length) await tx.insert(campaignSignups).values(signups);
  for (const c of DEMO_CAMPAIGNS) {
    for (const k of c.orders) {
      await tx.update(checkouts).set({ tracking: sql`${checkouts.tracking} || jsonb_build_object('campaign', ${cid(c.key)}::text)` })
        .where(sql`${checkouts.id} = ${reviewCheckout(k)}`);
    }
  }
}
