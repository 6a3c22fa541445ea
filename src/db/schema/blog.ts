// Shop blogs (seed 001 §2, §3): a shop's blog entries, written by its admins in the rich-text editor.
// content_html is the sanitised HTML the storefront renders; content_json the editor's document (tiptap), kept so
// the editor reopens exactly what was saved; plain_text and abstract are derived from the HTML on every save.
// Changes are announced on shop_events (trigger in the migration): the blog pages and the home slider of
// anonymous shoppers are cached (src/lib/server/page-cache.ts).
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BlogDoc } from '../../domain/blog/schema.ts';
import { profiles } from './accounts.ts';
import { shops } from './shops.ts';

export const blogEntries = pgTable('blog_entries', {
  id: uuid('id').primaryKey().defaultRandom(),
  shop_id: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
  /** The author's profile (the admin who created the entry). */
  author: uuid('author').references(() => profiles.id, { onDelete: 'set null' }),
  /** From the title when created, unique in the shop; kept when the title changes so shared links keep working. */
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  content_html: text('content_html').notNull().default(''),
  content_json: jsonb('content_json').$type<BlogDoc>(),
  plain_text: text('plain_text').notNull().default(''),
  abstract: text('abstract').notNull().default(''),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  /** Cover image: an upload of the shop (/media/{id}.{ext}). */
  image: text('image'),
  list_state: text('list_state').$type<'published' | 'unpublished'>().notNull().default('unpublished'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('blog_entries_shop_slug').on(t.shop_id, t.slug),
  index('blog_entries_shop_updated').on(t.shop_id, t.list_state, t.updated_at),
  check('blog_entries_title_len', sql`char_length(${t.title}) between 1 and 150`),
  check('blog_entries_list_state', sql`${t.list_state} in ('published','unpublished')`),
]);
