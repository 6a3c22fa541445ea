// The accounts area's public face for other areas (.dependency-cruiser.cjs `domain-area-public-api`): whether an
// e-mail is proven, as a gate (requireProvenEmail) and as a SQL condition on a profile (provenProfile).
export { requireProvenEmail } from './service.ts';
export { provenProfile } from './repo.ts';
export { createSession, endSession } from './service.ts';
export type { SessionUser, Viewer } from '../../lib/shared/viewer.ts';
