// The breadcrumb's first crumb for shops of a network (seed 001 §2: '/marketplace: breadcrumb start when a referral
// api exists'). The platform has no separate referral API: a shop in an affinity network (a root affinity store, or
// under one) is where referral data exists, so its breadcrumbs start at 'Marketplace' -> the platform's /marketplace,
// which is the network's shop list (/red-comercial; src/pages/marketplace.astro redirects there).
import type { Translator } from '../../lib/i18n/index.ts';
import { visitorRole, type ShopRow } from '../../domain/shops/service.ts';
import { config } from '../../lib/server/config.ts';

export function marketplaceCrumb(shop: Pick<ShopRow, 'store_type' | 'root_affinity_store_id'>, url: URL, basePath: string, t: Translator): { label: string; href: string }[] {
  if (visitorRole(shop) !== 'affinity') return [];
  const baseDomain = config().BASE_DOMAIN;
  // On the platform's own host (path tenancy: a base path) the path is enough; on a shop's subdomain or domain it is absolute.
  const origin = basePath ? '' : `${url.protocol}//${baseDomain}${url.port ? `:${url.port}` : ''}`;
  return [{ label: t('sharing.marketplace'), href: `${origin}/marketplace` }];
}
