import { cartView, mergeInput } from '../../../domain/cart/schema.ts';
import { merge, resolveShop } from '../../../domain/cart/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';
import { ownHoldsIn } from '../../../flows/cart-view.ts';
import { localizedCart } from '../../../components/store/cart-localized.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/cart/merge',
  summary: 'Merge the browser\'s anonymous cart at login: amounts add up, then the quantity rules adjust; nothing is lost', tags: ['cart'], auth: 'user',
  body: mergeInput, response: cartView, errors: [400, 404],
});

export const POST = handle(spec, async ({ ctx, body }) => {
  const shop = await resolveShop(ctx.locals.db, ctx.locals.shop, body.shop);
  return localizedCart(await ownHoldsIn(ctx.locals.db, shop, ctx.locals.viewer, await merge(ctx.locals.db, shop, ctx.locals.viewer, body.items)), ctx.locals.t);
});
