// Who is mailed about what: each event of an order, a return, a payout or a package becomes mails to the people who
// expect them (buyer, supplier, shop), queued in the caller's transaction (a rolled-back event queues nothing) and
// once per event (dedupe keys). Services call these in one line; everything else they need is loaded here.
import type { Db } from '../../db/client.ts';
import { getT, toLocale } from '../../lib/i18n/index.ts';
import * as repo from './repo.ts';
import { brandOf, enqueue } from './service.ts';
import type { OrderMailData } from './templates.ts';

/** A review invitation goes this long after delivery (the buyer has used what they bought). */
export const REVIEW_INVITE_DELAY_MS = 2 * 24 * 3600_000;

export type OrderEvent = 'placed' | 'paid' | 'confirmed' | 'shipped' | 'delivered' | 'canceled' | 'refunded'
  | 'return_requested' | 'return_refunded' | 'return_closed';

export interface OrderEventExtra {
  /** The deposit account or cash / transfer reference of a placed order that needs one. */
  payment?: OrderMailData['payment'];
  /** A refund's amount (minor units). */
  amount?: number;
  /** The return's reference (returns), and a unique part for events that can happen more than once. */
  returnReference?: string;
  key?: string;
  /** A cancellation's description as a person wrote it (null: the system's own, not shown). */
  description?: string | null;
}

interface Person { email: string; locale: string | null }
const unique = (list: Person[]): Person[] => list.filter((r, i) => list.findIndex((x) => x.email.toLowerCase() === r.email.toLowerCase()) === i);

/** Queues the mails of one order event. Never throws: a mail that cannot be queued must not undo the order's move. */
export async function mailOrder(db: Db, orderId: string, event: OrderEvent, extra: OrderEventExtra = {}): Promise<void> {
  try {
    await queueOrderMails(db, orderId, event, extra);
  } catch (err) {
    console.error(`[mail] queueing the ${event} mail of order ${orderId} failed`, err);
  }
}

async function queueOrderMails(db: Db, orderId: string, event: OrderEvent, extra: OrderEventExtra) {
  const o = await repo.orderOf(db, orderId);
  if (!o) return;
  const shop = await repo.shopInfo(db, o.shop_id);
  const brand = brandOf(shop);
  const buyerAccount = o.user_id ? await repo.userById(db, o.user_id) : null;
  const buyerLocale = toLocale(buyerAccount?.locale) ?? toLocale(o.locale);
  const buyerEmail = o.contact?.email || o.guest_email || buyerAccount?.email;
  const reference = `PO-${o.number}`;
  const base: Omit<OrderMailData, 'link'> = {
    reference, shop: shop?.name ?? brand.name, total: { amount: o.order_total, currency: o.currency },
    items: o.items.map((i) => ({ name: i.name, amount: i.amount })), buyer: o.contact?.name ?? '', timeZone: shop?.time_zone ?? null,
  };
  const buyerLink = `${brand.url}/mis-compras/${o.id}`;
  const saleLink = `${brand.url}/mis-compras/ventas/${o.id}`;
  // Once per event and recipient, and per `extra.key` (a refund, a return); a new payment reference is mailed to the buyer
  // again, the order's other people hear of its placing once.
  const key = (who: string) => `order:${o.id}:${event}${extra.key && (event !== 'placed' || who === 'buyer') ? `:${extra.key}` : ''}:${who}`;
  const toBuyer = async (kind: Parameters<typeof enqueue>[1]['data']['kind'], more: Partial<OrderMailData> = {}, opts: { notBefore?: Date; key?: string } = {}) => {
    if (!buyerEmail) return;
    await enqueue(db, {
      to: buyerEmail, locale: buyerLocale, brand, dedupeKey: key(opts.key ?? 'buyer'), notBefore: opts.notBefore,
      data: { kind, ...base, link: buyerLink, ...more } as never,
    });
  };
  const supplier = await repo.supplierInfo(db, o.supplier_id);
  const supplierPeople = async (): Promise<Person[]> => unique(supplier?.contact_email
    ? [{ email: supplier.contact_email, locale: (await repo.userByEmail(db, supplier.contact_email))?.locale ?? null }]
    : await repo.usersOfProfile(db, supplier?.profile_id ?? null));
  const toSupplier = async (kind: 'supplierOrderToConfirm' | 'supplierReturnRequested', more: Partial<OrderMailData> = {}) => {
    for (const p of await supplierPeople()) {
      await enqueue(db, { to: p.email, locale: toLocale(p.locale) ?? o.locale, brand, dedupeKey: key(`supplier:${p.email.toLowerCase()}`), data: { kind, ...base, link: saleLink, ...more } });
    }
  };
  const t = getT(buyerLocale ?? 'es');

  switch (event) {
    case 'placed': {
      await toBuyer('orderPlaced', { payment: extra.payment ?? null });
      await toSupplier('supplierOrderToConfirm');
      // The shop that sold it (a reseller's) hears of the sale too, unless its people are the supplier's.
      const supplierEmails = new Set((await supplierPeople()).map((p) => p.email.toLowerCase()));
      const shopPeople = shop?.contact_email ? [{ email: shop.contact_email, locale: null as string | null }] : await repo.usersOfProfile(db, shop?.owner ?? null);
      for (const p of unique(shopPeople).filter((x) => !supplierEmails.has(x.email.toLowerCase()))) {
        await enqueue(db, { to: p.email, locale: toLocale(p.locale) ?? o.locale, brand, dedupeKey: key(`shop:${p.email.toLowerCase()}`), data: { kind: 'shopNewOrder', ...base, link: `${brand.url}/admin` } });
      }
      break;
    }
    case 'paid':
      await toBuyer('orderPaid');
      if (await repo.ticketCount(db, o.id)) await toBuyer('ticketsReady', { link: `${brand.url}/mis-boletos` }, { key: 'tickets' });
      break;
    case 'confirmed':
      await toBuyer('orderConfirmed', {
        date: o.estimated_delivery_date, cost: o.confirmed_shipping_cost !== null ? { amount: o.confirmed_shipping_cost, currency: o.currency } : null,
      });
      break;
    case 'shipped':
      await toBuyer('orderShipped', { tracking: o.tracking_number, trackingUrl: `${buyerLink}#tracking-title`, link: `${buyerLink}#tracking-title` });
      break;
    case 'delivered':
      await toBuyer('orderDelivered');
      await toBuyer('reviewInvite', {}, { notBefore: new Date(Date.now() + REVIEW_INVITE_DELAY_MS), key: 'review' });
      break;
    case 'canceled': {
      const why = o.cancel_reason && t.has(`sales.cancelReason-${o.cancel_reason}`) ? t(`sales.cancelReason-${o.cancel_reason}` as never) : null;
      await toBuyer('orderCanceled', { reason: [why, extra.description?.trim()].filter(Boolean).join(': ') || null });
      break;
    }
    case 'refunded':
      await toBuyer('orderRefunded', { amount: extra.amount ? { amount: extra.amount, currency: o.currency } : null });
      break;
    case 'return_requested':
      await toBuyer('returnRequested', { returnReference: extra.returnReference ?? null, link: `${buyerLink}/devolucion` });
      await toSupplier('supplierReturnRequested', { returnReference: extra.returnReference ?? null, link: `${saleLink}/devolucion` });
      break;
    case 'return_refunded':
      await toBuyer('returnRefunded', { returnReference: extra.returnReference ?? null, amount: extra.amount ? { amount: extra.amount, currency: o.currency } : null, link: `${buyerLink}/devolucion` });
      break;
    case 'return_closed':
      await toBuyer('returnClosed', { returnReference: extra.returnReference ?? null, link: `${buyerLink}/devolucion` });
      break;
  }
}

