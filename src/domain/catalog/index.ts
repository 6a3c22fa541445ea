// The catalog area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { listCatalogues, shopPlanId, shopPlanRate, storeOwners } from './repo.ts';
export { DEFAULT_RESALE_PLAN, catalogueShareUrl, getShopCatalogue, getShopItem, listShopCatalogues, resaleRate, shopPublicOrigin } from './service.ts';
export { itemHref, typeOfRoute } from './schema.ts';
