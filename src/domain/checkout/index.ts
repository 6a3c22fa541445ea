// The checkout area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { expireCheckout, sweepExpired, EXPIRED_MESSAGE } from './sweeper.ts';
// Starting a checkout (src/flows/checkout.ts): the checkout's steps.
export { checkoutSupplier, holdAndOpen, requireBuyer } from './service.ts';
export type { StartInput, StartPlan } from './service.ts';
// The cart's view of the shopper's own held units (src/flows/cart-view.ts).
export { ownHolds } from './service.ts';
export type { OwnHold } from './service.ts';
export type { CheckoutView } from './schema.ts';
