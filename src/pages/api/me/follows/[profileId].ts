import { setFollow } from '../../../../domain/promoted/service.ts';
import { followState, profileParams } from '../../../../domain/promoted/schema.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';

export const specs = [
  defineEndpoint({
    method: 'PUT', path: '/api/me/follows/{profileId}', summary: 'Follow a person (seed 000 §7 subscribe); idempotent. Unknown profile 404, oneself 400',
    tags: ['promoted'], auth: 'user', params: profileParams, response: followState, errors: [400, 401, 404],
  }),
  defineEndpoint({
    method: 'DELETE', path: '/api/me/follows/{profileId}', summary: 'Stop following a person; idempotent. Unknown profile 404',
    tags: ['promoted'], auth: 'user', params: profileParams, response: followState, errors: [400, 401, 404],
  }),
] as const;

export const PUT = handle(specs[0], async ({ ctx, params }) => setFollow(ctx.locals.db, ctx.locals.viewer, params.profileId, true));
export const DELETE = handle(specs[1], async ({ ctx, params }) => setFollow(ctx.locals.db, ctx.locals.viewer, params.profileId, false));
