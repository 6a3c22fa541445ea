// Where the collaborators' mails point (files starting with _ are not routes): the shop's pages on the host the
// admin is using; on the platform's host (path tenancy, or the API called there) under /{slug}.
import type { APIContext } from 'astro';
import type { ShopRow } from '../../../../../../domain/shops/service.ts';

export function shopBase(ctx: APIContext, shop: ShopRow): string {
  const own = ctx.locals.tenancy && ctx.locals.tenancy !== 'path' && ctx.locals.shop?.id === shop.id;
  return `${ctx.url.origin}${own ? '' : `/${shop.slug}`}`;
}

export const inviteLink = (ctx: APIContext, shop: ShopRow) => (token: string) => `${shopBase(ctx, shop)}/invitacion?token=${encodeURIComponent(token)}`;
