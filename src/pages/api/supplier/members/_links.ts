// Where the supplier team's mails point (files starting with _ are not routes): the platform's supplier pages.
import type { APIContext } from 'astro';

export const TEAM_PAGE = '/apps/me/supplier/team';
export const INVITATION_PAGE = '/apps/me/supplier/invitation';

export const supplierInviteLink = (url: URL) => (token: string) => `${url.origin}${INVITATION_PAGE}?token=${encodeURIComponent(token)}`;
export const supplierHome = (ctx: Pick<APIContext, 'url'>) => `${ctx.url.origin}/apps/me/products`;
