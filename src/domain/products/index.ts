// The products area's public face for other areas (.dependency-cruiser.cjs `domain-area-public-api`).
// Dashboards (issue 25): the supplier's items running low.
export { lowStockItems } from './repo.ts';
