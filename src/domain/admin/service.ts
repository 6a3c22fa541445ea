// Shop administration rules (issue 4; seed 000 §2-§9, seed 001 §5): the store's own fields, headers, carousel
// slides, banners and catalogues. Every call takes the shop and the viewer explicitly and checks that the
// viewer administers the shop (owner or 'admin' permission). The page cache drops the shop by itself: every
// write here updates the shops row, a banner or a catalogue, whose triggers notify shop_events.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { listCatalogues } from '../catalog/repo.ts';
import { pgCode } from '../checkout/tx.ts';
import { validationError } from '../../lib/server/http.ts';
import { BANNERS_MAX, SLIDES_MAX } from '../../lib/shared/constants.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../accounts/viewer.ts';
import { mediaFileUrl } from '../media/service.ts';
import type { ShopRow } from '../shops/repo.ts';
import { headerInfoSchema, slideSchema, storeThemeInfoSchema, type Slide, type StoreThemeInfo } from '../shops/schema.ts';
import { getShopBySlug, requireShopAdmin } from '../shops/service.ts';
import { normaliseCarouselLink, normaliseLink } from '../../lib/shared/safe-url.ts';
import * as repo from './repo.ts';
import { trashCatalogue } from './catalogue-trash.ts';
import {
  bannerInputSchema, headerInputSchema, mediaIdOf, slideInputSchema,
  type AdminBanner, type AdminHeader, type BannerInput, type HeaderInput, type SlideInput, type StorePatch,
} from './schema.ts';

export interface AdminCtx { db: Db; shop: ShopRow; viewer: Viewer }

/** The shop by slug (404) and the viewer's right to administer it (401/403). */
export async function adminContext(db: Db, slug: string, viewer: Viewer): Promise<AdminCtx> {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const shop = await getShopBySlug(db, slug);
  await requireShopAdmin(db, shop, viewer);
  return { db, shop, viewer };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = (what: string) => new AppError('not_found', `${what} not found`);
const fieldError = (field: string, message: string, text = 'Some fields are not valid') => new AppError('validation_error', text, { fields: { [field]: [message] } });

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(r.error);
  return r.data;
}

/**
 * An uploaded image of this shop (POST .../admin/uploads stores it with the shop owner's profile): answers its
 * canonical address and id; a field error otherwise.
 */
export async function shopImage(db: Db, shop: ShopRow, url: string, field: string): Promise<{ id: string; url: string }> {
  const id = mediaIdOf(url);
  const info = id ? await repo.findMediaInfo(db, id) : null;
  if (!info || (info.owner ?? null) !== (shop.owner ?? null)) throw fieldError(field, 'upload the image first (POST /api/shops/{slug}/admin/uploads)');
  if (!['image/jpeg', 'image/png', 'image/svg+xml'].includes(info.content_type)) throw fieldError(field, 'a .jpeg, .png or .svg image');
  return { id: info.id, url: mediaFileUrl(info.id, info.content_type) };
}

async function offeredProduct(db: Db, shop: ShopRow, productId: string, field = 'product') {
  const p = UUID.test(productId) ? await repo.findOfferedProduct(db, shop.id, productId.toLowerCase()) : null;
  if (!p) throw new AppError('validation_error', 'Some fields are not valid', { fields: { [field]: ['invalid_product'] } });
  return p;
}

/** Media no longer used after a change: deleted when this shop's owner uploaded them and nothing else uses them. */
export async function dropUnusedImages(db: Db, shop: ShopRow, ids: (string | null | undefined)[]) {
  const list = ids.filter((x): x is string => !!x);
  if (list.length) await repo.deleteMediaIfUnused(db, list, shop.owner ?? null);
}

const themeOf = (shop: ShopRow): StoreThemeInfo => storeThemeInfoSchema.parse(shop.store_theme_info);

// ---------- store ----------

const THEME_KEYS = ['color1', 'color2', 'columns', 'signup_form', 'sections_info'] as const;

