// Shop administration: carousel slides (store_theme_info.slider_info). Every call takes the admin context (context.ts).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { SLIDES_MAX } from '../../lib/shared/constants.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { ShopRow } from '../shops/index.ts';
import { slideSchema, storeThemeInfoSchema, type Slide } from '../shops/index.ts';
import { normaliseSlideLink } from '../../lib/shared/safe-url.ts';
import { INVALID_SHOP_CAROUSEL_LINK } from '../../lib/shared/constants.ts';
import * as repo from './repo.ts';
import { mediaIdOf, slideInputSchema, type SlideInput } from './schema.ts';
import { UUID, notFound, fieldError, parseOrThrow, shopImage, offeredProduct, dropUnusedImages, themeOf, type AdminCtx } from './context.ts';

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
  const columns = themeOf(shop).columns;
  const link = (field: 'url' | 'button_url', value: string) => {
    const v = normaliseSlideLink(value, columns);
    if (!v) throw fieldError(field, INVALID_SHOP_CAROUSEL_LINK);
    return v;
  };
  if (input.type === 'PRODUCT') {
    const p = await offeredProduct(db, shop, input.product!);
    product = p.id;
    supplier = p.owner;
    action = 'url';
  } else if (input.action_type === 'url') {
    url = link('url', input.url ?? '');
  }
  return slideSchema.parse({
    id, hzt_image: hzt.url, vrt_image: vrt.url, hzt_image_id: hzt.id, vrt_image_id: vrt.id, type: input.type, product, supplier,
    url, url_target: input.url_target, target: input.target, action_type: action,
    title: input.title, subtitle: input.subtitle, button_label: input.button_label,
    button_url: input.button_url ? link('button_url', input.button_url) : null,
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
