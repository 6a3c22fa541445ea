// Blog rules (seed 001 §2, §3, §4, §6): a shop's blog exists when its sections include 'blogs'. Shoppers see the
// published entries; the shop's admins (owner or 'admin' permission) also see unpublished ones and create, edit,
// publish and delete entries. What the editor sends is cleaned here (src/domain/blog/sanitize.ts) before it is
// stored; the abstract and plain text are derived from the cleaned HTML. Writes notify shop_events (trigger), so
// the page cache drops the shop's pages by itself.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { mediaIdOf } from '../admin/schema.ts';
import { dropUnusedImages, shopImage, type AdminCtx } from '../admin/index.ts';
import type { ShopRow } from '../shops/index.ts';
import { storeThemeInfoSchema } from '../shops/index.ts';
import { standingOf } from '../shops/index.ts';
import * as repo from './repo.ts';
import { safeSrc } from '../../lib/shared/safe-url.ts';
import { imagesOf, plainTextOf, sanitizeBlogDoc, sanitizeBlogHtml } from './sanitize.ts';
import {
  blogAbstract, blogSlug, type BlogDoc, type BlogEntry, type BlogEntryInput, type BlogEntryPatch, type BlogListQuery,
  type BlogListState, type BlogSummary,
} from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('not_found', 'Blog entry not found');

/** Whether the shop shows a blog (store_theme_info.sections_info includes 'blogs'). */
export function blogsEnabled(shop: ShopRow): boolean {
  return storeThemeInfoSchema.parse(shop.store_theme_info).sections_info.includes('blogs');
}

function requireBlogs(shop: ShopRow) {
  if (!blogsEnabled(shop)) throw new AppError('not_found', 'This shop has no blog');
}

async function isAdmin(db: Db, shop: ShopRow, viewer: Viewer): Promise<boolean> {
  return viewer.kind === 'user' && (await standingOf(db, shop, viewer)).isAdmin;
}

function summaryOf(r: repo.BlogRowWithAuthor, contentImages: string[]): BlogSummary {
  const image = safeSrc(r.image);
  const images = [...new Set([...(image ? [image] : []), ...contentImages])];
  return {
    id: r.id, slug: r.slug, title: r.title, abstract: r.abstract, tags: r.tags, list_state: r.list_state, image, images,
    author: r.author, main_type: r.author_main_type, name: r.author_name, profileName: r.author_name,
    profilePhoto: safeSrc(r.author_images?.[0]), created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString(),
  };
}

/** An entry as pages and the API show it: the stored HTML is cleaned again, so a row written by other means than
 * this service (SQL, an older version) still shows no script or javascript: link. */
function entryOf(r: repo.BlogRowWithAuthor): BlogEntry {
  const content = sanitizeBlogHtml(r.content_html);
  return { ...summaryOf(r, imagesOf(content)), content, content_json: r.content_json ? sanitizeBlogDoc(r.content_json) : null };
}

// ---------- reading ----------

/**
 * The shop's blog list, newest change first. Shoppers get the published entries; the shop's admins every entry
 * (or those of `list_state`). 404 when the shop has no blog.
 */
export async function listBlogEntries(db: Db, shop: ShopRow, viewer: Viewer, q: BlogListQuery) {
  requireBlogs(shop);
  const admin = await isAdmin(db, shop, viewer);
  const states: BlogListState[] = !admin ? ['published'] : q.list_state ? [q.list_state] : ['published', 'unpublished'];
  const { rows, total } = await repo.listEntries(db, shop.id, { states, offset: q.offset, limit: q.limit, tag: q.tag });
  return { results: rows.map((r) => summaryOf(r, r.content_images)), matches_estimated: total, admin };
}

/** The newest published entries for the home slider (nothing when the shop has no blog). */
export async function sliderEntries(db: Db, shop: ShopRow, limit: number): Promise<BlogSummary[]> {
  if (!blogsEnabled(shop)) return [];
  const { rows } = await repo.listEntries(db, shop.id, { states: ['published'], offset: 0, limit });
  return rows.map((r) => summaryOf(r, r.content_images));
}

/** The published entries for the shop's sitemap (none when the shop has no blog). */
export async function blogSitemapEntries(db: Db, shop: ShopRow): Promise<{ id: string; updated_at: Date }[]> {
  if (!blogsEnabled(shop)) return [];
  const { rows } = await repo.listEntries(db, shop.id, { states: ['published'], offset: 0, limit: 5000 });
  return rows.map((r) => ({ id: r.id, updated_at: r.updated_at }));
}

async function findByIdOrSlug(db: Db, shop: ShopRow, ref: string) {
  if (UUID.test(ref)) return repo.findEntry(db, shop.id, { id: ref.toLowerCase() });
  if (/^[a-z0-9-]{1,80}$/.test(ref)) return repo.findEntry(db, shop.id, { slug: ref });
  return null;
}

