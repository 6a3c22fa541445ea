// Campaign and channel admin (issue 14; seed 001 §7 Marketing admin): the shop's admins list, create, change and
// delete the shop's campaigns and their channels, and see what each campaign brought (visits of its tracked link,
// sign-ups with its cookie, orders whose checkout carried it). Another shop's campaign or channel is 404.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { AdminCtx } from '../admin/index.ts';
import * as repo from './admin-repo.ts';
import type {
  CampaignInput, CampaignPatch, CampaignQuery, CampaignView, ChannelInput, ChannelPatch, ChannelQuery, ChannelView,
} from './admin-schema.ts';
import { insertCampaign, profileSlugAndName } from './repo.ts';
import { campaignPage, storedPage, trackedLink } from './links.ts';
import type { ShopRow } from '../shops/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = (what: string) => new AppError('not_found', `${what} not found`);
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The campaign's page is a path inside the shop (stored so since issue 26; older rows, absolute or another shop's,
 * are read relative to the shop by storedPage) and its tracked link is built at the shop's primary address.
 */
function campaignView(shop: ShopRow, r: repo.CampaignListRow, requestUrl: URL): CampaignView {
  const page = storedPage(shop, r.url, requestUrl);
  const link = trackedLink(shop, page, requestUrl, r.owner_slug, r.id);
  return {
    id: r.id, name: r.name, url: page, state: r.state, created_at: iso(r.created_at), encoded_mkt_url: link,
    visits: Number(r.visits), signups: Number(r.signups), orders: Number(r.orders), channels: Number(r.channels),
  };
}

function channelView(r: repo.ChannelRow): ChannelView {
  return {
    id: r.id, campaign_id: r.campaign_id, name: r.name, state: r.state, source_code: r.source_code, currency: r.currency,
    budget: r.budget, spent: r.spent, impressions: r.impressions, created_at: iso(r.created_at),
  };
}

async function ownCampaign(a: AdminCtx, id: string): Promise<repo.CampaignListRow> {
  const c = UUID.test(id) ? await repo.findCampaignOfShop(a.db, a.shop.id, id.toLowerCase()) : null;
  if (!c) throw notFound('Campaign');
  return c;
}

export async function listCampaigns(a: AdminCtx, q: CampaignQuery, requestUrl: URL) {
  const { rows, total } = await repo.listCampaigns(a.db, a.shop.id, a.shop.time_zone, q);
  return { results: rows.map((r) => campaignView(a.shop, r, requestUrl)), matches_estimated: total };
}

export async function getCampaign(a: AdminCtx, id: string, requestUrl: URL): Promise<CampaignView> {
  return campaignView(a.shop, await ownCampaign(a, id), requestUrl);
}

/** A campaign for one of the shop's pages (the share rules: this shop's host, tracking parameters dropped). */
export async function createCampaign(a: AdminCtx, input: CampaignInput, requestUrl: URL): Promise<CampaignView> {
  if (a.viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const page = await campaignPage(a.db, a.shop, input.url, requestUrl);
  if (!(await profileSlugAndName(a.db, a.viewer.user.profile_id))) throw new AppError('forbidden', 'Your profile is missing');
  const c = await insertCampaign(a.db, { shop_id: a.shop.id, owner: a.viewer.user.profile_id, name: input.name, url: page, state: input.state });
  return getCampaign(a, c.id, requestUrl);
}

export async function updateCampaign(a: AdminCtx, id: string, patch: CampaignPatch, requestUrl: URL): Promise<CampaignView> {
  const c = await ownCampaign(a, id);
  const url = patch.url === undefined ? undefined : await campaignPage(a.db, a.shop, patch.url, requestUrl);
  await repo.updateCampaign(a.db, c.id, { ...patch, ...(url ? { url } : {}) });
  return getCampaign(a, c.id, requestUrl);
}

/** Deleting a campaign takes its channels and figures along; orders keep their checkout's tracking as it was. */
export async function deleteCampaign(a: AdminCtx, id: string): Promise<{ id: string; deleted: true }> {
  const c = await ownCampaign(a, id);
  await repo.deleteCampaign(a.db, c.id);
  return { id: c.id, deleted: true };
}

// ---------- channels ----------

export async function listChannels(a: AdminCtx, campaignId: string, q: ChannelQuery) {
  const c = await ownCampaign(a, campaignId);
  const { rows, total } = await repo.listChannels(a.db, c.id, a.shop.time_zone, q);
  return { results: rows.map(channelView), matches_estimated: total };
}

export async function createChannel(a: AdminCtx, campaignId: string, input: ChannelInput): Promise<ChannelView> {
  const c = await ownCampaign(a, campaignId);
  return channelView(await repo.insertChannel(a.db, c.id, input));
}

async function ownChannel(a: AdminCtx, id: string) {
  const ch = UUID.test(id) ? await repo.findChannel(a.db, id.toLowerCase()) : null;
  if (!ch || ch.shop_id !== a.shop.id) throw notFound('Channel');
  return ch;
}

export async function updateChannel(a: AdminCtx, id: string, patch: ChannelPatch): Promise<ChannelView> {
  const ch = await ownChannel(a, id);
  const row = await repo.updateChannel(a.db, ch.id, patch);
  if (!row) throw notFound('Channel');
  return channelView(row);
}

export async function deleteChannel(a: AdminCtx, id: string): Promise<{ id: string; deleted: true }> {
  const ch = await ownChannel(a, id);
  await repo.deleteChannel(a.db, ch.id);
  return { id: ch.id, deleted: true };
}

// ---------- recording what campaigns brought ----------

/**
 * The middleware calls this when it answers a campaign cookie (the id is already an active campaign of the shop).
 * A failure never breaks the page: the visit is lost, the shopper still sees the page.
 */
export async function recordCampaignVisit(db: Db, campaignId: string, clickId: string | null, visitor: string): Promise<void> {
  if (!UUID.test(campaignId)) return;
  await repo.recordVisit(db, campaignId, clickId?.slice(0, 200) ?? null, visitor.slice(0, 64)).catch((err: unknown) => {
    console.warn('campaign visit not recorded', err instanceof Error ? err.message : err);
  });
}

/** At sign-up: the campaign cookie (one of our campaign ids) records a sign-up for that campaign. */
export async function recordCampaignSignup(db: Db, campaignCookie: string | null | undefined, profileId: string): Promise<void> {
  const id = campaignCookie?.trim().toLowerCase();
  if (!id || !UUID.test(id)) return;
  await repo.recordSignup(db, id, profileId).catch((err: unknown) => {
    console.warn('campaign sign-up not recorded', err instanceof Error ? err.message : err);
  });
}
