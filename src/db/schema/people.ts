// People around a shop (issue 14): invitations to collaborate, advisors and their presence, the admin tour, and the
// private messages between a shop and its advisor (issue 26).
// Collaborators themselves are shop_memberships (src/db/schema/shops.ts).
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles, users } from './accounts.ts';
import { shops, suppliers } from './shops.ts';
import { citext } from './types.ts';

/** An invitation to an e-mail without an account yet: accepted through the mailed token link (only its hash is kept). */
export const shopInvitations = pgTable('shop_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  email: citext('email').notNull(),
  permissions: text('permissions').array().notNull(),
  token_hash: text('token_hash').notNull().unique(),
  invited_by: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('shop_invitations_shop_email').on(t.shop_id, t.email), index('shop_invitations_email').on(t.email)]);

/** The same invitation for a supplier's team (supplier_members): admin, dispatcher or accountant permissions. */
export const supplierInvitations = pgTable('supplier_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  supplier_id: uuid('supplier_id').notNull().references(() => suppliers.id, { onDelete: 'cascade' }),
  email: citext('email').notNull(),
  permissions: text('permissions').array().notNull(),
  token_hash: text('token_hash').notNull().unique(),
  invited_by: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('supplier_invitations_supplier_email').on(t.supplier_id, t.email), index('supplier_invitations_email').on(t.email)]);

/** A profile that advises shop admins: the contact card the 'My advisor' modal shows. */
export const advisors = pgTable('advisors', {
  profile_id: uuid('profile_id').primaryKey().references(() => profiles.id, { onDelete: 'cascade' }),
  phone: text('phone'),
  whatsapp: text('whatsapp'),
  email: citext('email'),
  support_url: text('support_url'),
  /** The platform's advisor for shops outside an affinity network (at most one). */
  is_default: boolean('is_default').notNull().default(false),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('advisors_one_default').on(t.is_default).where(sql`${t.is_default}`)]);

/**
 * The private message thread of a shop and its advisor (issue 26, seed 001 §2 'private message (live chat)'): one
 * thread per (shop, advisor), each message written by the advisor or by one of the shop's admins. Every new message
 * is mailed to the other side through the mail queue.
 */
export const advisorMessages = pgTable('advisor_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  advisor_profile_id: uuid('advisor_profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
  /** Who wrote it (null once that profile is gone); from_advisor says which side. */
  author_profile_id: uuid('author_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
  from_advisor: boolean('from_advisor').notNull(),
  body: text('body').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('advisor_messages_thread').on(t.shop_id, t.advisor_profile_id, t.created_at),
  index('advisor_messages_advisor').on(t.advisor_profile_id, t.created_at),
  check('advisor_messages_body', sql`char_length(${t.body}) between 1 and 2000`),
]);

/** When a signed-in person was last active (throttled writes from their requests): advisors show online from it. */
export const userHeartbeats = pgTable('user_heartbeats', {
  user_id: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The admin tour: 'Always show this tutorial' (show_tour) and whether the first-visit tour was dismissed. */
export const userTours = pgTable('user_tours', {
  user_id: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  show_tour: boolean('show_tour').notNull().default(false),
  dismissed_at: timestamp('dismissed_at', { withTimezone: true }),
}, (t) => [check('user_tours_state', sql`${t.show_tour} or ${t.dismissed_at} is not null`)]);
