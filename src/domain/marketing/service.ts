// Marketing campaigns (issue 13; seed 001 §6, §7): a shop's admin shares a page with a tracked link. The link is the
// shared page plus `referral` (the sharer's profile slug), `campaign` (the campaign id) and a fresh `click_id`; the
// storefront answers a campaign back only when it is an active campaign of that shop (resolveCampaign), and the
// checkout copies the cookies into checkouts.tracking, which the order's attribution reads (attributionOf).
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { requireShopAdmin, standingOf, visitorRole, type ShopRow } from '../shops/index.ts';
import { campaignPage, trackedLink } from './links.ts';
import * as repo from './repo.ts';
import { campaignName, type Attribution, type ShareAnswer, type ShareInput } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may share a shop's pages with a tracked link (seed 001 §6: reseller, referral and affinity shops get share
 * links with an encoded marketing link): the admins of a shop that is not a franchise store.
 */
export async function mayShare(db: Db, shop: ShopRow, viewer: Viewer): Promise<boolean> {
  if (viewer.kind !== 'user' || visitorRole(shop) === 'franchise') return false;
  return (await standingOf(db, shop, viewer)).isAdmin;
}

/** POST /api/shops/{slug}/share: makes an active campaign for the page and answers its tracked link. */
export async function createShareCampaign(db: Db, shop: ShopRow, viewer: Viewer, input: ShareInput, requestUrl: URL): Promise<ShareAnswer> {
  await requireShopAdmin(db, shop, viewer);
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  if (visitorRole(shop) === 'franchise') throw new AppError('forbidden', 'Franchise stores do not share tracked links', { textKey: 'sharing.franchiseNoShare' });
  const page = await campaignPage(db, shop, input.url, requestUrl);
  const sharer = await repo.profileSlugAndName(db, viewer.user.profile_id);
  if (!sharer) throw new AppError('forbidden', 'Your profile is missing');
  const c = await repo.insertCampaign(db, {
    shop_id: shop.id, owner: viewer.user.profile_id, name: campaignName(input.name, page.split('?')[0]!), url: page,
  });
  return { campaign_id: c.id, name: c.name, state: c.state, encoded_mkt_url: trackedLink(shop, page, requestUrl, sharer.slug, c.id) };
}

/** What brought an order: the checkout's tracking, with the campaign's name when it is a campaign of the order's shop. */
export async function attributionOf(db: Db, shopId: string, tracking: { referral?: string | null; campaign?: string | null } | null | undefined): Promise<Attribution | null> {
  const referral = tracking?.referral ?? null;
  const id = tracking?.campaign?.trim().toLowerCase() ?? null;
  const campaign = id && UUID.test(id) ? await repo.findCampaign(db, id) : null;
  const own = campaign && campaign.shop_id === shopId ? campaign : null;
  if (!own && !referral) return null;
  const names = await repo.profileNamesBySlug(db, referral ? [referral] : []);
  return { campaign_id: own?.id ?? null, campaign_name: own?.name ?? null, referral, referral_name: referral ? names.get(referral) ?? null : null };
}
