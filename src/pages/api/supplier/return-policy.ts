import { returnPolicyInput, returnPolicyView } from '../../../domain/returns/schema.ts';
import { getMyPolicy, setMyPolicy } from '../../../domain/returns/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/supplier/return-policy',
    summary: 'The signed-in supplier\'s return info (defaults: returns within 72 hours, the common policy, free return, label in the inbox)',
    tags: ['returns', 'supplier'], auth: 'user', response: returnPolicyView, errors: [403],
  }),
  defineEndpoint({
    method: 'PUT', path: '/api/supplier/return-policy',
    summary: 'Set the return info: return_type (disallowed, 72hrs), return_fees, return_policy (common, customized with return_policy_legend), return_shipping_label (inbox, download), restocking_fees (minor units)',
    tags: ['returns', 'supplier'], auth: 'user', body: returnPolicyInput, response: returnPolicyView, errors: [400, 403],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx }) => getMyPolicy(ctx.locals.db, ctx.locals.viewer));
export const PUT = handle(specs[1], async ({ ctx, body }) => setMyPolicy(ctx.locals.db, ctx.locals.viewer, body));
