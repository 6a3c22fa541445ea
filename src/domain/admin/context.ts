// What every shop-administration service shares: the admin context (the shop and the viewer's right to administer
// it), the error helpers, and the checks of uploaded images and offered products.
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { validationError } from '../../lib/server/http.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { mediaFileUrl } from '../media/index.ts';
import type { ShopRow } from '../shops/index.ts';
import { storeThemeInfoSchema, type StoreThemeInfo } from '../shops/index.ts';
import { getShopBySlug, requireShopAdmin } from '../shops/index.ts';
import * as repo from './repo.ts';
import { mediaIdOf } from './schema.ts';

export interface AdminCtx { db: Db; shop: ShopRow; viewer: Viewer }

/** The shop by slug (404) and the viewer's right to administer it (401/403). */
export async function adminContext(db: Db, slug: string, viewer: Viewer): Promise<AdminCtx> {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const shop = await getShopBySlug(db, slug);
  await requireShopAdmin(db, shop, viewer);
  return { db, shop, viewer };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const fieldError = (field: string, message: string, text = 'Some fields are not valid') => new AppError('validation_error', text, { fields: { [field]: [message] } });

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
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

export async function offeredProduct(db: Db, shop: ShopRow, productId: string, field = 'product') {
  const p = UUID.test(productId) ? await repo.findOfferedProduct(db, shop.id, productId.toLowerCase()) : null;
  if (!p) throw new AppError('validation_error', 'Some fields are not valid', { fields: { [field]: ['invalid_product'] } });
  return p;
}

/** Media no longer used after a change: deleted when this shop's owner uploaded them and nothing else uses them. */
export async function dropUnusedImages(db: Db, shop: ShopRow, ids: (string | null | undefined)[]) {
  const list = ids.filter((x): x is string => !!x);
  if (list.length) await repo.deleteMediaIfUnused(db, list, shop.owner ?? null);
}

export const themeOf = (shop: ShopRow): StoreThemeInfo => storeThemeInfoSchema.parse(shop.store_theme_info);
