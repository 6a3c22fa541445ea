// The private message thread of a shop and its advisor (issue 26; seed 001 §2 'private message (live chat)'): what the
// advisor card's 'Mensaje privado' opens. One thread per (shop, advisor). The shop's advisor is the owner of its
// network's root store when that person has an advisor card, else the platform's default advisor (as for the card),
// never the shop's own owner. Only two parties see the thread: the shop's admins (owner and members holding 'admin')
// and that advisor; anyone else gets 404, as for a shop without an advisor. Each new message is mailed to the other
// side through the mail queue (src/domain/mail), in the recipient's language, linking to the thread.
import type { Db } from '../../db/client.ts';
import { shopOrigin } from '../../lib/server/shop-url.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { mailAdvisorMessage, publicUrl } from '../mail/index.ts';
import { standingOf, type ShopRow } from '../shops/index.ts';
import * as repo from './repo.ts';
import * as mrepo from './messages-repo.ts';
import { ADVISOR_THREAD_SHOWN, type AdvisorMessageInput, type AdvisorThread, type AdvisorThreads } from './schema.ts';

/** The shop's merchant-side thread page and the advisor's, from the shop's primary address and the platform's. */
export const shopThreadPath = '/admin/asesor';
export const advisorInboxPath = '/apps/me/asesoria';
export const advisorThreadPath = (shopSlug: string) => `${advisorInboxPath}/${encodeURIComponent(shopSlug)}`;

/** The shop's advisor: its network root owner's advisor card, else the default advisor; never the shop's owner. */
export async function shopAdvisor(db: Db, shop: ShopRow): Promise<repo.AdvisorRow | null> {
  if (shop.root_affinity_store_id) {
    const rootOwner = await repo.shopOwnerOf(db, shop.root_affinity_store_id);
    const row = rootOwner ? await repo.findAdvisor(db, rootOwner) : null;
    if (row && row.profile_id !== shop.owner) return row;
  }
  const fallback = await repo.findDefaultAdvisor(db);
  return fallback && fallback.profile_id !== shop.owner ? fallback : null;
}

const notFound = () => new AppError('not_found', 'No message thread here');

/** Which side of the shop's thread the viewer is on (401 anonymous, 404 for anyone who is neither side). */
export async function threadAccess(db: Db, shop: ShopRow, viewer: Viewer): Promise<{ side: 'shop' | 'advisor'; advisor: repo.AdvisorRow; profileId: string }> {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const [advisor, standing] = await Promise.all([shopAdvisor(db, shop), standingOf(db, shop, viewer)]);
  if (!advisor) throw notFound();
  const me = viewer.user.profile_id;
  if (advisor.profile_id === me) return { side: 'advisor', advisor, profileId: me };
  if (standing.isAdmin) return { side: 'shop', advisor, profileId: me };
  throw notFound();
}

/** The thread as the viewer reads it: the latest 100 messages, oldest first. */
export async function readThread(db: Db, shop: ShopRow, viewer: Viewer): Promise<AdvisorThread> {
  const { side, advisor } = await threadAccess(db, shop, viewer);
  const { rows, total } = await mrepo.listThread(db, shop.id, advisor.profile_id, ADVISOR_THREAD_SHOWN);
  return {
    shop: { slug: shop.slug, name: shop.name }, advisor: { name: advisor.name }, side, total,
    messages: rows.map((r) => ({ id: r.id, body: r.body, from_advisor: r.from_advisor, author_name: r.author_name, created_at: new Date(r.created_at).toISOString() })),
  };
}

/**
 * Adds the viewer's message to the thread and queues a mail to each person on the other side (the advisor card's
 * address or the advisor's accounts; the shop's admins), in the same transaction: a message is never stored without
 * its notice. Answers the new message's id.
 */
export async function postMessage(db: Db, shop: ShopRow, viewer: Viewer, input: AdvisorMessageInput): Promise<{ id: string; created_at: string }> {
  const { side, advisor, profileId } = await threadAccess(db, shop, viewer);
  const author = viewer.kind === 'user' ? viewer.user.name : '';
  return db.transaction(async (tx) => {
    const row = await mrepo.insertMessage(tx, { shop_id: shop.id, advisor_profile_id: advisor.profile_id, author_profile_id: profileId, from_advisor: side === 'advisor', body: input.body });
    const fromAdvisor = side === 'advisor';
    const to = fromAdvisor
      ? await mrepo.shopAdminEmails(tx, shop.id, shop.owner)
      : advisor.email ? [advisor.email] : await mrepo.profileEmails(tx, advisor.profile_id);
    const base = publicUrl();
    const link = fromAdvisor ? `${shopOrigin(shop, base)}${shopThreadPath}` : `${base.origin}${advisorThreadPath(shop.slug)}`;
    const mine = viewer.kind === 'user' ? viewer.user.email.toLowerCase() : '';
    await mailAdvisorMessage(tx, { messageId: row.id, to: to.filter((e) => e.toLowerCase() !== mine), shop: shop.name, from: author, message: input.body, link });
    return { id: row.id, created_at: new Date(row.created_at).toISOString() };
  });
}

/** The advisor's threads (the shops that wrote or were written to), latest first. */
export async function advisorThreads(db: Db, viewer: Viewer, limit = 50): Promise<AdvisorThreads> {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const rows = await mrepo.listAdvisorThreads(db, viewer.user.profile_id, limit);
  return {
    results: rows.map((r) => ({
      shop: { slug: r.shop_slug, name: r.shop_name }, messages: r.messages,
      last: { body: r.body, from_advisor: r.from_advisor, created_at: r.created_at.toISOString() },
    })),
  };
}

/** Whether the viewer has an advisor card (the inbox page says so to others instead of listing nothing). */
export async function isAdvisor(db: Db, viewer: Viewer): Promise<boolean> {
  return viewer.kind === 'user' && (await repo.findAdvisor(db, viewer.user.profile_id)) !== null;
}
