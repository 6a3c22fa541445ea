// The orders area's public face for flows and other areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { claimGuestOrdersAtSignIn } from './service.ts';
export { ORDER_NOT_FOUND, PROVIDER, SYSTEM, advanceLocked, allocateStock, createOrderFromCheckout, customerCancelInTx, customerOrder, fire, orderReference, settlePayment, supplierActor, supplierRefund, systemCancel } from './service.ts';
export type { Outcome } from './service.ts';
