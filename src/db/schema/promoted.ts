// The promoted network (issue 12; seed 001 §2 'Promoted users', seed 000 §3 'Promoted or referred person'): who
// brought whom, and who follows whom. A person joins the referral tree once, when they sign up carrying someone's
// `referral` cookie; the child is the primary key, so nobody ever has two parents, and a check refuses self-referral.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './accounts.ts';
import { shops } from './shops.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const referrals = pgTable('referrals', {
  /** The person brought in (their profile). One row per person: one parent at most. */
  child_profile: uuid('child_profile').primaryKey().references(() => profiles.id, { onDelete: 'cascade' }),
  /** The promoter whose referral cookie they carried. */
  parent_profile: uuid('parent_profile').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
  /** The shop they signed up from, when known (a shop's host, or the shop page they came from). */
  shop_id: uuid('shop_id').references(() => shops.id, { onDelete: 'set null' }),
  campaign: text('campaign'),
  click_id: text('click_id'),
  /** The promoter's labels for the person (the referred list filters by them). */
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('referrals_parent').on(t.parent_profile, t.created_at),
  index('referrals_campaign').on(t.parent_profile, t.campaign),
  check('referrals_not_self', sql`${t.child_profile} <> ${t.parent_profile}`),
]);

/** Follows between profiles (seed 000 §7 subscribe/unsubscribe): a promoter follows people of their network. */
export const follows = pgTable('follows', {
  follower_profile: uuid('follower_profile').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
  followed_profile: uuid('followed_profile').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.follower_profile, t.followed_profile] }),
  index('follows_followed').on(t.followed_profile),
  check('follows_not_self', sql`${t.follower_profile} <> ${t.followed_profile}`),
]);