/** What the admin's store forms edit (the shop row's own fields and its store_theme_info). */
export function adminStoreView(shop: ShopRow) {
  return {
    id: shop.id, slug: shop.slug, name: shop.name, photo: shop.photo, favicon: shop.favicon, photo_display: shop.photo_display,
    seo_description: shop.seo_description, hidden_store_name: shop.hidden_store_name, hidden_search_bar: shop.hidden_search_bar,
    hidden_affinity_xheader: shop.hidden_affinity_xheader, hidden_affiliate_banner: shop.hidden_affiliate_banner,
    hidden_dssupplier_banner: shop.hidden_dssupplier_banner, darkmode: shop.darkmode, hidden_darkmode: shop.hidden_darkmode,
    adornment_type: shop.adornment_type, contact_email: shop.contact_email, contact_phone: shop.contact_phone,
    contact_country_code: shop.contact_country_code, whatsapp_phone: shop.whatsapp_phone, whatsapp_country_code: shop.whatsapp_country_code,
    live_chat_license: shop.live_chat_license, facebook: shop.facebook, instagram: shop.instagram, twitter: shop.twitter,
    youtube: shop.youtube, twitch: shop.twitch, kick: shop.kick, discord: shop.discord, footer_bg: shop.footer_bg,
    footer_fg: shop.footer_fg, footer_style: shop.footer_style, users_support_url: shop.users_support_url,
    theme_pack: shop.theme_pack, time_zone: shop.time_zone, store_theme_info: themeOf(shop),
  };
}
export type AdminStoreView = ReturnType<typeof adminStoreView>;

export async function getStore({ shop }: AdminCtx): Promise<AdminStoreView> {
  return adminStoreView(shop);
}

/**
 * PATCH the store: shop fields and the store_theme_info pair (colours, columns, signup form, sections). The
 * theme info is written through its zod schema; a replaced photo or favicon is deleted when nothing else uses it.
 */
export async function updateStore({ db, shop }: AdminCtx, patch: StorePatch): Promise<AdminStoreView> {
  const photo = patch.photo ? await shopImage(db, shop, patch.photo, 'photo') : null;
  const favicon = patch.favicon ? await shopImage(db, shop, patch.favicon, 'favicon') : null;
  const before = { photo: shop.photo, favicon: shop.favicon };
  const row = await repo.withShopLocked(db, shop.id, async (tx, current) => {
    const { color1: _1, color2: _2, columns: _3, signup_form: _4, sections_info: _5, ...fields } = patch;
    const set: Parameters<typeof repo.updateShop>[2] = { ...fields };
    if (patch.photo !== undefined) set.photo = photo?.url ?? null;
    if (patch.favicon !== undefined) set.favicon = favicon?.url ?? null;
    if (THEME_KEYS.some((k) => patch[k] !== undefined)) {
      const theme = storeThemeInfoSchema.parse(current.store_theme_info);
      const changes = Object.fromEntries(THEME_KEYS.filter((k) => patch[k] !== undefined).map((k) => [k, patch[k]]));
      set.store_theme_info = storeThemeInfoSchema.parse({ ...theme, ...changes });
    }
    return repo.updateShop(tx, shop.id, set);
  });
  const replaced = [before.photo !== row.photo ? before.photo : null, before.favicon !== row.favicon ? before.favicon : null];
  await dropUnusedImages(db, row, replaced.map(mediaIdOf));
  return adminStoreView(row);
}

// ---------- headers ----------

function headerView(h: repo.HeaderWithName): AdminHeader {
  return {
    id: h.id, title: h.title, subtitle: h.subtitle, description: h.description, action_type: h.action_type,
    url: h.url, button_label: h.button_label as AdminHeader['button_label'], product: h.product, product_name: h.product_name,
    product_supplier: h.product_supplier, target: h.target as AdminHeader['target'], active: h.active,
    created_at: h.created_at.toISOString(), updated_at: h.updated_at.toISOString(),
  };
}

/**
 * A shop showing a header that is not in its list (data written before the list existed, or straight into
 * store_theme_info): that header becomes the list's active row, so the admin can edit it (seed 000 §4).
 */
