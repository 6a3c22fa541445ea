// Where the supplier team's mails point: the platform's supplier pages (a supplier has no shop host).

export const TEAM_PAGE = '/apps/me/supplier/team';
export const INVITATION_PAGE = '/apps/me/supplier/invitation';

export const supplierInviteLink = (url: URL) => (token: string) => `${url.origin}${INVITATION_PAGE}?token=${encodeURIComponent(token)}`;
