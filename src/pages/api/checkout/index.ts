import { checkoutView, startInput } from '../../../domain/checkout/schema.ts';
import { startCheckout } from '../../../flows/checkout.ts';
import { resolveShop } from '../../../domain/cart/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';
import { knownAddress } from '../../../domain/checkout/rules.ts';

export const spec = defineEndpoint({
  method: 'POST', path: '/api/checkout',
  summary: 'Start the checkout of one supplier order (from the cart, buy-now items, or a guest\'s browser cart with start_as_anonymous): reserves the stock for the countdown',
  tags: ['checkout'], body: startInput, response: checkoutView, status: 201, errors: [400, 401, 404, 409, 429],
});

export const POST = handle(spec, async ({ ctx, body }) => {
  const shop = await resolveShop(ctx.locals.db, ctx.locals.shop, body.shop);
  const cookie = (n: string) => ctx.cookies.get(n)?.value;
  return startCheckout(ctx.locals.db, shop, ctx.locals.viewer, {
    ...body, referral: body.referral ?? cookie('referral'), campaign: body.campaign ?? cookie('campaign'), click_id: body.click_id ?? cookie('click_id'),
    client_address: knownAddress(ctx.locals.clientIp),
  });
});
