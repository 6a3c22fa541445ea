import { httpOrigin } from '../shared/safe-url.ts';
import { config, type Config } from './config.ts';

/** What an address is made of: the shop's slug and its own domain, if any. */
type ShopAddress = { slug: string; canonical_url: string | null };

/**
 * Whether shops are addressed by subdomain ({slug}.{BASE_DOMAIN}, the default: wildcard DNS) or only by path
 * (/{slug}/ on the bare domain, SHOP_SUBDOMAINS=0).
 */
export const shopSubdomains = (env: Config = config()) => env.SHOP_SUBDOMAINS ?? true;

/**
 * A shop's primary address, the one every canonical link, sitemap and share names (issue 16): its own domain,
 * else its subdomain, else the bare domain plus /{slug}. Scheme and port are the request's.
 */
export function shopOrigin(shop: ShopAddress, url: URL, baseDomain = config().BASE_DOMAIN): string {
  const own = httpOrigin(shop.canonical_url);
  if (own) return own;
  const port = url.port ? `:${url.port}` : '';
  if (shopSubdomains()) return `${url.protocol}//${shop.slug}.${baseDomain}${port}`;
  // Path addressing: the bare host this request came by, or the base domain when it came by a subdomain.
  const bare = url.hostname.endsWith(`.${baseDomain}`) ? `${url.protocol}//${baseDomain}${port}` : url.origin;
  return `${bare}/${shop.slug}`;
}

/** Whether this request reached the shop at its primary address (same host and, for path addressing, prefix). */
export function atPrimaryAddress(shop: ShopAddress, url: URL, basePath: string): boolean {
  const primary = new URL(shopOrigin(shop, url));
  return primary.hostname === url.hostname && primary.pathname.replace(/\/$/, '') === basePath;
}