async function adoptShownHeader(db: Db, shop: ShopRow) {
  if (!themeOf(shop).header_info || await repo.hasActiveHeader(db, shop.id)) return;
  await repo.withShopLocked(db, shop.id, async (tx, current) => {
    const h = themeOf(current).header_info;
    if (!h || await repo.hasActiveHeader(tx, shop.id)) return;
    const product = h.product && UUID.test(h.product) ? h.product : null;
    const id = await repo.insertHeader(tx, {
      shop_id: shop.id, title: h.title.trim().slice(0, 30) || '—', subtitle: h.subtitle, description: h.description, action_type: h.action_type,
      url: h.url, button_label: h.button_label, product, product_supplier: product && h.product_supplier && UUID.test(h.product_supplier) ? h.product_supplier : null,
      target: h.target,
    });
    await repo.setActiveHeader(tx, shop.id, id);
  });
}

export async function listHeaders({ db, shop }: AdminCtx, page: { offset: number; limit: number }) {
  // The list still answers if the shown header cannot be adopted (a product it names is gone, say).
  await adoptShownHeader(db, shop).catch((err: unknown) => console.warn('[admin] header not adopted into the list', err));
  const r = await repo.listHeaders(db, shop.id, page.offset, page.limit);
  return { results: r.results.map(headerView), matches_estimated: r.matches_estimated };
}

export async function getHeader({ db, shop }: AdminCtx, id: string): Promise<AdminHeader> {
  const h = UUID.test(id) ? await repo.findHeader(db, shop.id, id.toLowerCase()) : null;
  if (!h) throw notFound('Header');
  return headerView(h);
}

/** Only the fields the action uses are kept: url for url, product for product, no button for none. */
async function headerRow(db: Db, shop: ShopRow, input: HeaderInput) {
  const product = input.action_type === 'product' && input.product ? await offeredProduct(db, shop, input.product) : null;
  return {
    title: input.title, subtitle: input.subtitle, description: input.description, action_type: input.action_type,
    url: input.action_type === 'url' && input.url ? normaliseLink(input.url) : null,
    button_label: input.action_type === 'none' ? null : input.button_label,
    product: product?.id ?? null, product_supplier: product?.owner ?? null, target: input.target,
  };
}

/** store_theme_info.header_info from the active header (null: none). */
async function writeHeaderInfo(tx: Db, shop: ShopRow, h: Awaited<ReturnType<typeof headerRow>> | null) {
  const theme = storeThemeInfoSchema.parse(shop.store_theme_info);
  const header_info = h ? headerInfoSchema.parse({
    title: h.title, subtitle: h.subtitle, description: h.description, action_type: h.action_type, url: h.url,
    product: h.product, product_supplier: h.product_supplier, button_label: h.button_label, target: h.target,
  }) : null;
  await repo.updateShop(tx, shop.id, { store_theme_info: storeThemeInfoSchema.parse({ ...theme, header_info }) });
}

export async function createHeader({ db, shop }: AdminCtx, input: HeaderInput): Promise<AdminHeader> {
  const row = await headerRow(db, shop, input);
  const id = await repo.withShopLocked(db, shop.id, async (tx, current) => {
    const newId = await repo.insertHeader(tx, { ...row, shop_id: shop.id });
    if (input.apply) {
      await repo.setActiveHeader(tx, shop.id, newId);
      await writeHeaderInfo(tx, current, row);
    }
    return newId;
  });
  return getHeader({ db, shop } as AdminCtx, id);
}

