import { addItemInput, cartView } from '../../../../domain/cart/schema.ts';
import { addItem, resolveShop } from '../../../../domain/cart/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';
import { ownHoldsIn } from '../../../../flows/cart-view.ts';
import { localizedCart } from '../../../../components/store/cart-localized.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/cart/items',
  summary: 'Add units of an item (with its variant) to the cart; the quantity rules may adjust the line (notices say why)', tags: ['cart'], auth: 'user',
  body: addItemInput, response: cartView, errors: [400, 404, 409],
});

export const POST = handle(spec, async ({ ctx, body }) => {
  const shop = await resolveShop(ctx.locals.db, ctx.locals.shop, body.shop);
  return localizedCart(await ownHoldsIn(ctx.locals.db, shop, ctx.locals.viewer, await addItem(ctx.locals.db, shop, ctx.locals.viewer, body)), ctx.locals.t);
});
