// The promoted area's public face for other areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { joinReferralTree } from './service.ts';
