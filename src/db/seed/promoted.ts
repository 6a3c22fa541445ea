// Demo promoted network (issue 12; seed 001 §2): admin03 (Ana Sofía Treviño, owner of demo-03) brought three of the
// demo buyers to demo-03 with her referral link; one of them, Lucía, brought two more. Some came with a campaign
// and carry tags, and admin03 follows two people of her network. No new people: the review buyers of
// src/db/seed/reviews.ts and Sofía of src/db/seed/wallet.ts. The money demo is untouched (their orders carry no
// referral, so no promoter commission is on the books).
import type { Tx } from '../client.ts';
import { follows, referrals } from '../schema/index.ts';
import { seedDate, seedUuid } from './ids.ts';

const userProfile = (key: string) => seedUuid(`profile:user:${key}`);
/** The ids src/db/seed/reviews.ts and src/db/seed/wallet.ts give their buyers' profiles. */
const reviewer = (key: 'lucia' | 'carlos' | 'ana' | 'jorge') => seedUuid(`review-demo:profile:${key}`);
const sofia = () => seedUuid('wallet-demo:profile');

export const DEMO_PROMOTER = 'admin03';

/** Who brought whom; minutes are seedDate offsets just after each buyer's profile was made (sign-up time). */
export const DEMO_REFERRALS = [
  { child: 'lucia', parent: 'admin03', at: 45_001, campaign: 'verano-2026', tags: ['cafe', 'frecuente'] },
  { child: 'carlos', parent: 'admin03', at: 45_002, campaign: null, tags: ['cafe'] },
  { child: 'sofia', parent: 'admin03', at: 46_001, campaign: 'instagram', tags: ['nueva'] },
  { child: 'ana', parent: 'lucia', at: 45_003, campaign: 'verano-2026', tags: [] },
  { child: 'jorge', parent: 'lucia', at: 45_004, campaign: null, tags: ['mayoreo'] },
] as const;

/** admin03 follows these people of her network. */
export const DEMO_FOLLOWS = ['lucia', 'ana'] as const;

export function demoPromotedProfile(key: string): string {
  if (key === 'admin03') return userProfile('admin03');
  if (key === 'sofia') return sofia();
  return reviewer(key as 'lucia');
}

export async function insertDemoPromoted(tx: Tx) {
  const shopId = seedUuid('shop:demo-03');
  await tx.insert(referrals).values(DEMO_REFERRALS.map((r) => ({
    child_profile: demoPromotedProfile(r.child), parent_profile: demoPromotedProfile(r.parent), shop_id: shopId,
    campaign: r.campaign, click_id: r.campaign ? `demo-${r.child}` : null, tags: [...r.tags], created_at: seedDate(r.at),
  })));
  await tx.insert(follows).values(DEMO_FOLLOWS.map((k, i) => ({
    follower_profile: demoPromotedProfile(DEMO_PROMOTER), followed_profile: demoPromotedProfile(k), created_at: seedDate(47_000 + i),
  })));
}
