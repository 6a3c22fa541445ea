// The people area's public face for other layers and areas (.dependency-cruiser.cjs `domain-area-public-api`).
export { acceptWith, countInvitationMail, newToken, tokenHashOf } from './invitations.ts';
export { findUserByEmail } from './repo.ts';
export { invitationExpired, invitationExpiry } from './rules.ts';
