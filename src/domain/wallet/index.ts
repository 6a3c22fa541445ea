// The wallet area's public face: what other areas may call (the dependency rule `domain-area-public-api`,
// .dependency-cruiser.cjs). Held package commissions and the one refund path that never takes a withdrawable
// balance below zero.
export { holdCommission, postTakeBack, reverseHeldCommission, releaseDue, releaseDueCommissions, requireOperator, reconciliation } from './service.ts';
export { processPayouts } from './wallets.ts';
export { postTransaction } from './repo.ts';
export type { EntryInput } from './repo.ts';
export { assertRefundCovered, recordPayment, recordRefund, releaseOrder, startReturnWindow, supplierHolderOf } from './service.ts';
// Dashboards (issue 25): the viewer's wallet changes per day and its opening balances.
export { walletDailyChanges } from './wallets.ts';
