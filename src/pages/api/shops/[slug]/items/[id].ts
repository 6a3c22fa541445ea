// /api/shops/{slug}/items/{id}
//   GET: an item the shop offers, with what its detail page shows (resale_earning only for level one/two
//        viewers with resale info on).
//   PATCH {in_store?, queue_position?}: the shop's admins put an item in or out of the store, or move it to a
//        zero-based position. Every change reaches open storefronts as a live product event.
import { z } from 'zod';
import { itemDetailSchema, shopItemPatchSchema, shopItemStateSchema } from '../../../../../domain/catalog/schema.ts';
import { getShopItem, updateShopItem } from '../../../../../domain/catalog/service.ts';
import { getShopBySlug } from '../../../../../domain/shops/service.ts';
import { readPreferences } from '../../../../../lib/i18n/preferences.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

const params = z.object({ slug: z.string().max(63), id: z.string().max(64) });

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/items/{id}', tags: ['catalog'], summary: 'An item the shop offers (detail fields)',
    params, response: itemDetailSchema, errors: [404],
  }),
  defineEndpoint({
    method: 'PATCH', path: '/api/shops/{slug}/items/{id}', tags: ['catalog'], auth: 'user',
    summary: 'Shop admins: put an item in or out of the store (in_store) or move it to a zero-based queue_position',
    params, body: shopItemPatchSchema, response: shopItemStateSchema, errors: [400, 401, 403, 404, 409, 415],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx, params: p }) => {
  const shop = await getShopBySlug(ctx.locals.db, p.slug);
  const prefs = readPreferences(ctx.cookies, ctx.request.headers.get('accept-language'));
  return getShopItem(ctx.locals.db, shop, ctx.locals.viewer, { owner: null, id: p.id }, { showResaleInfo: prefs.showResaleInfo });
});

export const PATCH = handle(specs[1], async ({ ctx, params: p, body }) => {
  const shop = await getShopBySlug(ctx.locals.db, p.slug);
  return updateShopItem(ctx.locals.db, shop, ctx.locals.viewer, p.id, body);
});
