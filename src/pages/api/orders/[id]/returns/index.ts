import { createReturnInput, orderReturnParams, orderReturnsView, returnInputFromFields, returnRequestView } from '../../../../../domain/returns/schema.ts';
import { readReturnForm } from '../../../../../domain/returns/photos.ts';
import { assertCanRequest, createReturn, customerReturns } from '../../../../../domain/returns/service.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';
import { json, validationError } from '../../../../../lib/server/http.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/orders/{id}/returns',
    summary: 'Returns of an order for its customer: the supplier\'s return policy, whether a request may start now (and why not), the lines with what may still be returned, the requests with notes for the client, photos, record and refunds',
    tags: ['returns'], params: orderReturnParams, response: orderReturnsView, errors: [404],
  }),
  defineEndpoint({
    method: 'POST', path: '/api/orders/{id}/returns',
    summary: 'Start a return on a delivered order within its return deadline: reason from the tree, comments, lines and units, conditions confirmed. JSON, or multipart/form-data with the same fields (items as JSON) and up to 5 photos (.jpg/.jpeg/.png by content, 4,000,000 bytes each) in "photos". 409 for a canceled or undelivered order, an expired deadline or a second open request; 400 for more units than bought',
    tags: ['returns'], auth: 'user', params: orderReturnParams, body: createReturnInput, response: returnRequestView, status: 201, errors: [400, 404, 409, 413, 415],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx, params }) => customerReturns(ctx.locals.db, ctx.locals.viewer, params.id));

// The body is read here (multipart with photos or JSON), after the order and the moment were checked.
export const POST = handle({ ...specs[1], body: undefined }, async ({ ctx, params }) => {
  const { db, viewer } = ctx.locals;
  await assertCanRequest(db, viewer, params.id);
  const form = await readReturnForm(ctx.request);
  const input = createReturnInput.safeParse(returnInputFromFields(form.get, form.keys));
  if (!input.success) throw validationError(input.error, 'The return request is not valid');
  return json(await createReturn(db, viewer, params.id, input.data, form.photos), { status: 201 });
});
