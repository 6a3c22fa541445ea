// The orders area's public face for flows and other areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { claimGuestOrdersAtSignIn } from './service.ts';
// Dashboards (issue 25): the shop's and the supplier's sums per day and per product, the supplier's orders to confirm.
export { ordersToConfirm, salesByDay, salesByProduct, type DayRange } from './repo.ts';