/**
 * One entry by id (or slug). Unpublished entries exist only for the shop's admins: anyone else gets 404, as for
 * an unknown id. `admin` tells the page whether to offer editing (seed 001 §6).
 */
export async function getBlogEntry(db: Db, shop: ShopRow, viewer: Viewer, ref: string): Promise<{ entry: BlogEntry; admin: boolean }> {
  requireBlogs(shop);
  const row = await findByIdOrSlug(db, shop, ref);
  if (!row) throw notFound();
  const admin = await isAdmin(db, shop, viewer);
  if (row.list_state !== 'published' && !admin) throw notFound();
  return { entry: entryOf(row), admin };
}

/**
 * The shop's about entry ({shop}/acerca, seed 001 §2 footer): only when the shop has an owner and about_entry_id
 * names a published entry of this shop. Shown whether or not the blog section is on: the page is the footer's.
 */
export async function getAboutEntry(db: Db, shop: ShopRow): Promise<BlogEntry | null> {
  const ref = shop.about_entry_id;
  if (!shop.owner || !ref || !UUID.test(ref)) return null;
  const row = await repo.findEntry(db, shop.id, { id: ref.toLowerCase() });
  return row && row.list_state === 'published' ? entryOf(row) : null;
}

/** An entry for the editor (admins only; works whether or not the blog section is on). */
export async function getBlogEntryForEdit({ db, shop }: AdminCtx, id: string): Promise<BlogEntry> {
  const row = UUID.test(id) ? await repo.findEntry(db, shop.id, { id: id.toLowerCase() }) : null;
  if (!row) throw notFound();
  return entryOf(row);
}

// ---------- writing (shop admins) ----------

/** Cleaned content: sanitised HTML, its plain text and abstract, and the cleaned editor document. */
export function prepareContent(html: string, doc: BlogDoc | null) {
  const content_html = sanitizeBlogHtml(html);
  const plain_text = plainTextOf(content_html);
  return { content_html, plain_text, abstract: blogAbstract(plain_text), content_json: doc ? sanitizeBlogDoc(doc) : null };
}

const mediaIds = (urls: (string | null | undefined)[]) => urls.map((u) => mediaIdOf(u ?? null));

export async function createBlogEntry(a: AdminCtx, input: BlogEntryInput): Promise<BlogEntry> {
  const { db, shop, viewer } = a;
  const image = input.image ? (await shopImage(db, shop, input.image, 'image')).url : null;
  const content = prepareContent(input.content, input.content_json);
  const author = viewer.kind === 'user' ? viewer.user.profile_id : null;
  const base = blogSlug(input.title);
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await repo.slugsLike(db, shop.id, base);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    const id = await repo.insertEntry(db, {
      shop_id: shop.id, author, slug, title: input.title, ...content, tags: input.tags, image, list_state: input.list_state,
    });
    if (id) return getBlogEntryForEdit(a, id);
  }
  throw new AppError('conflict', 'Could not give the entry a unique address; try again', { fields: { title: ['conflict'] } });
}

/** PATCH: the fields given; the slug stays so shared links keep working. A replaced cover or removed images go. */
export async function updateBlogEntry(a: AdminCtx, id: string, patch: BlogEntryPatch): Promise<BlogEntry> {
  const { db, shop } = a;
  const before = await getBlogEntryForEdit(a, id);
  const set: Parameters<typeof repo.updateEntry>[3] = {};
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.tags !== undefined) set.tags = patch.tags;
  if (patch.list_state !== undefined) set.list_state = patch.list_state;
  if (patch.image !== undefined) set.image = patch.image ? (await shopImage(db, shop, patch.image, 'image')).url : null;
  if (patch.content !== undefined || patch.content_json !== undefined) {
    const content = prepareContent(patch.content ?? before.content, patch.content_json !== undefined ? patch.content_json : before.content_json);
    Object.assign(set, content);
  }
  if (!(await repo.updateEntry(db, shop.id, before.id, set))) throw notFound();
  const after = await getBlogEntryForEdit(a, before.id);
  const gone = before.images.filter((u) => !after.images.includes(u));
  if (gone.length) await dropUnusedImages(db, shop, mediaIds(gone));
  return after;
}

export async function deleteBlogEntry({ db, shop }: AdminCtx, id: string): Promise<{ id: string; deleted: true }> {
  const gone = UUID.test(id) ? await repo.deleteEntry(db, shop.id, id.toLowerCase()) : null;
  if (!gone) throw notFound();
  await dropUnusedImages(db, shop, mediaIds([gone.image, ...imagesOf(gone.content_html)]));
  return { id: gone.id, deleted: true };
}
