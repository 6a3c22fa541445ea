// Experience ticket rules (seed 001 §2 "My tickets", §3 "Attendant/ticket", §4): who sees and changes a ticket, its
// state, and validating it at the door.
//
// Issuing and canceling are not here: the database does both when an order's payment becomes 'paid' or the order is
// canceled / fully refunded (triggers in the tickets migration), whatever code path moved the order.
//
// Who: a ticket belongs to the buyer of its order (guests: the browser that bought it, as for the order itself);
// others get 404. The shop the order was placed in validates its tickets: its admins and its 'qrreader' members;
// anyone else signed in gets 403, anonymous visitors 401.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { TICKET_ENDED_AFTER_MS, TICKET_SCANNER_PERMISSION, type TicketScanResult, type TicketState } from '../../lib/shared/constants.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { customerOrder, orderReference } from '../orders/index.ts';
import { findShopBySlug, standingOf, type ShopRow } from '../shops/index.ts';
import { parseTicketCode, secretMatches, ticketCode } from './code.ts';
import * as repo from './repo.ts';
import type { TicketFull } from './repo.ts';
import type { HolderInput, ScanResult, TicketView } from './schema.ts';

export const TICKET_NOT_FOUND = 'Ticket not found';
export const EXPERIENCE_ENDED = 'The experience ended: its tickets can no longer be used';
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** Whether the experience is over (its date and time plus TICKET_ENDED_AFTER_MS are past). No date: never. */
export function experienceEnded(date: Date | string | null, now = Date.now()): boolean {
  return date !== null && new Date(date).getTime() + TICKET_ENDED_AFTER_MS < now;
}

export function ticketState(t: Pick<TicketFull, 'used_at' | 'canceled_at' | 'experience_date'>, now = Date.now()): TicketState {
  if (t.canceled_at) return 'canceled';
  if (t.used_at) return 'used';
  return experienceEnded(t.experience_date, now) ? 'ended' : 'valid';
}

/** The ticket's type: its experience line's variant ("Horario: Mañana · Idioma: Español"), or null. */
export function typeLabel(variant: Record<string, string> | null | undefined): string | null {
  const parts = Object.entries(variant ?? {}).map(([k, v]) => `${k}: ${v}`);
  return parts.length ? parts.join(' · ') : null;
}

export function viewOf(t: TicketFull, now = Date.now()): TicketView {
  const state = ticketState(t, now);
  return {
    id: t.id, number: t.number, code: ticketCode(t.number, t.secret), state,
    used_at: iso(t.used_at), canceled_at: iso(t.canceled_at), issued_at: iso(t.issued_at)!,
    holder: { full_name: t.holder_name, phone: t.holder_phone },
    type: typeLabel(t.variant),
    experience: { product_id: t.product_id, name: t.experience_name, date: iso(t.experience_date), photo: t.experience_photo },
    order: { id: t.order_id, reference: orderReference(t.order_number) },
    shop: { slug: t.shop_slug, name: t.shop_name, canonical_url: t.shop_canonical_url },
    can_edit: state === 'valid',
  };
}

// ---------- the buyer ----------

/** A signed-in buyer's tickets, tickets still to use first (optionally one shop's). */
export async function listMyTickets(db: Db, viewer: Viewer, q: { shop?: string; offset: number; limit: number }) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  let shopId: string | undefined;
  if (q.shop) {
    const shop = await findShopBySlug(db, q.shop);
    if (!shop) return { results: [], matches_estimated: 0 };
    shopId = shop.id;
  }
  const { rows, total } = await repo.listOfUser(db, viewer.user.id, { shopId, offset: q.offset, limit: q.limit });
  const now = Date.now();
  return { results: rows.map((r) => viewOf(r, now)), matches_estimated: total };
}

/** An order's attendants (its tickets), for its buyer. Unpaid and canceled-before-payment orders have none. */
export async function listAttendants(db: Db, viewer: Viewer, orderId: string, q: { offset: number; limit: number }) {
  const order = await customerOrder(db, viewer, orderId);
  const { rows, total } = await repo.listOfOrder(db, order.id, q);
  const now = Date.now();
  return { results: rows.map((r) => viewOf(r, now)), matches_estimated: total };
}

/** Every ticket of an order (downloads), for its buyer. */
export async function allAttendants(db: Db, viewer: Viewer, orderId: string): Promise<TicketFull[]> {
  const order = await customerOrder(db, viewer, orderId);
  return (await repo.listOfOrder(db, order.id, { offset: 0, limit: 10_000 })).rows;
}

