import { cartQuery, cartView } from '../../../domain/cart/schema.ts';
import { getCart, resolveShop } from '../../../domain/cart/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';
import { ownHoldsIn } from '../../../flows/cart-view.ts';
import { localizedCart } from '../../../components/store/cart-localized.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/cart', summary: 'The signed-in shopper\'s cart on a shop, as one cart order per supplier', tags: ['cart'], auth: 'user',
  query: cartQuery, response: cartView, errors: [400, 404],
});

export const GET = handle(spec, async ({ ctx, query }) => {
  const shop = await resolveShop(ctx.locals.db, ctx.locals.shop, query.shop);
  return localizedCart(await ownHoldsIn(ctx.locals.db, shop, ctx.locals.viewer, await getCart(ctx.locals.db, shop, ctx.locals.viewer)), ctx.locals.t);
});
