// Demo door staff for experience tickets (seed 001 §2: the 'qrreader' role): taquilla@demo.test (password
// demo-password-1) holds the qrreader permission on demo-03, so it may open {shop}/admin/boletos and validate the
// shop's tickets, and nothing else. Deterministic ids, like the rest of the demo.
import type { Tx } from '../client.ts';
import { profiles, shopMemberships, users } from '../schema/index.ts';
import { seedDate, seedUuid } from './ids.ts';

export const DEMO_TICKET_STAFF = {
  email: 'taquilla@demo.test', name: 'Raúl Taquilla Demo', shop: 'demo-03', profileSlug: 'raul-taquilla',
  id: seedUuid('user:taquilla'), profileId: seedUuid('profile:user:taquilla'),
} as const;

export async function insertDemoTicketStaff(tx: Tx, shopId: string, passwordHash: string) {
  const s = DEMO_TICKET_STAFF;
  const at = seedDate(90_000);
  await tx.insert(profiles).values({ id: s.profileId, name: s.name, slug: s.profileSlug, main_type: 'referral', images: [], created_at: at });
  await tx.insert(users).values({ id: s.id, email: s.email, password_hash: passwordHash, name: s.name, user_level: 'ul0', profile_id: s.profileId, created_at: at, email_verified_at: at });
  await tx.insert(shopMemberships).values({ shop_id: shopId, user_id: s.id, permissions: ['qrreader'] });
}
