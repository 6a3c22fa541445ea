// The shop's banners as a shopper sees them (seed 000 §3 Banner, §6 targets): only those whose target matches
// the viewer's level, in the admins' order, each with where it leads by its action type (none: nowhere; url: the
// typed link; product: the product page; signup: the sign-up page, for those who can still sign up). Decided on
// the server, so anonymous pages carry no script for it; an anonymous page (cached) only ever holds 'all' and
// 'anon' banners, since signed-in viewers are never served from the page cache.
import type { Db } from '../../db/client.ts';
import { BANNERS_MAX } from '../../lib/shared/constants.ts';
import { safeSrc } from '../../lib/shared/safe-url.ts';
import { shopLink } from '../../lib/shared/slides.ts';
import { viewerMatchesTarget, type Viewer } from '../../lib/shared/viewer.ts';
import { shopCached } from '../../lib/server/shop-cache.ts';
import * as repo from './repo.ts';

export interface ShopBannerView {
  id: string;
  /** Desktop image; the mobile one falls back to it. */
  desktop: string;
  mobile: string;
  action: 'none' | 'product' | 'url' | 'signup';
  href: string | null;
  newTab: boolean;
  /** The product's name (product banners): the link's accessible name. */
  productName: string | null;
}

/** Where a banner leads (null: it is a plain image). Pure: the page and the tests share it. */
export function bannerHref(
  b: { action_type: string; url: string | null; product: string | null; product_supplier: string | null },
  viewer: Viewer, base: string,
): string | null {
  if (b.action_type === 'url') return b.url ? shopLink(b.url, base) : null;
  if (b.action_type === 'product') return b.product ? `${base}/productos/${b.product_supplier ?? '-'}/${b.product}` : null;
  // Like the header's signup button (seed 000 §6): only for those who can still sign up.
  if (b.action_type === 'signup') {
    const canSignUp = viewer.kind === 'anonymous' || (viewer.kind === 'user' && viewer.user.user_level === 'ul0');
    return canSignUp ? `/signup?next=${encodeURIComponent(`${base}/`)}` : null;
  }
  return null;
}

export async function bannersForViewer(db: Db, shopId: string, viewer: Viewer, opts: { base: string; ownsShop: boolean }): Promise<ShopBannerView[]> {
  // Kept per process (src/lib/server/shop-cache.ts); a signed-in viewer reads them fresh.
  const { results } = await shopCached(`banners:${shopId}`, () => repo.listBanners(db, shopId, 0, BANNERS_MAX), { tags: () => [shopId], fresh: viewer.kind === 'user' });
  const shown = results.filter((b) => viewerMatchesTarget(viewer, b.target, { ownsShop: opts.ownsShop }));
  const names = await repo.productNames(db, shown.map((b) => (b.action_type === 'product' ? b.product : null)).filter((p): p is string => !!p));
  return shown.flatMap((b) => {
    // Stored addresses are checked again at render: a bad one shows nothing rather than a broken or unsafe image.
    const desktop = safeSrc(b.hzt_image);
    if (!desktop) return [];
    const href = bannerHref(b, viewer, opts.base);
    return [{
      id: b.id, desktop, mobile: safeSrc(b.vrt_image) ?? desktop, action: b.action_type, href,
      newTab: !!href && b.url_target === '_blank', productName: b.product ? names.get(b.product) ?? null : null,
    }];
  });
}
