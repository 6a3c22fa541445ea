// /api/shops/{slug}/advisor/messages (issue 26): the shop's private thread with its advisor, for its two parties only
// (the shop's admins and that advisor; 404 for anyone else). POST adds a message and queues its mail to the other side.
import { z } from 'zod';
import { postMessage, readThread } from '../../../../../domain/people/messages.ts';
import { advisorMessageInput, advisorThreadSchema } from '../../../../../domain/people/schema.ts';
import { getShopBySlug } from '../../../../../domain/shops/index.ts';
import { defineEndpoint, handle } from '../../../../../lib/server/endpoint.ts';

const params = z.object({ slug: z.string().max(63) });

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/advisor/messages', tags: ['shops'], auth: 'user',
    summary: 'The shop\'s private thread with its advisor (latest 100 messages, oldest first; `side` says which side the viewer is on). Only the shop\'s admins and its advisor: 404 for anyone else',
    params, response: advisorThreadSchema, errors: [401, 404],
  }),
  defineEndpoint({
    method: 'POST', path: '/api/shops/{slug}/advisor/messages', tags: ['shops'], auth: 'user', status: 201,
    summary: 'Adds a message (1 to 2000 characters) to the shop\'s thread with its advisor and mails it to the other side (the advisor, or the shop\'s admins)',
    params, body: advisorMessageInput, response: z.object({ id: z.string(), created_at: z.string() }), errors: [400, 401, 404, 415],
  }),
] as const;

export const GET = handle(specs[0], async ({ ctx, params: p }) => {
  const shop = await getShopBySlug(ctx.locals.db, p.slug);
  return readThread(ctx.locals.db, shop, ctx.locals.viewer);
});

export const POST = handle(specs[1], async ({ ctx, params: p, body }) => {
  const shop = await getShopBySlug(ctx.locals.db, p.slug);
  return postMessage(ctx.locals.db, shop, ctx.locals.viewer, body);
});
