// The suppliers area's public face for other areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { requireSupplier } from './access.ts';
