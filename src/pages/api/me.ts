import { meOutput } from '../../domain/accounts/schema.ts';
import { shopsOfUser } from '../../domain/accounts/service.ts';
import { standingOf, visitorRole } from '../../domain/shops/service.ts';
import { defineEndpoint, handle } from '../../lib/server/endpoint.ts';

export const spec = defineEndpoint({
  method: 'GET', path: '/api/me', summary: 'The current viewer: user, level, shops, standing on the current shop', tags: ['auth'],
  response: meOutput,
});

export const GET = handle(spec, async ({ ctx }) => {
  const { viewer, db, shop } = ctx.locals;
  const standing = shop ? await standingOf(db, shop, viewer) : null;
  return {
    authenticated: viewer.kind === 'user',
    anonymous_id: viewer.anonymousId,
    user: viewer.kind === 'user' ? viewer.user : null,
    shops: viewer.kind === 'user' ? await shopsOfUser(db, viewer.user.id, viewer.user.profile_id) : [],
    shop: shop && standing ? { slug: shop.slug, is_admin: standing.isAdmin, permissions: standing.permissions, visitor_role: visitorRole(shop) } : null,
  };
});
