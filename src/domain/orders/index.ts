// The orders area's public face for flows and other areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { claimGuestOrdersAtSignIn } from './service.ts';
export { ORDER_NOT_FOUND, PROVIDER, SYSTEM, advanceLocked, allocateStock, askStaleRefunds, createOrderFromCheckout, customerCancelInTx, customerOrder, fire, orderReference, settlePayment, settleRefund, settleSandboxRefunds, supplierActor, supplierRefund, systemCancel } from './service.ts';
export type { Outcome } from './service.ts';
// Dashboards (issue 25): the shop's and the supplier's sums per day and per product, the supplier's orders to confirm.
export { ordersToConfirm, salesByDay, salesByProduct, type DayRange } from './repo.ts';
