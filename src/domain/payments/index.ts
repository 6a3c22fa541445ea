// The payments area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { assertProviderUsable, availableMethods, methodAvailable, paymentMetadataHere } from './availability.ts';
export { SANDBOX_CARDS, expired } from './cards.ts';
export { PAYMENT_METHOD_TABLE, methodInfo, paymentMetadata } from './methods.ts';
export { providerFor } from './registry.ts';
export type { PaymentRow } from './repo.ts';
export { DEMO_WEBHOOK_SECRET, verify } from './signature.ts';
export { paymentViewOf } from './views.ts';
export { deferredPlan, identityDocument, IDENTITY_DOCUMENT_MAX } from './deferred.ts';
export { pendingRefundTotal, refundStateOf } from './refund-state.ts';
export { sandboxRefundEvent } from './providers.ts';
export { CONEKTA_SCRIPT_ORIGIN } from './conekta.ts';
