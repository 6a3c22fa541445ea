import { z } from 'zod';
import { getShopBySlug, setThemePack } from '../../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';
import { packs } from '../../../../themes/loader.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/theme', summary: 'The shop\'s theme pack and the packs it may switch to', tags: ['themes'],
    params: z.object({ slug: z.string().max(63) }),
    response: z.object({ theme_pack: z.string(), packs: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable() })) }),
    errors: [404],
  }),
  defineEndpoint({
    method: 'PUT', path: '/api/shops/{slug}/theme', summary: 'Switch the shop\'s theme pack (shop admins)', tags: ['themes'], auth: 'user',
    params: z.object({ slug: z.string().max(63) }), body: z.object({ theme_pack: z.string().min(1).max(32) }).strict(),
    response: z.object({ theme_pack: z.string() }), errors: [400, 403, 404],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx, params }) => {
  const shop = await getShopBySlug(ctx.locals.db, params.slug);
  const list = [...packs().values()].map(({ pack }) => ({ id: pack.id, name: pack.name, description: pack.description ?? null }));
  return { theme_pack: shop.theme_pack, packs: list };
});

export const PUT = handle(specs[1], async ({ ctx, params, body }) => {
  const shop = await getShopBySlug(ctx.locals.db, params.slug);
  const updated = await setThemePack(ctx.locals.db, shop, ctx.locals.viewer, body.theme_pack, new Set(packs().keys()));
  return { theme_pack: updated.theme_pack };
});
