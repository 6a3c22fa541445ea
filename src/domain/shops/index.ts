// The shops area's public face: what other areas may use (the dependency rule `domain-area-public-api`,
// .dependency-cruiser.cjs). Older imports of shops/repo.ts and shops/service.ts are listed as known violations
// and move here as they are touched.
export type { ShopRow } from './repo.ts';
export { findById, themePackUses } from './repo.ts';
export { headerInfoSchema, slideSchema, storeThemeInfoSchema } from './schema.ts';
export type { Slide, StoreThemeInfo } from './schema.ts';
export { findShopBySlug, getShopBySlug, requireShopAdmin, requireShopPermission, standingOf, visitorRole } from './service.ts';
