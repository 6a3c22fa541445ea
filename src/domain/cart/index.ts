// The cart area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { SUPPLIER_MISSING_CONFIGURATION, assertShopSells, removeOrderedLines, unitPrice } from './service.ts';
export type { OfferedProduct } from './repo.ts';
// Starting a checkout (src/flows/checkout.ts): the cart's steps.
export { checkLines, checkPurchaseLimits, linesOfCart, linesOfRequest, mergeLines, offerOf, priceLines } from './checkout-lines.ts';
export type { Offer, RequestedLine } from './checkout-lines.ts';
// The cart as the shopper reads it (src/flows/cart-view.ts).
export { getCart } from './service.ts';
export type { CartView } from './schema.ts';