/** A payout (cash-out) paid or rejected by the operator: its holder is told, with the transfer reference or reason. */
export async function mailPayout(db: Db, p: { id: string; holder: string; amount: number; currency: string; paid: boolean; reference?: string | null; reason?: string | null }) {
  try {
    const to = (await repo.usersOfProfile(db, p.holder))[0]?.email;
    if (!to) return;
    // The wallet page is a shop's (/{shop}/monedero): the holder's own shop when it has one.
    const brand = brandOf(await repo.shopOfProfile(db, p.holder));
    await enqueue(db, {
      to, brand, dedupeKey: `payout:${p.id}:${p.paid ? 'paid' : 'rejected'}`,
      data: { kind: p.paid ? 'payoutPaid' : 'payoutRejected', amount: { amount: p.amount, currency: p.currency }, reference: p.reference ?? null, reason: p.reason ?? null, link: `${brand.url}/monedero` },
    });
  } catch (err) {
    console.error(`[mail] queueing the payout ${p.id} mail failed`, err);
  }
}

/** A package (plan) charge: its receipt, or the failed renewal with what to do. */
export async function mailPackage(db: Db, p: { key: string; userId: string | null; email?: string | null; ok: boolean; plan: string; amount: number; currency: string; start?: Date; end?: Date; reason?: string | null }) {
  try {
    const who = p.userId ? await repo.userById(db, p.userId) : null;
    const to = who?.email ?? p.email;
    if (!to) return;
    const brand = brandOf(null);
    const link = `${brand.url}/apps/paquetes`;
    await enqueue(db, {
      to, brand, dedupeKey: `package:${p.key}:${p.ok ? 'receipt' : 'failed'}`,
      data: p.ok
        ? { kind: 'packageReceipt', plan: p.plan, amount: { amount: p.amount, currency: p.currency }, period: { start: p.start?.toISOString() ?? null, end: p.end?.toISOString() ?? null }, link }
        : { kind: 'renewalFailed', plan: p.plan, amount: { amount: p.amount, currency: p.currency }, reason: p.reason ?? null, link },
    });
  } catch (err) {
    console.error(`[mail] queueing the package ${p.key} mail failed`, err);
  }
}

/**
 * A new message of a shop's advisor thread (issue 26): one mail to each address on the other side, once per message
 * and address. Queued in the caller's transaction (the message and its notices are stored together).
 */
export async function mailAdvisorMessage(db: Db, m: { messageId: string; to: readonly string[]; shop: string; from: string; message: string; link: string }): Promise<void> {
  const seen = new Set<string>();
  for (const email of m.to) {
    const key = email.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    await enqueue(db, {
      to: email, dedupeKey: `advisor-message:${m.messageId}:${key}`,
      data: { kind: 'advisorMessage', shop: m.shop, from: m.from, message: m.message, link: m.link },
    });
  }
}
