// The orders area's public face for flows and other areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { claimGuestOrdersAtSignIn } from './service.ts';
