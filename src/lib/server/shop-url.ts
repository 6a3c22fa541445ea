import type { ShopRow } from '../../domain/shops/repo.ts';
import { httpOrigin } from '../shared/safe-url.ts';

/** The public address of a shop's pages: its own domain when it has one, else this host plus the path prefix. */
export function shopOrigin(shop: ShopRow, url: URL, basePath: string): string {
  const own = shop.domain && url.hostname === shop.domain ? httpOrigin(shop.canonical_url) : null;
  if (own) return own;
  return `${url.origin}${basePath}`;
}
