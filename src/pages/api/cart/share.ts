import { shareInput, shareOutput } from '../../../domain/cart/schema.ts';
import { resolveShop, share } from '../../../domain/cart/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/cart/share', summary: 'A public link that opens the same items (a cart keeps its first link)', tags: ['cart'], auth: 'user',
  body: shareInput, response: shareOutput, errors: [400, 404],
});

export const POST = handle(spec, async ({ ctx, body }) => {
  const shop = await resolveShop(ctx.locals.db, ctx.locals.shop, body.shop);
  return share(ctx.locals.db, shop, ctx.locals.viewer);
});
