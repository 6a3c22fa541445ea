import { addressInput, addressList, savedAddressView } from '../../../../domain/checkout/schema.ts';
import { listAddresses, saveAddress } from '../../../../domain/checkout/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/checkout/addresses', summary: 'The signed-in shopper\'s saved delivery addresses', tags: ['checkout'], auth: 'user',
    response: addressList,
  }),
  defineEndpoint({
    method: 'POST', path: '/api/checkout/addresses', summary: 'Save a delivery address', tags: ['checkout'], auth: 'user',
    body: addressInput, response: savedAddressView, status: 201, errors: [400],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx }) => listAddresses(ctx.locals.db, ctx.locals.viewer));
export const POST = handle(specs[1], async ({ ctx, body }) => saveAddress(ctx.locals.db, ctx.locals.viewer, body));
