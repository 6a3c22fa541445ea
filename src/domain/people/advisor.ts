// The 'My advisor' card (issue 14; seed 001 §2) and presence. Who advises whom: a shop inside an affinity network
// is advised by the owner of the network's root store (the coordinator who brought it in), when that person has an
// advisor card; every other shop by the platform's default advisor (advisors.is_default). Nobody is their own
// advisor. Only the shop's admins and staff (admin, accountant, dispatcher, qrreader) see it: they run the shop.
import type { Db } from '../../db/client.ts';
import { LINK_RULES, safeHref, safeSrc } from '../../lib/shared/safe-url.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import type { ShopRow } from '../shops/index.ts';
import * as repo from './repo.ts';
import { formatPhone, HEARTBEAT_MIN_INTERVAL_MS, isOnline, whatsappLink } from './rules.ts';
import type { Advisor } from './schema.ts';
import { config, type Config } from '../../lib/server/config.ts';

/** Heartbeats are on unless HEARTBEAT=off (or 0/false): then nobody is shown online and nothing is written. */
export function heartbeatEnabled(env: Config = config()): boolean {
  return env.HEARTBEAT ?? true;
}

const lastWrite = new Map<string, number>();

/** Records a signed-in person's activity, at most once a minute per process; failures are ignored (presence is a hint). */
export async function heartbeat(db: Db, userId: string, now = Date.now()): Promise<boolean> {
  if (!heartbeatEnabled()) return false;
  const last = lastWrite.get(userId);
  if (last !== undefined && now - last < HEARTBEAT_MIN_INTERVAL_MS) return false;
  lastWrite.set(userId, now);
  if (lastWrite.size > 10_000) lastWrite.clear();
  try { await repo.touchHeartbeat(db, userId, new Date(now)); return true; } catch { return false; }
}

/**
 * The card. `threadUrl` is the shop's private thread with this advisor (issue 26: 'Mensaje privado' opens it; null
 * for staff who are not the shop's admins, who do not take part in it).
 */
export function advisorView(row: repo.AdvisorRow, threadUrl: string | null, fallbackSupport: string | null, now = new Date()): Advisor {
  const email = row.email && /^[^\s@<>"]+@[^\s@<>"]+$/.test(row.email) ? row.email : null;
  return {
    name: row.name,
    photo: Array.isArray(row.images) && typeof row.images[0] === 'string' ? safeSrc(row.images[0]) : null,
    phone: formatPhone(row.phone),
    whatsapp_url: whatsappLink(row.whatsapp),
    email,
    message_url: threadUrl,
    support_url: safeHref(row.support_url, LINK_RULES.web) ?? fallbackSupport,
    online: heartbeatEnabled() && isOnline(row.last_seen_at ? new Date(row.last_seen_at) : null, now),
  };
}

/** The viewer's advisor on this shop, or null (not staff of the shop, or no advisor configured). */
export async function advisorFor(db: Db, shop: ShopRow, viewer: Viewer, permissions: readonly string[], threadUrl: string | null, rootSupport: string | null): Promise<Advisor | null> {
  if (viewer.kind !== 'user' || permissions.length === 0) return null;
  let row: repo.AdvisorRow | null = null;
  if (shop.root_affinity_store_id) {
    const rootOwner = await repo.shopOwnerOf(db, shop.root_affinity_store_id);
    if (rootOwner) row = await repo.findAdvisor(db, rootOwner);
  }
  if (!row || row.profile_id === viewer.user.profile_id) row = await repo.findDefaultAdvisor(db);
  if (!row || row.profile_id === viewer.user.profile_id) return null;
  const support = safeHref(shop.users_support_url, LINK_RULES.web) ?? safeHref(rootSupport, LINK_RULES.web);
  return advisorView(row, permissions.includes('admin') ? threadUrl : null, support);
}
