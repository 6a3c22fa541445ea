// The cart area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { SUPPLIER_MISSING_CONFIGURATION, assertShopSells, removeOrderedLines, unitPrice } from './service.ts';
