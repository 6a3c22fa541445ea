// The promoted network (issue 12; seed 001 §2 'Promoted users', seed 000 §7): people join a promoter's referral
// tree when they sign up carrying the promoter's `referral` cookie; promoters browse the people below them (first
// level or every level), follow them, and list the people they referred with filters.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { inTx } from '../../db/tx.ts';
import { findShopBySlug } from '../shops/index.ts';
import * as repo from './repo.ts';
import { cleanTrackingValue, dayRange, firstImage, mayJoin, shopSlugOfPath } from './rules.ts';
import type { FollowState, PromotedList, PromotedQuery, ReferredPerson, ReferredQuery } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | string) => new Date(d).toISOString();

function profileOf(viewer: Viewer): string {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  return viewer.user.profile_id;
}

function notFound() {
  return new AppError('not_found', 'Person not found', { textKey: 'promoted.notFound' });
}

export interface SignupTracking {
  /** The `referral` cookie: the promoter's profile slug. */
  referral?: string | null;
  campaign?: string | null;
  click_id?: string | null;
  /** The shop of the request (a shop's host), if any. */
  shopId?: string | null;
  /** Where the person was going (the sign-up's `next`): its shop when the request had none. */
  next?: string | null;
}

/**
 * Puts a newly signed-up person under the promoter whose referral cookie they carried. Nothing happens without a
 * known promoter, for a self-referral, or when the person already has a parent (never two parents) or sits above
 * the promoter. Answers whether the person joined.
 */
export async function joinReferralTree(db: Db, childProfile: string, t: SignupTracking): Promise<boolean> {
  const slug = t.referral?.trim().toLowerCase();
  if (!slug || slug.length > 100) return false;
  return inTx(db, async (tx) => {
    const parent = await repo.findProfileBySlug(tx, slug);
    if (!parent) return false;
    const candidate = {
      child: childProfile, parent: parent.id,
      childHasParent: parent.id === childProfile ? false : await repo.hasParent(tx, childProfile),
      parentBelowChild: parent.id === childProfile ? false : await repo.isBelow(tx, parent.id, childProfile),
    };
    if (!mayJoin(candidate)) return false;
    let shopId = t.shopId ?? null;
    if (!shopId) {
      const fromNext = shopSlugOfPath(t.next);
      shopId = fromNext ? (await findShopBySlug(tx, fromNext))?.id ?? null : null;
    }
    return repo.insertReferral(tx, {
      child_profile: childProfile, parent_profile: parent.id, shop_id: shopId,
      campaign: cleanTrackingValue(t.campaign), click_id: cleanTrackingValue(t.click_id),
    });
  });
}

/**
 * A page of the promoted tree below `parent` (default: the viewer). Only the viewer and people below them can be
 * opened; anyone else is 404, as if they did not exist.
 */
export async function listPromoted(db: Db, viewer: Viewer, q: PromotedQuery): Promise<PromotedList> {
  const me = profileOf(viewer);
  const parentId = q.parent ?? me;
  if (parentId !== me && !(await repo.isBelow(db, parentId, me))) throw notFound();
  const parent = await repo.findProfile(db, parentId);
  if (!parent) throw notFound();
  const { rows, total } = await repo.treePage(db, { viewer: me, parent: parentId, all: q.children === 'all', offset: q.offset, limit: q.limit });
  return {
    results: rows.map((r) => ({
      id: r.id, name: r.name, image: firstImage(r.images), updated_at: iso(r.updated_at), state_follow: r.state_follow === true,
      parent_id: r.parent_id, depth: Number(r.depth), children_count: Number(r.children_count),
    })),
    matches_estimated: total,
    parent: { id: parent.id, name: parent.name, image: firstImage(parent.images), slug: parent.slug },
  };
}

/** Follows (or stops following) a person; idempotent. Unknown person: 404; oneself: 400. */
export async function setFollow(db: Db, viewer: Viewer, profileId: string, following: boolean): Promise<FollowState> {
  const me = profileOf(viewer);
  if (!UUID.test(profileId)) throw notFound();
  if (profileId.toLowerCase() === me.toLowerCase()) {
    throw new AppError('validation_error', 'You cannot follow yourself', { textKey: 'promoted.selfFollow' });
  }
  const target = await repo.findProfile(db, profileId);
  if (!target) throw notFound();
  if (following) await repo.follow(db, me, target.id);
  else await repo.unfollow(db, me, target.id);
  return { id: target.id, following };
}

/** The people the viewer brought in, newest first, with the seed's filters; days are the shop's (`timeZone`). */
export async function listReferred(db: Db, viewer: Viewer, q: ReferredQuery, timeZone?: string | null): Promise<{ results: ReferredPerson[]; matches_estimated: number }> {
  const me = profileOf(viewer);
  const mine = await repo.findProfile(db, me);
  if (!mine) throw new AppError('unauthenticated', 'Sign in to continue');
  const { from, to } = dayRange(q.start_date, q.end_date, timeZone ?? undefined);
  const { rows, total } = await repo.referredPage(db, {
    viewer: me, viewerSlug: mine.slug, offset: q.offset, limit: q.limit, campaign: q.campaign || undefined, tags: q.tags,
    text: q.text || undefined, from, to, customerByCampaign: q.customer_by_campaign, registeredByCampaign: q.registered_by_campaign,
  });
  return {
    results: rows.map((r) => ({
      id: r.id, name: r.name, image: firstImage(r.images), following: r.following === true, campaign: r.campaign, click_id: r.click_id,
      tags: r.tags ?? [], created_at: iso(r.created_at), customer: r.customer === true,
      shop: r.shop_slug ? { slug: r.shop_slug, name: r.shop_name ?? r.shop_slug } : null,
    })),
    matches_estimated: total,
  };
}

/** The viewer's referral code (their profile's slug): a shop address with `?referral=<code>` brings people to them. */
export async function referralCodeOf(db: Db, viewer: Viewer): Promise<string | null> {
  return (await repo.findProfile(db, profileOf(viewer)))?.slug ?? null;
}
