import { cartQuery, cartView, itemParams, setQuantityInput } from '../../../../domain/cart/schema.ts';
import { removeItem, resolveShop, setQuantity } from '../../../../domain/cart/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';
import { ownHoldsIn } from '../../../../flows/cart-view.ts';
import { localizedCart } from '../../../../components/store/cart-localized.ts';

export const specs = [
  defineEndpoint({
    method: 'PATCH', path: '/api/cart/items/{id}', summary: 'Set a cart line\'s amount (0 is ignored; adjusted to stock and max purchase amount)', tags: ['cart'], auth: 'user',
    params: itemParams, body: setQuantityInput, response: cartView, errors: [400, 404, 409],
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/cart/items/{id}', summary: 'Remove a cart line', tags: ['cart'], auth: 'user',
    params: itemParams, query: cartQuery, response: cartView, errors: [404],
  }),
] as const;

export const PATCH = handle(specs[0], async ({ ctx, params, body }) => {
  const shop = await resolveShop(ctx.locals.db, ctx.locals.shop, body.shop);
  return localizedCart(await ownHoldsIn(ctx.locals.db, shop, ctx.locals.viewer, await setQuantity(ctx.locals.db, shop, ctx.locals.viewer, params.id, body.amount)), ctx.locals.t);
});

export const DELETE = handle(specs[1], async ({ ctx, params, query }) => {
  const shop = await resolveShop(ctx.locals.db, ctx.locals.shop, query.shop);
  return localizedCart(await ownHoldsIn(ctx.locals.db, shop, ctx.locals.viewer, await removeItem(ctx.locals.db, shop, ctx.locals.viewer, params.id)), ctx.locals.t);
});
