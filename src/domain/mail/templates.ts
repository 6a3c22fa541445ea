// One template per event a person is mailed about (pure: a translator and the event's data in, the content out;
// rules.ts renders it to HTML and text). Texts live in the locale files under "mail" (es, en, es-AR), named
// <kind>Subject / <kind>Heading / <kind>Body / <kind>Action; the body's blank lines split paragraphs.
import type { MessageKey, Translator, Vars } from '../../lib/i18n/index.ts';
import { formatDateTime } from '../../lib/shared/intl.ts';
import { formatMoney } from '../../lib/shared/money.ts';
import type { MailContent } from './rules.ts';

/** Every kind of mail. Buyer, supplier and shop, and everyone's account mail. */
export const MAIL_KINDS = [
  'pin', 'signupCode', 'signupTaken', 'inviteCollaborator', 'inviteSupplier', 'contact',
  'orderPlaced', 'orderPaid', 'orderConfirmed', 'orderShipped', 'orderDelivered', 'orderCanceled', 'orderRefunded',
  'reviewInvite', 'ticketsReady', 'returnRequested', 'returnRefunded', 'returnClosed',
  'shopNewOrder', 'supplierOrderToConfirm', 'supplierReturnRequested', 'payoutPaid', 'payoutRejected',
  'packageReceipt', 'renewalFailed', 'advisorMessage',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Mail nobody needs in order to act: it carries an unsubscribe link and is not sent to whoever turned it off. */
export const OPTIONAL_KINDS: ReadonlySet<MailKind> = new Set<MailKind>(['reviewInvite', 'shopNewOrder']);

/** Kinds written from the templates' four keys (the rest reuse older keys, see `content`). */
export const TEMPLATED_KINDS: readonly MailKind[] = MAIL_KINDS.filter((k) => !['signupCode', 'signupTaken', 'inviteCollaborator', 'inviteSupplier', 'contact'].includes(k));

export interface Money { amount: number; currency: string }

/** What an order's mail shows. Values are the user's or the shop's own text: rules.ts escapes them. */
export interface OrderMailData {
  reference: string;
  shop: string;
  total: Money;
  items: { name: string; amount: number }[];
  /** The page that acts on it (the buyer's order page, the supplier's sale page ...). */
  link: string;
  buyer?: string;
  reason?: string | null;
  tracking?: string | null;
  trackingUrl?: string | null;
  date?: string | null;
  cost?: Money | null;
  amount?: Money | null;
  /** The deposit account or cash/transfer reference where the method needs one. */
  payment?: { reference: string | null; details: { key: string; value: string }[]; expires?: string | null } | null;
  /** The shop's time zone, for the times shown (a reference's deadline). */
  timeZone?: string | null;
  returnReference?: string | null;
}

export type MailData =
  | { kind: 'pin'; pin: string; minutes: number; link: string }
  | { kind: 'signupCode' | 'signupTaken'; pin: string; minutes: number; link: string }
  | { kind: 'inviteCollaborator'; shop: string; link: string }
  | { kind: 'inviteSupplier'; supplier: string; link: string }
  | { kind: 'contact'; mode: 'shop' | 'item'; shop: string; shopUrl: string; about: string; itemUrl: string | null; fromName: string; fromEmail: string; phone: string | null; message: string }
  | ({ kind: 'orderPlaced' | 'orderPaid' | 'orderConfirmed' | 'orderShipped' | 'orderDelivered' | 'orderCanceled' | 'orderRefunded'
    | 'reviewInvite' | 'ticketsReady' | 'returnRequested' | 'returnRefunded' | 'returnClosed'
    | 'shopNewOrder' | 'supplierOrderToConfirm' | 'supplierReturnRequested' } & OrderMailData)
  | { kind: 'payoutPaid' | 'payoutRejected'; amount: Money; reference?: string | null; reason?: string | null; link: string }
  | { kind: 'packageReceipt'; plan: string; amount: Money; period: { start: string | null; end: string | null }; link: string }
  | { kind: 'renewalFailed'; plan: string; amount: Money; reason?: string | null; link: string }
  /** A new message of a shop's advisor thread (issue 26): who wrote, the shop, the message as typed and the thread. */
  | { kind: 'advisorMessage'; shop: string; from: string; message: string; link: string };

const paragraphs = (text: string) => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);

function templated(t: Translator, kind: MailKind, vars: Vars, extra: Partial<MailContent> & { link?: string | null } = {}): MailContent {
  const k = (part: string) => `mail.${kind}${part}` as MessageKey;
  const { link, ...rest } = extra;
  return {
    subject: t(k('Subject'), vars),
    heading: t(k('Heading'), vars),
    paragraphs: paragraphs(t(k('Body'), vars)),
    ...(link ? { action: { label: t(k('Action'), vars), url: link } } : {}),
    ...rest,
  };
}

