// Shop administration: banners. Every call takes the admin context (context.ts).
import type { Db } from '../../db/client.ts';
import { BANNERS_MAX } from '../../lib/shared/constants.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { ShopRow } from '../shops/index.ts';
import { normaliseLink } from '../../lib/shared/safe-url.ts';
import * as repo from './repo.ts';
import { bannerInputSchema, mediaIdOf, type AdminBanner, type BannerInput } from './schema.ts';
import { UUID, notFound, parseOrThrow, shopImage, offeredProduct, dropUnusedImages, type AdminCtx } from './context.ts';

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