/** PATCH a header: the stored fields merged with the patch, checked by the same rules as a new one. */
export async function updateHeader({ db, shop }: AdminCtx, id: string, patch: Partial<HeaderInput>): Promise<AdminHeader> {
  const existing = UUID.test(id) ? await repo.findHeader(db, shop.id, id.toLowerCase()) : null;
  if (!existing) throw notFound('Header');
  const merged = parseOrThrow(headerInputSchema, {
    title: existing.title, subtitle: existing.subtitle, description: existing.description, action_type: existing.action_type,
    url: existing.url, button_label: existing.button_label, product: existing.product, target: existing.target, ...patch,
  });
  const row = await headerRow(db, shop, merged);
  await repo.withShopLocked(db, shop.id, async (tx, current) => {
    await repo.updateHeader(tx, shop.id, existing.id, row);
    if (merged.apply === true && !existing.active) await repo.setActiveHeader(tx, shop.id, existing.id);
    if (merged.apply === false && existing.active) {
      await repo.setActiveHeader(tx, shop.id, null);
      await writeHeaderInfo(tx, current, null);
    } else if (existing.active || merged.apply === true) {
      await writeHeaderInfo(tx, current, row);
    }
  });
  return getHeader({ db, shop } as AdminCtx, existing.id);
}

export async function deleteHeader({ db, shop }: AdminCtx, id: string): Promise<{ id: string; deleted: true }> {
  if (!UUID.test(id)) throw notFound('Header');
  const gone = await repo.withShopLocked(db, shop.id, async (tx, current) => {
    const row = await repo.deleteHeader(tx, shop.id, id.toLowerCase());
    if (row?.active) await writeHeaderInfo(tx, current, null);
    return row;
  });
  if (!gone) throw notFound('Header');
  return { id: gone.id, deleted: true };
}

/** Makes a header the shop's active one (its fields become store_theme_info.header_info), or clears it. */
export async function applyHeader({ db, shop }: AdminCtx, id: string, active = true): Promise<AdminHeader> {
  const existing = UUID.test(id) ? await repo.findHeader(db, shop.id, id.toLowerCase()) : null;
  if (!existing) throw notFound('Header');
  const input = parseOrThrow(headerInputSchema, {
    title: existing.title, subtitle: existing.subtitle, description: existing.description, action_type: existing.action_type,
    url: existing.url, button_label: existing.button_label, product: existing.product, target: existing.target,
  });
  const row = active ? await headerRow(db, shop, input) : null;
  await repo.withShopLocked(db, shop.id, async (tx, current) => {
    if (active) {
      await repo.setActiveHeader(tx, shop.id, existing.id);
      await writeHeaderInfo(tx, current, row);
    } else if (existing.active) {
      await repo.setActiveHeader(tx, shop.id, null);
      await writeHeaderInfo(tx, current, null);
    }
  });
  return getHeader({ db, shop } as AdminCtx, existing.id);
}

// ---------- carousel slides (store_theme_info.slider_info) ----------

export interface AdminSlide extends Slide { id: string; position: number; product_name: string | null }

async function slideViews(db: Db, slides: Slide[]): Promise<AdminSlide[]> {
  const names = await repo.productNames(db, slides.map((s) => s.product).filter((p): p is string => !!p && UUID.test(p)));
  return slides.map((s, i) => ({ ...s, id: s.id ?? `slide-${i}`, position: i, product_name: s.product ? names.get(s.product) ?? null : null }));
}

export async function listSlides({ db, shop }: AdminCtx) {
  const slides = themeOf(shop).slider_info;
  return { results: await slideViews(db, slides), matches_estimated: slides.length, columns: themeOf(shop).columns };
}

/** A slide as stored, from validated input: images resolved to this shop's uploads, links by type. */
async function slideFrom(db: Db, shop: ShopRow, id: string, input: SlideInput): Promise<Slide> {
  const [hzt, vrt] = await Promise.all([shopImage(db, shop, input.hzt_image, 'hzt_image'), shopImage(db, shop, input.vrt_image, 'vrt_image')]);
  let product: string | null = null;
  let supplier: string | null = null;
  let url: string | null = null;
  let action: 'url' | 'none' = input.action_type;
  if (input.type === 'PRODUCT') {
    const p = await offeredProduct(db, shop, input.product!);
    product = p.id;
    supplier = p.owner;
    action = 'url';
  } else if (input.action_type === 'url') {
    url = normaliseCarouselLink(input.url ?? '');
  }
  return slideSchema.parse({
    id, hzt_image: hzt.url, vrt_image: vrt.url, hzt_image_id: hzt.id, vrt_image_id: vrt.id, type: input.type, product, supplier,
    url, url_target: input.url_target, target: input.target, action_type: action,
    title: input.title, subtitle: input.subtitle, button_label: input.button_label,
    button_url: input.button_url ? normaliseCarouselLink(input.button_url) : null,
    text_desktop: input.text_desktop, text_phone: input.text_phone,
  });
}

