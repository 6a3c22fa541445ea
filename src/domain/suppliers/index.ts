// The suppliers area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { requireSupplier, supplierOf } from './access.ts';
export type { SupplierActor } from './access.ts';
export { sellsHere } from './rules.ts';
export { depositAccountOf, recomputeConfigured } from './service.ts';
export { walletShopSlug } from './repo.ts';
