// The only place blog SQL lives.
import { and, arrayContains, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blogEntries, profiles } from '../../db/schema/index.ts';
import type { BlogListState } from './schema.ts';

export type BlogRow = typeof blogEntries.$inferSelect;
export interface BlogRowWithAuthor extends BlogRow {
  author_name: string | null;
  author_main_type: string | null;
  author_images: string[] | null;
}

const withAuthor = {
  id: blogEntries.id, shop_id: blogEntries.shop_id, author: blogEntries.author, slug: blogEntries.slug, title: blogEntries.title,
  content_html: blogEntries.content_html, content_json: blogEntries.content_json, plain_text: blogEntries.plain_text,
  abstract: blogEntries.abstract, tags: blogEntries.tags, image: blogEntries.image, list_state: blogEntries.list_state,
  created_at: blogEntries.created_at, updated_at: blogEntries.updated_at,
  author_name: profiles.name, author_main_type: profiles.main_type, author_images: profiles.images,
};

/** Summary columns: everything but the content (a list never needs it). */
const summary = {
  ...withAuthor,
  content_html: sql<string>`''`.as('content_html'),
  content_json: sql<null>`null`.as('content_json'),
  plain_text: sql<string>`''`.as('plain_text'),
  // Images in the content, for the list's `images` (the cover comes first anyway).
  content_images: sql<string[]>`coalesce((select array_agg(m[1]) from regexp_matches(${blogEntries.content_html}, '<img[^>]*\\ssrc="([^"]+)"', 'g') as m), '{}'::text[])`,
};

export interface ListOptions { states: readonly BlogListState[]; offset: number; limit: number; tag?: string | undefined }

/** A shop's entries in the given states, newest change first (seed 001 §7: sort -updated_at). */
export async function listEntries(db: Db, shopId: string, opts: ListOptions) {
  const where = and(
    eq(blogEntries.shop_id, shopId),
    inArray(blogEntries.list_state, [...opts.states]),
    opts.tag ? arrayContains(blogEntries.tags, [opts.tag]) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select(summary).from(blogEntries).leftJoin(profiles, eq(profiles.id, blogEntries.author))
      .where(where).orderBy(desc(blogEntries.updated_at), desc(blogEntries.id)).offset(opts.offset).limit(opts.limit),
    db.select({ n: count() }).from(blogEntries).where(where),
  ]);
  return { rows: rows as (BlogRowWithAuthor & { content_images: string[] })[], total: total?.n ?? 0 };
}

export async function findEntry(db: Db, shopId: string, by: { id: string } | { slug: string }): Promise<BlogRowWithAuthor | null> {
  const [row] = await db.select(withAuthor).from(blogEntries).leftJoin(profiles, eq(profiles.id, blogEntries.author))
    .where(and(eq(blogEntries.shop_id, shopId), 'id' in by ? eq(blogEntries.id, by.id) : eq(blogEntries.slug, by.slug))).limit(1);
  return (row as BlogRowWithAuthor | undefined) ?? null;
}

/** Slugs of the shop's entries that start with `base` (to pick a free one). */
export async function slugsLike(db: Db, shopId: string, base: string): Promise<Set<string>> {
  const rows = await db.select({ slug: blogEntries.slug }).from(blogEntries)
    .where(and(eq(blogEntries.shop_id, shopId), sql`${blogEntries.slug} like ${base.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}`));
  return new Set(rows.map((r) => r.slug));
}

/** Inserts unless the slug is taken (answers null then: another request took it first). */
export async function insertEntry(db: Db, row: typeof blogEntries.$inferInsert): Promise<string | null> {
  const [out] = await db.insert(blogEntries).values(row).onConflictDoNothing().returning({ id: blogEntries.id });
  return out?.id ?? null;
}

export async function updateEntry(db: Db, shopId: string, id: string, set: Partial<typeof blogEntries.$inferInsert>): Promise<boolean> {
  const [row] = await db.update(blogEntries).set({ ...set, updated_at: new Date() })
    .where(and(eq(blogEntries.shop_id, shopId), eq(blogEntries.id, id))).returning({ id: blogEntries.id });
  return !!row;
}

export async function deleteEntry(db: Db, shopId: string, id: string) {
  const [row] = await db.delete(blogEntries).where(and(eq(blogEntries.shop_id, shopId), eq(blogEntries.id, id)))
    .returning({ id: blogEntries.id, image: blogEntries.image, content_html: blogEntries.content_html });
  return row ?? null;
}
