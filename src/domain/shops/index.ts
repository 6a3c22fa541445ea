// The shops area's public face: what other areas may use (the dependency rule `domain-area-public-api`,
// .dependency-cruiser.cjs). Older imports of shops/repo.ts and shops/service.ts are listed as known violations
// and move here as they are touched.
export type { ShopRow } from './repo.ts';
export { requireShopPermission } from './service.ts';