function orderFacts(t: Translator, d: OrderMailData) {
  const money = (m: Money) => formatMoney(m.amount, m.currency, t.locale);
  const facts: { label: string; value: string }[] = [
    { label: t('mail.factOrder'), value: d.reference },
    { label: t('mail.factShop'), value: d.shop },
  ];
  if (d.returnReference) facts.push({ label: t('mail.factReturn'), value: d.returnReference });
  if (d.items.length) facts.push({ label: t('mail.factItems'), value: d.items.map((i) => `${i.amount} × ${i.name}`).join('\n') });
  // A date without a time (YYYY-MM-DD) is that day wherever it is read: formatted in UTC.
  if (d.date) facts.push({ label: t('mail.factDate'), value: formatDateTime(`${d.date}T12:00:00Z`, t.locale, { dateStyle: 'long', timeZone: 'UTC' }) || d.date });
  if (d.cost) facts.push({ label: t('mail.factShipping'), value: money(d.cost) });
  if (d.tracking) facts.push({ label: t('mail.factTracking'), value: d.trackingUrl ? `${d.tracking}\n${d.trackingUrl}` : d.tracking });
  if (d.reason) facts.push({ label: t('mail.factReason'), value: d.reason });
  if (d.amount) facts.push({ label: t('mail.factAmount'), value: money(d.amount) });
  if (d.payment?.reference) facts.push({ label: t('mail.factPaymentReference'), value: d.payment.reference });
  for (const x of d.payment?.details ?? []) {
    const key = `mail.pay_${x.key}`;
    facts.push({ label: t.has(key) ? t(key) : t('mail.factPaymentDetail'), value: x.value });
  }
  if (d.payment?.expires) facts.push({ label: t('mail.factPayBefore'), value: formatDateTime(d.payment.expires, t.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: d.timeZone }) });
  facts.push({ label: t('mail.factTotal'), value: money(d.total) });
  return facts;
}

/** The content of one mail in the translator's language. */
export function content(t: Translator, d: MailData): MailContent {
  switch (d.kind) {
    case 'pin':
      return templated(t, 'pin', { minutes: d.minutes }, { code: d.pin, link: d.link });
    case 'signupCode':
    case 'signupTaken': {
      const subject = t(d.kind === 'signupCode' ? 'emailProof.codeSubject' : 'emailProof.takenSubject');
      const body = t(d.kind === 'signupCode' ? 'emailProof.codeBody' : 'emailProof.takenBody', { pin: d.pin, minutes: d.minutes, link: d.link });
      return { subject, heading: subject, paragraphs: paragraphs(body), code: d.pin };
    }
    case 'inviteCollaborator': {
      const subject = t('collaborators.mailInviteSubject', { shop: d.shop });
      return { subject, heading: subject, paragraphs: paragraphs(t('collaborators.mailInviteBody', { shop: d.shop, link: d.link })) };
    }
    case 'inviteSupplier': {
      const subject = t('supplierMembers.mailInviteSubject', { supplier: d.supplier });
      return { subject, heading: subject, paragraphs: paragraphs(t('supplierMembers.mailInviteBody', { supplier: d.supplier, link: d.link })) };
    }
    case 'contact': {
      const item = d.mode === 'item';
      const facts = [{ label: t('mail.factShop'), value: `${d.shop}\n${d.shopUrl}` }];
      if (d.about) facts.push({ label: t('mail.factItem'), value: d.itemUrl ? `${d.about}\n${d.itemUrl}` : d.about });
      if (d.phone) facts.push({ label: t('mail.factPhone'), value: d.phone });
      return {
        subject: `[${d.shop}] ${d.about ? `${d.about.slice(0, 80)} · ` : ''}${t(item ? 'mail.contactSubjectItem' : 'mail.contactSubjectShop')}`,
        heading: t(item ? 'mail.contactHeadingItem' : 'mail.contactHeadingShop'),
        // Who wrote comes first, then their message as typed.
        paragraphs: [t('mail.contactWrote', { name: d.fromName, email: d.fromEmail }), d.message, t('mail.contactReply')],
        facts,
      };
    }
    case 'payoutPaid':
    case 'payoutRejected': {
      const amount = formatMoney(d.amount.amount, d.amount.currency, t.locale);
      const facts = [{ label: t('mail.factAmount'), value: amount }];
      if (d.reference) facts.push({ label: t('mail.factTransfer'), value: d.reference });
      if (d.reason) facts.push({ label: t('mail.factReason'), value: d.reason });
      return templated(t, d.kind, { amount }, { facts, link: d.link });
    }
    case 'packageReceipt': {
      const amount = formatMoney(d.amount.amount, d.amount.currency, t.locale);
      return templated(t, 'packageReceipt', { plan: d.plan, amount }, {
        facts: [
          { label: t('mail.factPlan'), value: d.plan },
          { label: t('mail.factPeriod'), value: [d.period.start, d.period.end].map((x) => formatDateTime(x, t.locale, { dateStyle: 'medium' })).join(' – ') },
          { label: t('mail.factAmount'), value: amount },
        ],
        link: d.link,
      });
    }
    case 'renewalFailed': {
      const amount = formatMoney(d.amount.amount, d.amount.currency, t.locale);
      const facts = [{ label: t('mail.factPlan'), value: d.plan }, { label: t('mail.factAmount'), value: amount }];
      if (d.reason) facts.push({ label: t('mail.factReason'), value: t(d.reason === 'no_card_on_file' ? 'mail.renewNoCard' : d.reason === 'card_expired' ? 'mail.renewCardExpired' : 'mail.renewDeclined') });
      return templated(t, 'renewalFailed', { plan: d.plan, amount }, { facts, link: d.link });
    }
    case 'advisorMessage':
      return templated(t, 'advisorMessage', { shop: d.shop, from: d.from }, {
        facts: [{ label: t('mail.factFrom'), value: d.from }, { label: t('mail.factShop'), value: d.shop }, { label: t('mail.factMessage'), value: d.message }],
        link: d.link,
      });
    default:
      return templated(t, d.kind, { reference: d.reference, shop: d.shop, buyer: d.buyer ?? '' }, { facts: orderFacts(t, d), link: d.link });
  }
}