function slideAsInput(s: Slide): Record<string, unknown> {
  return {
    hzt_image: s.hzt_image, vrt_image: s.vrt_image, type: s.type, product: s.product, url: s.type === 'URL' ? s.url : null,
    url_target: s.url_target, target: s.target, action_type: s.action_type,
    title: s.title, subtitle: s.subtitle, button_label: s.button_label, button_url: s.button_url,
    text_desktop: s.text_desktop, text_phone: s.text_phone,
  };
}

async function writeSlides(tx: Db, shop: ShopRow, slides: Slide[]) {
  const theme = storeThemeInfoSchema.parse(shop.store_theme_info);
  return repo.updateShop(tx, shop.id, { store_theme_info: storeThemeInfoSchema.parse({ ...theme, slider_info: slides }) });
}

/** Slides stored before ids existed get ids the first time the list is written. */
// Position-based until written (the list shows the same ids), so an id-less slide can still be edited or deleted.
const withIds = (slides: Slide[]) => slides.map((s, i) => ({ ...s, id: s.id ?? `slide-${i}` }));
const place = <T>(list: T[], item: T, position: number | undefined) => {
  const at = position === undefined ? list.length : Math.min(Math.max(0, position), list.length);
  return [...list.slice(0, at), item, ...list.slice(at)];
};

export async function createSlide({ db, shop }: AdminCtx, input: SlideInput): Promise<AdminSlide> {
  const id = randomUUID();
  const slide = await slideFrom(db, shop, id, input);
  const row = await repo.withShopLocked(db, shop.id, async (tx, current) => {
    const slides = withIds(themeOf(current).slider_info);
    if (slides.length >= SLIDES_MAX) throw new AppError('conflict', `A carousel holds at most ${SLIDES_MAX} slides`, { textKey: 'apiErrors.carousel_full', vars: { max: SLIDES_MAX } });
    return writeSlides(tx, current, place(slides, slide, input.position));
  });
  return (await slideViews(db, themeOf(row).slider_info)).find((s) => s.id === id)!;
}

export async function updateSlide({ db, shop }: AdminCtx, id: string, patch: Record<string, unknown>): Promise<AdminSlide> {
  let replaced: (string | null)[] = [];
  const row = await repo.withShopLocked(db, shop.id, async (tx, current) => {
    const slides = withIds(themeOf(current).slider_info);
    const i = slides.findIndex((s) => s.id === id);
    if (i < 0) throw notFound('Slide');
    const old = slides[i]!;
    const input = parseOrThrow(slideInputSchema, { ...slideAsInput(old), ...patch });
    const next = await slideFrom(tx, current, old.id!, input);
    replaced = [old.hzt_image_id, old.vrt_image_id].filter((m) => m !== next.hzt_image_id && m !== next.vrt_image_id);
    const rest = slides.filter((_, k) => k !== i);
    return writeSlides(tx, current, input.position === undefined ? slides.map((s, k) => (k === i ? next : s)) : place(rest, next, input.position));
  });
  await dropUnusedImages(db, row, replaced);
  return (await slideViews(db, themeOf(row).slider_info)).find((s) => s.id === id)!;
}

/** Deletes a slide and its images (unless another record still uses them). */
export async function deleteSlide({ db, shop }: AdminCtx, id: string): Promise<{ id: string; deleted: true; deleted_media: string[] }> {
  let gone: Slide | undefined;
  const row = await repo.withShopLocked(db, shop.id, async (tx, current) => {
    const slides = withIds(themeOf(current).slider_info);
    gone = slides.find((s) => s.id === id);
    if (!gone) throw notFound('Slide');
    return writeSlides(tx, current, slides.filter((s) => s.id !== id));
  });
  const ids = [gone!.hzt_image_id ?? mediaIdOf(gone!.hzt_image), gone!.vrt_image_id ?? mediaIdOf(gone!.vrt_image)].filter((x): x is string => !!x);
  const deleted = ids.length ? await repo.deleteMediaIfUnused(db, ids, row.owner ?? null) : [];
  return { id, deleted: true, deleted_media: deleted };
}

