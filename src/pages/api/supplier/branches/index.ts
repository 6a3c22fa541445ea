import { z } from 'zod';
import { branchInput } from '../../../../domain/checkout/schema.ts';
import { addBranch, listBranches } from '../../../../domain/checkout/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

const branch = z.object({ id: z.string(), name: z.string(), phone: z.string().nullable(), hours: z.string().nullable(), address: z.record(z.string(), z.unknown()), enabled: z.boolean() });

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/supplier/branches', summary: 'The supplier\'s branches (collection points)', tags: ['supplier'], auth: 'user',
    response: z.object({ results: z.array(branch), matches_estimated: z.number() }), errors: [403],
  }),
  defineEndpoint({
    method: 'POST', path: '/api/supplier/branches', summary: 'Add a branch where shoppers collect their orders', tags: ['supplier'], auth: 'user',
    body: branchInput, response: branch, status: 201, errors: [400, 403],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx }) => listBranches(ctx.locals.db, ctx.locals.viewer));
export const POST = handle(specs[1], async ({ ctx, body }) => addBranch(ctx.locals.db, ctx.locals.viewer, body));
