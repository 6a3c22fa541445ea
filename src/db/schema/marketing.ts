// Marketing campaigns (issue 13; seed 001 §3 Campaign: id, name, url, state, encoded_mkt_url). A campaign is a
// tracked link a shop's admin shares: the encoded link carries `campaign=<id>` and the sharer's `referral`, the
// storefront answers a known campaign id back as a 1-day cookie, and the checkout copies it into checkouts.tracking,
// so an order shows which campaign brought it. Issue 14 adds the admin screens and the channels.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './accounts.ts';
import { shops } from './shops.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const CAMPAIGN_STATES = ['active', 'paused', 'archived'] as const;

export const campaigns = pgTable('campaigns', {
  id: uuid('id').primaryKey().defaultRandom(),
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  /** Who made it (the sharer): their profile slug is the link's `referral`. */
  owner: uuid('owner').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** The shared address (src/lib/shared/safe-url.ts on save). */
  url: text('url').notNull(),
  state: text('state').$type<(typeof CAMPAIGN_STATES)[number]>().notNull().default('active'),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('campaigns_shop').on(t.shop_id, t.created_at),
  index('campaigns_owner').on(t.owner, t.created_at),
  check('campaigns_state', sql`${t.state} in ('active','paused','archived')`),
  check('campaigns_name_length', sql`char_length(${t.name}) between 1 and 100`),
]);

// ---------- issue 14: channels and what each campaign brought ----------

export const CHANNEL_STATES = ['active', 'paused', 'archived'] as const;

/**
 * Where a campaign's link is placed (seed 001 §3 Channel: name, state, source_code, currency, budget, impressions).
 * `spent` is what the admin says the channel cost so far (the platform cannot see an ad network's bill); the admin
 * screen shows it against `budget`. Money in minor units of `currency`.
 */
export const campaignChannels = pgTable('campaign_channels', {
  id: uuid('id').primaryKey().defaultRandom(),
  campaign_id: uuid('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  state: text('state').$type<(typeof CHANNEL_STATES)[number]>().notNull().default('active'),
  source_code: text('source_code'),
  currency: text('currency').notNull().default('MXN'),
  budget: integer('budget').notNull().default(0),
  spent: integer('spent').notNull().default(0),
  impressions: integer('impressions').notNull().default(0),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('campaign_channels_campaign').on(t.campaign_id, t.created_at),
  check('campaign_channels_state', sql`${t.state} in ('active','paused','archived')`),
  check('campaign_channels_figures', sql`${t.budget} >= 0 and ${t.spent} >= 0 and ${t.impressions} >= 0`),
]);

/**
 * One row per browser that opened a campaign's tracked link (written by the middleware when it answers the campaign
 * cookie): unique per campaign, click id and anonymous browser id, so reloading the link counts once while each
 * person a shared link reaches counts on their own.
 */
export const campaignVisits = pgTable('campaign_visits', {
  id: uuid('id').primaryKey().defaultRandom(),
  campaign_id: uuid('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
  click_id: text('click_id').notNull().default(''),
  visitor: text('visitor').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('campaign_visits_once').on(t.campaign_id, t.click_id, t.visitor),
  index('campaign_visits_campaign').on(t.campaign_id, t.created_at),
]);

/** People who signed up while carrying a campaign's cookie (one row per campaign and person). */
export const campaignSignups = pgTable('campaign_signups', {
  campaign_id: uuid('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
  profile_id: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.campaign_id, t.profile_id] }),
  index('campaign_signups_campaign').on(t.campaign_id, t.created_at),
]);