/** Puts the slides in the order of `ids` (every slide exactly once). */
export async function reorderSlides({ db, shop }: AdminCtx, ids: string[]) {
  const row = await repo.withShopLocked(db, shop.id, async (tx, current) => {
    const slides = withIds(themeOf(current).slider_info);
    const byId = new Map(slides.map((s) => [s.id!, s]));
    if (ids.length !== slides.length || new Set(ids).size !== ids.length || ids.some((i) => !byId.has(i))) {
      throw fieldError('ids', 'list every slide id exactly once');
    }
    return writeSlides(tx, current, ids.map((i) => byId.get(i)!));
  });
  const slides = themeOf(row).slider_info;
  return { results: await slideViews(db, slides), matches_estimated: slides.length, columns: themeOf(row).columns };
}

// ---------- banners ----------

async function bannerViews(db: Db, rows: repo.BannerRow[]): Promise<AdminBanner[]> {
  const names = await repo.productNames(db, rows.map((r) => r.product).filter((p): p is string => !!p));
  return rows.map((b) => ({
    id: b.id, hzt_image: b.hzt_image, vrt_image: b.vrt_image, hzt_image_id: b.hzt_image_id, vrt_image_id: b.vrt_image_id,
    action_type: b.action_type, url: b.url, url_target: b.url_target, product: b.product,
    product_name: b.product ? names.get(b.product) ?? null : null, product_supplier: b.product_supplier,
    target: b.target as AdminBanner['target'], position: b.position, created_at: b.created_at.toISOString(), updated_at: b.updated_at.toISOString(),
  }));
}

export async function listBanners({ db, shop }: AdminCtx, page: { offset: number; limit: number }) {
  const r = await repo.listBanners(db, shop.id, page.offset, page.limit);
  return { results: await bannerViews(db, r.results), matches_estimated: r.matches_estimated };
}

async function getBanner(db: Db, shop: ShopRow, id: string): Promise<AdminBanner> {
  const row = await repo.findBanner(db, shop.id, id);
  if (!row) throw notFound('Banner');
  return (await bannerViews(db, [row]))[0]!;
}

async function bannerRow(db: Db, shop: ShopRow, input: BannerInput) {
  const hzt = await shopImage(db, shop, input.hzt_image, 'hzt_image');
  const vrt = input.vrt_image ? await shopImage(db, shop, input.vrt_image, 'vrt_image') : null;
  const product = input.action_type === 'product' && input.product ? await offeredProduct(db, shop, input.product) : null;
  return {
    hzt_image: hzt.url, hzt_image_id: hzt.id, vrt_image: vrt?.url ?? null, vrt_image_id: vrt?.id ?? null,
    action_type: input.action_type, url: input.action_type === 'url' && input.url ? normaliseLink(input.url) : null,
    url_target: input.url_target, product: product?.id ?? null, product_supplier: product?.owner ?? null, target: input.target,
  };
}

export async function createBanner({ db, shop }: AdminCtx, input: BannerInput): Promise<AdminBanner> {
  const row = await bannerRow(db, shop, input);
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (await repo.countBanners(tx, shop.id) >= BANNERS_MAX) throw new AppError('conflict', `A shop holds at most ${BANNERS_MAX} banners`, { textKey: 'apiErrors.banners_full', vars: { max: BANNERS_MAX } });
    const newId = await repo.insertBanner(tx, { ...row, shop_id: shop.id });
    if (input.position !== undefined) await repo.placeBanner(tx, shop.id, newId, input.position);
    return newId;
  });
  return getBanner(db, shop, id);
}

