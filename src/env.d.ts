/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    db: import('./db/client.ts').Db;
    viewer: import('./domain/accounts/viewer.ts').Viewer;
    /** The shop this request is for, when it is for one. */
    shop: import('./domain/shops/repo.ts').ShopRow | null;
    /** How the shop was found, and the prefix that shop links carry ('' or '/{slug}'). */
    tenancy: 'subdomain' | 'path' | 'domain' | null;
    basePath: string;
    /** The client's address (X-Forwarded-For only when TRUST_PROXY is set). */
    clientIp: string;
  }
}
