// Demo people (issue 14): repartidor@demo.test (password demo-password-1) dispatches for demo-03 (opens its orders at
// {shop}/admin/pedidos); a pending invitation of demo-03 to invitado@demo.test (no account yet; its link is
// /demo-03/invitacion?token=demo-invitacion-invitado-0000000000, valid until 2100); Carmen Villalobos, owner of
// red-demo (demo-03's network), advises that network's shops; Soporte Tiendas is the platform's default advisor.
// The demo accounts start with the admin tour dismissed. Both advisors carry a heartbeat from the seeding (shown online only within 5 minutes of it).
import { createHash } from 'node:crypto';
import type { Tx } from '../client.ts';
import { advisorMessages, advisors, profiles, shopInvitations, shopMemberships, userHeartbeats, users, userTours } from '../schema/index.ts';
import { seedDate, seedUuid } from './ids.ts';

export const DEMO_DISPATCHER = { email: 'repartidor@demo.test', name: 'Iván Repartidor', shop: 'demo-03', profileSlug: 'ivan-repartidor', id: seedUuid('user:repartidor'), profileId: seedUuid('profile:user:repartidor') } as const;
export const DEMO_SUPPORT_ADVISOR = { email: 'asesoria@demo.test', name: 'Soporte Tiendas', profileSlug: 'soporte-tiendas', id: seedUuid('user:asesoria'), profileId: seedUuid('profile:user:asesoria') } as const;
export const DEMO_INVITATION = { email: 'invitado@demo.test', shop: 'demo-03', token: 'demo-invitacion-invitado-0000000000', permissions: ['dispatcher'] } as const;

/** The demo thread of demo-03 and its advisor (src/domain/people/messages.ts). */
export const DEMO_ADVISOR_THREAD = [
  { fromAdvisor: false, body: 'Hola Carmen, ¿me ayudas a elegir qué catálogo compartir en la campaña de verano?' },
  { fromAdvisor: true, body: 'Claro, Ana. «Café y cocina» es el que más vende en la red: compártelo desde el botón del catálogo y mira las visitas en Campañas.' },
  { fromAdvisor: false, body: '¡Gracias! Lo comparto hoy.' },
] as const;

export async function insertDemoPeople(tx: Tx, shopId: (slug: string) => string, coordinatorProfile: string, coordinatorUser: string, admin03User: string, passwordHash: string, otherUsers: readonly string[]) {
  const at = seedDate(95_000);
  const demoUserIds = [...otherUsers, DEMO_DISPATCHER.id, DEMO_SUPPORT_ADVISOR.id];
  for (const p of [DEMO_DISPATCHER, DEMO_SUPPORT_ADVISOR]) {
    await tx.insert(profiles).values({ id: p.profileId, name: p.name, slug: p.profileSlug, main_type: 'referral', images: [], created_at: at });
    await tx.insert(users).values({ id: p.id, email: p.email, password_hash: passwordHash, name: p.name, user_level: 'ul0', profile_id: p.profileId, created_at: at, email_verified_at: at });
  }
  await tx.insert(shopMemberships).values({ shop_id: shopId(DEMO_DISPATCHER.shop), user_id: DEMO_DISPATCHER.id, permissions: ['dispatcher'] });
  await tx.insert(shopInvitations).values({
    id: seedUuid('invitation:invitado'), shop_id: shopId(DEMO_INVITATION.shop), email: DEMO_INVITATION.email, permissions: [...DEMO_INVITATION.permissions],
    token_hash: createHash('sha256').update(DEMO_INVITATION.token).digest('hex'), invited_by: admin03User,
    expires_at: new Date('2100-01-01T00:00:00Z'), created_at: at,
  });
  await tx.insert(advisors).values([
    { profile_id: coordinatorProfile, phone: '5512345678', whatsapp: '525512345678', email: 'coordinador@demo.test', support_url: 'https://ayuda.example.com/red-demo', created_at: at },
    { profile_id: DEMO_SUPPORT_ADVISOR.profileId, phone: '+52 55 8765 4321', whatsapp: '525587654321', email: DEMO_SUPPORT_ADVISOR.email, support_url: null, is_default: true, created_at: at },
  ]);
  // One private thread (issue 26): demo-03's owner (admin03) and the network's advisor, Carmen, on demo-03's
  // {shop}/admin/asesor and Carmen's /apps/me/asesoria/demo-03.
  const admin03Profile = seedUuid('profile:user:admin03');
  await tx.insert(advisorMessages).values(DEMO_ADVISOR_THREAD.map((m, i) => ({
    id: seedUuid(`advisor-message:${i}`), shop_id: shopId('demo-03'), advisor_profile_id: coordinatorProfile,
    author_profile_id: m.fromAdvisor ? coordinatorProfile : admin03Profile, from_advisor: m.fromAdvisor, body: m.body, created_at: seedDate(95_010 + i * 45),
  })));
  // The demo's accounts have dismissed the first-visit tour ({shop}/?tour=1 shows it again): the demo is walked
  // through by hand and by the browser tests, which the tour's card would cover. New admins get it.
  await tx.insert(userTours).values(demoUserIds.map((user_id) => ({ user_id, show_tour: false, dismissed_at: at })));
  // The heartbeat of the seeding moment: online for the first 5 minutes of a fresh demo, then as they use it.
  const now = new Date();
  await tx.insert(userHeartbeats).values([{ user_id: coordinatorUser, last_seen_at: now }, { user_id: DEMO_SUPPORT_ADVISOR.id, last_seen_at: now }]);
}
