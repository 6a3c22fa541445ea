// Marketing campaigns (issue 13; seed 001 §3 Campaign: id, name, url, state, encoded_mkt_url). A campaign is a
// tracked link a shop's admin shares: the encoded link carries `campaign=<id>` and the sharer's `referral`, the
// storefront answers a known campaign id back as a 1-day cookie, and the checkout copies it into checkouts.tracking,
// so an order shows which campaign brought it. Issue 14 adds the admin screens and the channels.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
