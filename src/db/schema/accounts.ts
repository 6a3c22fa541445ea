import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { citext } from './types.ts';

export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  main_type: text('main_type').$type<'affinity' | 'dssupplier' | 'referral'>().notNull().default('referral'),
  slug: citext('slug').notNull().unique(),
  is_proxy: boolean('is_proxy').notNull().default(false),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [check('profiles_main_type', sql`${t.main_type} in ('affinity','dssupplier','referral')`)]);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: citext('email').notNull().unique(),
  password_hash: text('password_hash').notNull(),
  name: text('name').notNull(),
  /** null means the level is unknown (seed 000 §3: user levels ul0..ul3 or empty). */
  user_level: text('user_level').$type<'ul0' | 'ul1' | 'ul2' | 'ul3'>().default('ul0'),
  profile_id: uuid('profile_id').notNull().references(() => profiles.id),
  /** When the person proved they own the e-mail (a code mailed to it); null until then. Only a proven e-mail joins a
   * shop's or supplier's team, earns as a promoter or counts as a referral (src/domain/accounts/service.ts). */
  email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
  /** Set while a sign-up awaits its e-mail's proof (its password is not usable until then): the sign-up's tracking
   * (referral, campaign, click id, shop). On proof the person joins the promoter's network and it goes back to null.
   * Accounts from before migration 0030 have null here and no proof yet: a PIN sign-in proves them. */
  signup_tracking: jsonb('signup_tracking').$type<Record<string, string | null>>(),
  /** The language the person chose (es, en, es-AR), saved with their preferences; mail to them is written in it.
   * null: never chosen, mail goes in the language of the request or shop that caused it. */
  locale: text('locale'),
  /** Mail that is not needed to act (review invitations, a shop's new-order notices): false after the unsubscribe
   * link of such a mail, or the choice on /preferencias. Essential mail (PINs, orders, payouts) always goes. */
  optional_mail: boolean('optional_mail').notNull().default(true),
  /** The secret in the unsubscribe link of optional mail (/preferencias?baja=...): turns it off without signing in. */
  mail_token: uuid('mail_token').notNull().defaultRandom(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [check('users_level', sql`${t.user_level} is null or ${t.user_level} in ('ul0','ul1','ul2','ul3')`)]);

export const sessions = pgTable('sessions', {
  /** sha-256 of the cookie token: a database leak does not hand out live sessions. */
  id: text('id').primaryKey(),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  user_agent: text('user_agent'),
}, (t) => [index('sessions_user').on(t.user_id), index('sessions_expires').on(t.expires_at)]);

/** Fixed-window counters shared by every app process (login throttling). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  window_start: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const signInPins = pgTable('sign_in_pins', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: citext('email').notNull(),
  pin_hash: text('pin_hash').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  /** 'signup': the code mailed by a sign-up (it also confirms the password chosen there); 'signin': a sign-in PIN. */
  purpose: text('purpose').$type<'signin' | 'signup'>().notNull().default('signin'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('sign_in_pins_email').on(t.email, t.created_at)]);

/**
 * The mail queue (src/domain/mail): every mail is stored here first, in the transaction of the event that caused it,
 * then sent over SMTP by the send-mail job (src/jobs/send-mail.ts), which claims due rows with FOR UPDATE SKIP LOCKED,
 * retries with exponential backoff and never drops one. /dev/outbox shows them all in the demo.
 *   status: queued (waiting for next_attempt_at), sending (claimed until next_attempt_at, the lease), sent,
 *   kept (no SMTP configured: the demo keeps it to be read on /dev/outbox), failed (gave up after MAIL_MAX_ATTEMPTS),
 *   skipped (optional mail whose recipient turned such mail off before it went).
 */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  /** The plain-text part. */
  body: text('body').notNull(),
  /** The HTML part (null for mail queued before migration 0034). */
  html: text('html'),
  reply_to: text('reply_to'),
  /** Optional mail's unsubscribe link, also sent as its List-Unsubscribe header. */
  unsubscribe_url: text('unsubscribe_url'),
  /** The template that made it (order_paid, pin ...), 'other' for older rows. */
  kind: text('kind').notNull().default('other'),
  locale: text('locale'),
  /** Makes an event's mail once: a replayed event (a webhook twice) finds the key and queues nothing. */
  dedupe_key: text('dedupe_key'),
  status: text('status').$type<'queued' | 'sending' | 'sent' | 'kept' | 'failed' | 'skipped'>().notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  last_error: text('last_error'),
  sent_at: timestamp('sent_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('outbox_dedupe').on(t.dedupe_key),
  index('outbox_due').on(t.next_attempt_at).where(sql`${t.status} in ('queued','sending')`),
  index('outbox_created').on(t.created_at),
  check('outbox_status', sql`${t.status} in ('queued','sending','sent','kept','failed','skipped')`),
]);
