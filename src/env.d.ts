/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    db: import('./db/client.ts').Db;
    viewer: import('./lib/shared/viewer.ts').Viewer;
    /** The shop this request is for, when it is for one. */
    shop: import('./domain/shops/repo.ts').ShopRow | null;
    /** How the shop was found, and the prefix that shop links carry ('' or '/{slug}'). */
    tenancy: 'subdomain' | 'path' | 'domain' | null;
    basePath: string;
    /** The page's path in its preferred form, without the shop prefix ('/' for a shop's home). */
    pagePath: string;
    /** The client's address (the X-Forwarded-For entry added by the proxies TRUST_PROXY trusts, else the socket's). */
    clientIp: string;
    /** The request's locale (cookie, then Accept-Language) and its translator: one per request, never global. */
    locale: import('./lib/i18n/index.ts').Locale;
    t: import('./lib/i18n/index.ts').Translator;
    /** Storefront pages only: the viewer's standing on the shop, their shops, and the root network store. */
    standing?: import('./domain/shops/service.ts').ShopStanding;
    userShops?: { id: string; slug: string; name: string; permissions: string[]; is_owner: boolean }[];
    rootStore?: import('./domain/shops/schema.ts').PublicShop['root_affinity_store_info'];
    /** While a page that may be cached renders: the products it shows (src/lib/server/page-cache.ts showsProduct). */
    shownProducts?: import('./lib/server/page-cache-store.ts').ShownProducts;
  }
}

