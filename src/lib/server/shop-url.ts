import type { ShopRow } from '../../domain/shops/repo.ts';

/** The public address of a shop's pages: its own domain when it has one, else this host plus the path prefix. */
export function shopOrigin(shop: ShopRow, url: URL, basePath: string): string {
  if (shop.canonical_url && shop.domain && url.hostname === shop.domain) return new URL(shop.canonical_url).origin;
  return `${url.origin}${basePath}`;
}
