// The mail queue. `enqueue` renders a mail in its recipient's language and stores it in the outbox table, in the
// caller's transaction when there is one (a rolled-back order queues nothing); the send-mail job (deliverDue) sends
// what is due over SMTP with nodemailer, each claimed by one process (FOR UPDATE SKIP LOCKED), and on a failure
// retries later with exponential backoff (rules.ts), so a mail waits while SMTP is down and goes out when it is back.
// Without SMTP_URL a mail is kept in the outbox (read on /dev/outbox in the demo), as before the queue.
import type { Db } from '../../db/client.ts';
import { DEFAULT_LOCALE, getT, toLocale, type Translator } from '../../lib/i18n/index.ts';
import { config, type Config } from '../../lib/server/config.ts';
import { outboxEnabled } from '../../lib/server/modes.ts';
import { shopOrigin } from '../../lib/server/shop-url.ts';
import { safeSrc } from '../../lib/shared/safe-url.ts';
import * as repo from './repo.ts';
import { givesUp, MAIL_BATCH, MAIL_LEASE_MS, nextAttemptAt, oneLine, renderMail, type Brand } from './rules.ts';
import { content, OPTIONAL_KINDS, type MailData, type MailKind } from './templates.ts';

type Env = Config;

/** The platform's public address, for links in mail sent away from any request (jobs): PUBLIC_URL. */
export function publicUrl(env: Env = config()): URL {
  return new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
}

/** A shop's name, logo and address as its mails show them. */
export function brandOf(shop: repo.ShopInfo | null, env: Env = config()): Brand {
  const base = publicUrl(env);
  if (!shop) return { name: env.MAIL_BRAND ?? 'Tiendas', logo: null, url: base.origin };
  const url = shopOrigin(shop, base);
  const src = safeSrc(shop.photo);
  return { name: shop.name, logo: src ? (src.startsWith('/') ? `${base.origin}${src}` : src) : null, url };
}

export interface QueueInput {
  to: string;
  data: MailData;
  /** The recipient's language when known (an account's saved one wins: see `enqueue`), else the request's or shop's. */
  locale?: string | null;
  brand?: Brand;
  /** Queues the event's mail once: a replay (a webhook twice, a retried transaction) finds the key. */
  dedupeKey?: string;
  replyTo?: string;
  /** Not sent before this (a review invitation some days after delivery). */
  notBefore?: Date;
}

export interface QueueOptions { env?: Env; now?: Date }

/**
 * Renders and stores one mail. The recipient's account (by e-mail) gives its saved language and, for optional mail,
 * whether it is wanted at all (null when it is not: nothing is queued). Answers the queued row.
 */
export async function enqueue(db: Db, m: QueueInput, o: QueueOptions = {}): Promise<repo.OutboxRow | null> {
  const env = o.env ?? config();
  const now = o.now ?? new Date();
  const to = oneLine(m.to, 320);
  const account = await repo.userByEmail(db, to);
  const optional = OPTIONAL_KINDS.has(m.data.kind);
  if (optional && account && !account.optional_mail) return null;
  const locale = toLocale(account?.locale) ?? toLocale(m.locale) ?? DEFAULT_LOCALE;
  const t = getT(locale);
  const brand = m.brand ?? brandOf(null, env);
  const unsubscribe = optional && account?.id && account.mail_token
    ? { label: t('mail.unsubscribe'), url: `${brand.url}/preferencias?baja=${encodeURIComponent(`${account.id}.${account.mail_token}`)}` }
    : null;
  const rendered = renderMail(content(t, m.data), {
    brand, lang: locale, unsubscribe,
    // Optional mail to someone without an account (a shop's contact address) has no preference to turn off.
    footer: unsubscribe ? t('mail.footerOptional', { brand: brand.name }) : optional ? t('mail.footerNotice', { brand: brand.name }) : t('mail.footerEssential', { brand: brand.name }),
  });
  const keep = !env.SMTP_URL;
  warnIfUndelivered(env);
  return repo.insertMail(db, {
    to, subject: rendered.subject, body: rendered.text, html: rendered.html, reply_to: m.replyTo ? oneLine(m.replyTo, 320) : null,
    unsubscribe_url: unsubscribe?.url ?? null,
    kind: m.data.kind, locale, dedupe_key: m.dedupeKey ?? null,
    status: keep ? 'kept' : 'queued', next_attempt_at: m.notBefore ?? now, created_at: now,
  });
}

