// The subscriptions area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { renewDue } from './billing.ts';
export { activeSubscription } from './repo.ts';
