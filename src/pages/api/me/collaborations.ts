import { z } from 'zod';
import { pageQuery } from '../../../domain/catalog/schema.ts';
import { listCollaborations } from '../../../domain/accounts/service.ts';
import { defineEndpoint, handle } from '../../../lib/server/endpoint.ts';
import { COLLABORATIONS_PAGE_SIZE } from '../../../lib/shared/constants.ts';

const collaboration = z.object({ id: z.string(), store_name: z.string(), store_photo: z.string().nullable(), store_url: z.string() });

export const spec = defineEndpoint({
  method: 'GET', path: '/api/me/collaborations', summary: 'Shops the signed-in user collaborates on (memberships, not their own shops), by name',
  tags: ['auth'], auth: 'user',
  query: pageQuery.extend({ limit: z.coerce.number().int().min(1).max(50).default(COLLABORATIONS_PAGE_SIZE) }),
  response: z.object({ results: z.array(collaboration), matches_estimated: z.number().int() }), errors: [400, 401],
});

export const GET = handle(spec, async ({ ctx, query }) => {
  const { viewer, db } = ctx.locals;
  if (viewer.kind !== 'user') throw new Error('unreachable: auth user');
  return listCollaborations(db, viewer.user, query.offset, query.limit);
});
