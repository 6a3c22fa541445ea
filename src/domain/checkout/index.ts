// The checkout area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { expireCheckout, sweepExpired, EXPIRED_MESSAGE } from './sweeper.ts';