export async function updateBanner({ db, shop }: AdminCtx, id: string, patch: Record<string, unknown>): Promise<AdminBanner> {
  const existing = UUID.test(id) ? await repo.findBanner(db, shop.id, id.toLowerCase()) : null;
  if (!existing) throw notFound('Banner');
  const input = parseOrThrow(bannerInputSchema, {
    hzt_image: existing.hzt_image, vrt_image: existing.vrt_image, action_type: existing.action_type, url: existing.url,
    url_target: existing.url_target, product: existing.product, target: existing.target, ...patch,
  });
  const row = await bannerRow(db, shop, input);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await repo.updateBanner(tx, shop.id, existing.id, row);
    if (input.position !== undefined) await repo.placeBanner(tx, shop.id, existing.id, input.position);
  });
  await dropUnusedImages(db, shop, [existing.hzt_image_id, existing.vrt_image_id].filter((m) => m !== row.hzt_image_id && m !== row.vrt_image_id));
  return getBanner(db, shop, existing.id);
}

/** Deletes a banner and its gallery images (seed 000 §7) unless another record still uses them. */
export async function deleteBanner({ db, shop }: AdminCtx, id: string): Promise<{ id: string; deleted: true; deleted_media: string[] }> {
  if (!UUID.test(id)) throw notFound('Banner');
  const gone = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const row = await repo.deleteBanner(tx, shop.id, id.toLowerCase());
    if (row) await repo.placeBanner(tx, shop.id, null, 0);
    return row;
  });
  if (!gone) throw notFound('Banner');
  const ids = [gone.hzt_image_id ?? mediaIdOf(gone.hzt_image), gone.vrt_image_id ?? mediaIdOf(gone.vrt_image)].filter((x): x is string => !!x);
  const deleted = ids.length ? await repo.deleteMediaIfUnused(db, ids, shop.owner ?? null) : [];
  return { id: gone.id, deleted: true, deleted_media: deleted };
}

// ---------- catalogues ----------

/** A catalogue slug from its name: lower case, accents folded, words joined by '-'. */
export function catalogueSlug(name: string): string {
  const s = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return s || 'catalogo';
}

export async function listAdminCatalogues({ db, shop }: AdminCtx, page: { offset: number; limit: number }) {
  return listCatalogues(db, shop.id, page.offset, page.limit);
}

async function catalogueView(db: Db, shop: ShopRow, id: string) {
  const row = await repo.findCatalogue(db, shop.id, id);
  if (!row) throw notFound('Catalogue');
  return { ...row, updated_at: row.updated_at.toISOString() };
}

/** Creates a catalogue; its slug comes from the name and is unique in the shop (-2, -3 ... when taken). */
export async function createCatalogue({ db, shop }: AdminCtx, input: { name: string; photo: string | null }) {
  const photo = input.photo ? await shopImage(db, shop, input.photo, 'photo') : null;
  const base = catalogueSlug(input.name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await repo.catalogueSlugsLike(db, shop.id, base);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    const id = await repo.insertCatalogue(db, { shop_id: shop.id, owner: shop.owner, name: input.name, slug, photo: photo?.url ?? null });
    if (id) return catalogueView(db, shop, id);
  }
  throw new AppError('conflict', 'Could not give the catalogue a unique address; try again', { fields: { name: ['conflict'] } });
}

/** Renames a catalogue and/or changes its photo. The slug stays, so shared links keep working. */
export async function updateCatalogue({ db, shop }: AdminCtx, id: string, patch: { name?: string; photo?: string | null }) {
  const before = UUID.test(id) ? await repo.findCatalogue(db, shop.id, id.toLowerCase()) : null;
  if (!before) throw notFound('Catalogue');
  const set: { name?: string; photo?: string | null } = {};
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.photo !== undefined) set.photo = patch.photo ? (await shopImage(db, shop, patch.photo, 'photo')).url : null;
  await repo.updateCatalogue(db, shop.id, before.id, set);
  if (set.photo !== undefined && before.photo !== set.photo) await dropUnusedImages(db, shop, [mediaIdOf(before.photo)]);
  return catalogueView(db, shop, before.id);
}