let warnedUndelivered = false;
function warnIfUndelivered(env: Env) {
  if (env.SMTP_URL || warnedUndelivered || outboxEnabled(env)) return;
  warnedUndelivered = true;
  console.warn('[mail] SMTP_URL is not set and the outbox is off: mail (sign-in PINs) is kept undelivered');
}

// ---------- sending ----------

interface Transport { sendMail(m: Record<string, unknown>): Promise<unknown>; close?(): void }
const transports = new Map<string, Promise<Transport>>();

async function transportFor(url: string): Promise<Transport> {
  let tp = transports.get(url);
  if (!tp) {
    // SMTP_URL plus timeouts: a server that does not answer makes an attempt fail (and be retried), not hang.
    tp = import('nodemailer').then(({ createTransport }) => createTransport({
      url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000,
    } as Parameters<typeof createTransport>[0]) as unknown as Transport);
    transports.set(url, tp);
  }
  return tp;
}

/** Closes the cached SMTP transports (tests, shutdown). */
export function closeTransports() {
  for (const tp of transports.values()) void tp.then((t) => t.close?.());
  transports.clear();
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Sends the mail that is due (the send-mail job), or only mail `id` (sendNow). Each claimed mail is tried once in
 * this pass: sent, or back to 'queued' for its next attempt (nextAttemptAt), or 'failed' past MAIL_MAX_ATTEMPTS.
 * Answers how many were sent.
 */
export async function deliverDue(db: Db, now: Date, o: { env?: Env; id?: string; limit?: number; jitter?: () => number } = {}): Promise<number> {
  const env = o.env ?? config();
  if (!env.SMTP_URL) return 0;
  const claimed = await repo.claimDue(db, now, new Date(now.getTime() + MAIL_LEASE_MS), o.limit ?? MAIL_BATCH, o.id);
  if (!claimed.length) return 0;
  const from = env.MAIL_FROM;
  let sent = 0;
  for (const m of claimed) {
    // Optional mail queued before its recipient turned such mail off (a review invitation waits two days) stays unsent.
    if (OPTIONAL_KINDS.has(m.kind as MailKind) && (await repo.userByEmail(db, m.to))?.optional_mail === false) {
      await repo.settle(db, m.id, { status: 'skipped' });
      continue;
    }
    try {
      const transport = await transportFor(env.SMTP_URL);
      await transport.sendMail({
        from, to: m.to, subject: m.subject, text: m.body, ...(m.html ? { html: m.html } : {}),
        ...(m.reply_to ? { replyTo: m.reply_to } : {}),
        // Mail clients offer their own "unsubscribe" button for optional mail (the same link as in the mail).
        ...(m.unsubscribe_url ? { list: { unsubscribe: m.unsubscribe_url } } : {}),
        headers: { 'X-Tiendas-Mail': m.id, ...(m.locale ? { 'Content-Language': m.locale } : {}) },
      });
      await repo.settle(db, m.id, { status: 'sent', sent_at: new Date(), last_error: null });
      sent++;
    } catch (err) {
      const error = messageOf(err);
      const gaveUp = givesUp(m.attempts);
      console.error(`[mail] sending ${m.id} failed (attempt ${m.attempts}${gaveUp ? ', giving up' : ''}): ${error}`);
      await repo.settle(db, m.id, gaveUp
        ? { status: 'failed', last_error: error }
        : { status: 'queued', last_error: error, next_attempt_at: nextAttemptAt(m.attempts, new Date(), o.jitter?.() ?? Math.random()) });
    }
  }
  return sent;
}

/**
 * Tries one queued mail right away (sign-in PINs should not wait for the job's next pass). A failure leaves it queued
 * for the job, which retries it: this never throws.
 */
export async function sendNow(db: Db, id: string, env: Env = config()): Promise<void> {
  try {
    await deliverDue(db, new Date(), { env, id, limit: 1 });
  } catch (err) {
    console.error('[mail] immediate send failed; the send-mail job retries it', err);
  }
}

// ---------- reading ----------

export const outboxMessages = (db: Db, limit = 50) => repo.listOutbox(db, limit);

// ---------- preferences ----------

/** Remembers the language a signed-in person chose: their mail is written in it from now on. */
export async function rememberLocale(db: Db, userId: string, locale: string) {
  const l = toLocale(locale);
  if (l) await repo.setUserLocale(db, userId, l);
}

const TOKEN = /^([0-9a-f-]{36})\.([0-9a-f-]{36})$/i;

/** The account an unsubscribe link (`baja`) names, or null when it is not a valid link. */
export async function unsubscribeTarget(db: Db, token: string | null | undefined) {
  const m = TOKEN.exec(token ?? '');
  if (!m) return null;
  return repo.userByMailToken(db, m[1]!, m[2]!);
}

/** Turns optional mail on or off: for the signed-in account, or the one an unsubscribe link names. */
export async function setOptionalMail(db: Db, who: { userId: string } | { token: string }, on: boolean): Promise<boolean> {
  const userId = 'userId' in who ? who.userId : (await unsubscribeTarget(db, who.token))?.id;
  if (!userId) return false;
  return repo.setOptionalMail(db, userId, on);
}

export const optionalMailOf = (db: Db, userId: string) => repo.optionalMailOf(db, userId);

// ---------- account mail ----------

/** A sign-in PIN: queued and tried at once (the job retries a failure). */
export async function mailPin(db: Db, email: string, pin: string, minutes: number, o: { locale?: string | null; env?: Env } = {}) {
  const env = o.env ?? config();
  const row = await enqueue(db, { to: email, locale: o.locale, data: { kind: 'pin', pin, minutes, link: `${publicUrl(env).origin}/login/pin` } }, { env });
  if (row && row.status === 'queued') await sendNow(db, row.id, env);
}

/** A sign-up's code (or, for a taken address, the owner's notice with a PIN): tried at once like a PIN. */
export async function mailSignup(db: Db, email: string, kind: 'signupCode' | 'signupTaken', v: { pin: string; minutes: number; link: string; locale?: string | null }, env: Env = config()) {
  const row = await enqueue(db, { to: email, locale: v.locale, data: { kind, pin: v.pin, minutes: v.minutes, link: v.link } }, { env });
  if (row && row.status === 'queued') await sendNow(db, row.id, env);
}

/** An invitation to a shop's or a supplier's team, in the inviter's language unless the invitee saved one. */
export async function mailInvitation(db: Db, to: string, t: Translator, v: { kind: 'inviteCollaborator'; shop: string; link: string } | { kind: 'inviteSupplier'; supplier: string; link: string }) {
  await enqueue(db, { to, locale: t.locale, data: v });
}

/** A visitor's message to a shop (its reply-to is the visitor), in the language its people saved, else the page's. */
export async function mailContact(db: Db, to: string, m: Omit<Extract<MailData, { kind: 'contact' }>, 'kind'> & { replyTo: string }, locale: string | null, shopId: string | null = null) {
  const { replyTo, ...data } = m;
  const shop = shopId ? await repo.shopInfo(db, shopId) : null;
  await enqueue(db, { to, locale, replyTo, brand: brandOf(shop), data: { kind: 'contact', ...data } });
}

export type { MailKind };