/** One ticket for its buyer (404 for anyone else, and when `orderId` is given and is not its order). */
export async function myTicket(db: Db, viewer: Viewer, ticketId: string, orderId?: string): Promise<TicketFull> {
  const t = await repo.findById(db, ticketId);
  if (!t || (orderId && t.order_id !== orderId)) throw new AppError('not_found', TICKET_NOT_FOUND);
  try {
    await customerOrder(db, viewer, t.order_id);
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') throw new AppError('not_found', TICKET_NOT_FOUND);
    throw err;
  }
  return t;
}

/** The buyer changes the attendee's name and phone: not once the ticket is used or canceled, nor after the experience. */
export async function updateHolder(db: Db, viewer: Viewer, ticketId: string, input: HolderInput): Promise<TicketView> {
  const t = await myTicket(db, viewer, ticketId);
  const state = ticketState(t);
  if (state === 'used') throw new AppError('conflict', 'This ticket was already used', { textKey: 'apiErrors.ticket_used' });
  if (state === 'canceled') throw new AppError('conflict', 'This ticket is canceled', { textKey: 'apiErrors.ticket_canceled' });
  if (state === 'ended') throw new AppError('conflict', EXPERIENCE_ENDED, { textKey: 'apiErrors.ticket_ended' });
  const row = await repo.updateHolder(db, t.id, input);
  if (!row) throw new AppError('conflict', 'This ticket was used or canceled meanwhile', { textKey: 'apiErrors.ticket_changed' });
  return viewOf((await repo.findById(db, t.id))!);
}

// ---------- the door ----------

/** The viewer may validate this shop's tickets: its admins and qrreader members (401 anonymous, 403 others). */
export async function requireScanner(db: Db, shop: ShopRow, viewer: Viewer): Promise<{ user_id: string }> {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  const standing = await standingOf(db, shop, viewer);
  if (!standing.isAdmin && !standing.permissions.includes(TICKET_SCANNER_PERMISSION)) {
    throw new AppError('forbidden', 'Only this shop\'s admins and ticket readers can validate tickets');
  }
  return { user_id: viewer.user.id };
}

export const canScan = (standing: { isAdmin: boolean; permissions: string[] } | null | undefined) =>
  !!standing && (standing.isAdmin || standing.permissions.includes(TICKET_SCANNER_PERMISSION));

const MESSAGES: Record<TicketScanResult, string> = {
  valid: 'Valid ticket: let them in',
  used: 'This ticket was already used',
  canceled: 'This ticket is canceled',
  ended: EXPERIENCE_ENDED,
  other_shop: 'This ticket belongs to another shop',
  not_found: TICKET_NOT_FOUND,
};

function verdict(result: TicketScanResult, t: TicketFull | null, usedAt?: Date | null): ScanResult {
  return {
    result, message: MESSAGES[result],
    ticket: t ? {
      number: t.number, holder_name: t.holder_name, type: typeLabel(t.variant), experience: t.experience_name,
      date: iso(t.experience_date), used_at: iso(usedAt ?? t.used_at),
    } : null,
  };
}

/**
 * Validates a code at the shop's door. Valid -> marked used, exactly once however many scans race (one conditional
 * UPDATE); already used -> when; canceled, experience ended, another shop's or unknown -> refused. An unknown number
 * and a wrong secret part answer the same 'not_found'; another shop's ticket tells nothing about it.
 */
export async function scanTicket(db: Db, shop: ShopRow, viewer: Viewer, code: string): Promise<ScanResult> {
  const scanner = await requireScanner(db, shop, viewer);
  const parsed = parseTicketCode(code);
  const t = parsed ? await repo.findByNumber(db, parsed.number) : null;
  if (!t || !secretMatches(t.secret, parsed!.secret)) return verdict('not_found', null);
  if (t.shop_id !== shop.id) return verdict('other_shop', null);
  if (t.canceled_at) return verdict('canceled', t);
  if (t.used_at) return verdict('used', t);
  if (experienceEnded(t.experience_date)) return verdict('ended', t);
  const used = await repo.markUsed(db, t.id, scanner.user_id);
  if (used) return verdict('valid', t, used.used_at);
  // Another scan won the race (or the order was canceled a moment ago): say what the ticket is now.
  const now = (await repo.findById(db, t.id))!;
  return verdict(now.canceled_at ? 'canceled' : 'used', now);
}
