// GET /api/shops/{slug}/advisor (issue 14): the signed-in staff member's advisor on this shop (the 'My advisor' card).
import { z } from 'zod';
import { advisorFor } from '../../../../domain/people/advisor.ts';
import { shopThreadPath } from '../../../../domain/people/messages.ts';
import { shopPublicOrigin } from '../../../../domain/catalog/index.ts';
import { advisorSchema } from '../../../../domain/people/schema.ts';
import { getShopBySlug, rootAffinityInfo, standingOf } from '../../../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../../../lib/server/endpoint.ts';
import { AppError } from '../../../../lib/shared/errors.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/shops/{slug}/advisor', tags: ['shops'], auth: 'user',
  summary: 'The advisor of this shop\'s admins and staff: name, photo, phone as (xxx) xxx-xxxx (only with exactly 10 digits), WhatsApp, e-mail, private message (the shop\'s thread with its advisor, for the shop\'s admins), support centre, online (last seen within 5 minutes). 404 when the viewer is not staff or there is none',
  params: z.object({ slug: z.string().max(63) }), response: advisorSchema, errors: [401, 404],
});

export const GET = handle(spec, async ({ ctx, params }) => {
  const { db, viewer } = ctx.locals;
  const shop = await getShopBySlug(db, params.slug);
  const [standing, root] = await Promise.all([standingOf(db, shop, viewer), rootAffinityInfo(db, shop)]);
  const advisor = await advisorFor(db, shop, viewer, standing.permissions, `${shopPublicOrigin(shop, ctx.url)}${shopThreadPath}`, root?.users_support_url ?? null);
  if (!advisor) throw new AppError('not_found', 'No advisor for this viewer on this shop');
  return advisor;
});