/**
 * Removes a catalogue from the store (seed 000 §4). With the current schema a catalogue belongs to one shop, so
 * both of the spec's outcomes (delete it; remove it from the store when it has products) are the same: the
 * catalogue and its product list go. The products themselves stay in the shop's store (shop_products is not
 * touched) and stay sellable. It goes to the trash for a day first (catalogue-trash.ts: the builder's Undo
 * restores it); its photo is deleted with the purge unless something else uses it.
 */
export const deleteCatalogue = (a: AdminCtx, id: string) => trashCatalogue(a, id);

async function ownCatalogue(db: Db, shop: ShopRow, id: string) {
  const c = UUID.test(id) ? await repo.findCatalogue(db, shop.id, id.toLowerCase()) : null;
  if (!c) throw notFound('Catalogue');
  return c;
}

export async function listCatalogueProducts({ db, shop }: AdminCtx, id: string) {
  const c = await ownCatalogue(db, shop, id);
  const rows = await repo.catalogueProductIds(db, c.id);
  const names = await repo.productNames(db, rows.map((r) => r.product_id));
  return { results: rows.map((r) => ({ ...r, name: names.get(r.product_id) ?? null })), matches_estimated: rows.length };
}

/** Adds a product the shop offers (in its store or one of its catalogues) at the end, or at a zero-based place. */
export async function addCatalogueProduct({ db, shop }: AdminCtx, id: string, input: { product_id: string; queue_position?: number }) {
  const c = await ownCatalogue(db, shop, id);
  const p = await offeredProduct(db, shop, input.product_id, 'product_id');
  const position = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await repo.lockCatalogueOrder(tx, c.id);
    const added = await repo.appendCatalogueProduct(tx, c.id, p.id);
    if (!added && input.queue_position === undefined) throw new AppError('conflict', 'The product is already in this catalogue', { fields: { product_id: ['already in the catalogue'] } });
    if (input.queue_position !== undefined) await repo.placeCatalogueProduct(tx, c.id, p.id, input.queue_position);
    return repo.cataloguePosition(tx, c.id, p.id);
  });
  await repo.updateCatalogue(db, shop.id, c.id, {});
  return { catalogue_id: c.id, product_id: p.id, queue_position: position! };
}

export async function removeCatalogueProduct({ db, shop }: AdminCtx, id: string, productId: string) {
  const c = await ownCatalogue(db, shop, id);
  if (!UUID.test(productId)) throw notFound('Product');
  const removed = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await repo.lockCatalogueOrder(tx, c.id);
    const ok = await repo.removeCatalogueProduct(tx, c.id, productId.toLowerCase());
    if (ok) await repo.placeCatalogueProduct(tx, c.id, null, 0);
    return ok;
  });
  if (!removed) throw notFound('Product in this catalogue');
  await repo.updateCatalogue(db, shop.id, c.id, {});
  return { catalogue_id: c.id, product_id: productId.toLowerCase(), removed: true as const };
}

/** How long a move waits for another change of the same catalogue's order before answering updating_position_error. */
export const POSITION_LOCK_TIMEOUT_MS = 3000;

/** Moves a product to a zero-based queue_position; the others are renumbered 0..n-1 in one statement. */
export async function moveCatalogueProduct({ db, shop }: AdminCtx, id: string, input: { product_id: string; queue_position: number }) {
  const c = await ownCatalogue(db, shop, id);
  let position: number | null;
  try {
    position = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // Another change of this catalogue's order holding the lock longer than this: seed 001 §8 'try later'.
      await repo.setLockTimeout(tx, POSITION_LOCK_TIMEOUT_MS);
      await repo.lockCatalogueOrder(tx, c.id);
      if (await repo.cataloguePosition(tx, c.id, input.product_id) === null) throw notFound('Product in this catalogue');
      await repo.placeCatalogueProduct(tx, c.id, input.product_id, input.queue_position);
      return repo.cataloguePosition(tx, c.id, input.product_id);
    });
  } catch (err) {
    if (pgCode(err) === '55P03') throw new AppError('updating_position_error', 'The catalogue\'s order is being changed; try again later');
    throw err;
  }
  return { catalogue_id: c.id, product_id: input.product_id, queue_position: position! };
}
