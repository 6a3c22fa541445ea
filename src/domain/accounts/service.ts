// Account rules: sign-up (proven by a mailed code), password login with throttling, sessions, sign-in PINs.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { LINK_RULES, safeHref, safeSrc } from '../../lib/shared/safe-url.ts';
import {
  LOGIN_LIMIT_PER_ACCOUNT, LOGIN_LIMIT_PER_ACCOUNT_GLOBAL, LOGIN_LIMIT_PER_ADDRESS, LOGIN_LIMIT_WINDOW_S, PIN_DIGITS,
  PIN_LIMIT_PER_ACCOUNT, PIN_TTL_MS, SESSION_TTL_S, SIGNUP_CODE_TTL_MS,
} from '../../lib/shared/constants.ts';
import type { Translator } from '../../lib/i18n/index.ts';
import { joinReferralTree } from '../promoted/index.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import * as repo from './repo.ts';
import type { LoginInput, SignupInput } from './schema.ts';
import type { SessionUser } from '../../lib/shared/viewer.ts';
import { config } from '../../lib/server/config.ts';
import { mailPin, mailSignup } from '../mail/index.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface NewSession { token: string; expiresAt: Date; user: SessionUser }

export async function createSession(db: Db, user: SessionUser, userAgent: string | null): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_S * 1000);
  await repo.insertSession(db, { id: sha256(token), user_id: user.id, expires_at: expiresAt, user_agent: userAgent?.slice(0, 300) ?? null });
  return { token, expiresAt, user };
}

/** The signed-in user behind a cookie token, or null when the session is unknown or expired. */
export async function resolveSession(db: Db, token: string | undefined, now = new Date()) {
  if (!token || token.length > 100) return null;
  const row = await repo.findLiveSession(db, sha256(token), now);
  if (!row) return null;
  // Sliding expiry, written at most once a day per session.
  const remaining = row.expires_at.getTime() - now.getTime();
  if (remaining < (SESSION_TTL_S - 24 * 3600) * 1000) await repo.extendSession(db, row.sessionId, new Date(now.getTime() + SESSION_TTL_S * 1000));
  const { sessionId, expires_at: _e, ...user } = row;
  return { sessionId, user: user as SessionUser };
}

export async function endSession(db: Db, token: string | undefined) {
  if (token) await repo.deleteSession(db, sha256(token));
}

function profileSlugFor(email: string) {
  const base = email.split('@')[0]!.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'usuario';
  return `${base}-${randomBytes(3).toString('hex')}`;
}

/** Where a sign-up happened: its client address (the per-address limit), the language of its mails, the platform's
 * origin (the links in them) and its tracking cookies (kept until the e-mail is proven). */
export interface SignupContext {
  ip: string;
  t: Translator;
  origin: string;
  tracking?: Record<string, string | null | undefined>;
}

const cleanTracking = (t: SignupContext['tracking']) =>
  Object.fromEntries(Object.entries(t ?? {}).filter(([, v]) => typeof v === 'string' && v.length <= 300)) as Record<string, string | null>;

/**
 * Sign-up (issue 23). The answer never says whether the e-mail had an account, and nobody is signed in here: the
 * e-mail is mailed a 6-digit code, and proving it (verifyPin) signs in.
 *   - a new e-mail: an account awaiting proof (its password unusable until then) and the code;
 *   - an e-mail whose sign-up still awaits proof: the latest sign-up's name and password replace the earlier ones
 *     (whoever proves the e-mail chose them) and a new code goes out;
 *   - an e-mail with a proven (or older) account: nothing changes; its owner is told someone tried to sign up, with
 *     a sign-in PIN and link.
 * Limited per client address like sign-in (the same counters table); at most PIN_LIMIT_PER_ACCOUNT mails per e-mail
 * and window: past it the answer is the same and no mail goes out (the last code stays valid).
 * `created` is for the caller's statistics only (a campaign's sign-ups), never for the answer.
 */
export async function signup(db: Db, input: SignupInput, c: SignupContext): Promise<{ created: SessionUser | null }> {
  const perAddress = await repo.hitRateLimit(db, `signup:ip:${c.ip}`, LOGIN_LIMIT_WINDOW_S);
  if (perAddress.count > perAddressLimit()) throw tooMany(perAddress.windowStart, 'Too many sign-ups from this address.', 'apiErrors.rate_limited_signups');
  const perEmail = await repo.hitRateLimit(db, `signup-mail:${input.email}`, LOGIN_LIMIT_WINDOW_S);
  const mayMail = perEmail.count <= PIN_LIMIT_PER_ACCOUNT;
  const password_hash = await hashPassword(input.password);
  const signup_tracking = cleanTracking(c.tracking);
  const link = `${c.origin}/login/pin`;
  const minutes = Math.round(SIGNUP_CODE_TTL_MS / 60_000);
  let existing = await repo.findUserByEmail(db, input.email);
  let created: SessionUser | null = null;
  if (!existing) {
    try {
      const user = await repo.insertUserWithProfile(db, { email: input.email, name: input.name, password_hash, profileSlug: profileSlugFor(input.email), signup_tracking });
      created = { id: user.id, email: user.email, name: user.name, profile_id: user.profile_id, user_level: user.user_level };
    } catch (err) {
      if (!(err as { emailTaken?: boolean }).emailTaken) throw err;
      existing = await repo.findUserByEmail(db, input.email);
    }
  }
  if (existing && (existing.email_verified_at || existing.signup_tracking === null)) {
    if (mayMail) {
      const pin = await issuePin(db, existing.email, 'signin', SIGNUP_CODE_TTL_MS);
      await mailSignup(db, existing.email, 'signupTaken', { pin, minutes, link, locale: c.t.locale });
    }
    return { created: null };
  }
  if (existing) await repo.replacePendingSignup(db, existing.id, { name: input.name, password_hash, signup_tracking });
  if (mayMail) {
    const pin = await issuePin(db, input.email, 'signup', SIGNUP_CODE_TTL_MS);
    await mailSignup(db, input.email, 'signupCode', { pin, minutes, link, locale: c.t.locale });
  }
  return { created };
}

/** A new PIN for the e-mail (replacing any open one); answers the PIN to mail. */
async function issuePin(db: Db, email: string, purpose: 'signin' | 'signup', ttlMs: number): Promise<string> {
  const pin = String(randomInt(0, 10 ** PIN_DIGITS)).padStart(PIN_DIGITS, '0');
  await repo.insertPin(db, { email, pin_hash: sha256(`${email}:${pin}`), expires_at: new Date(Date.now() + ttlMs), purpose });
  return pin;
}

/** Whether the account's e-mail is proven (pages offer the proof before an invitation's accept button). */
export const emailIsProven = async (db: Db, userId: string) => (await repo.emailVerifiedAt(db, userId)) !== null;

/**
 * The one gate before an account is bound to a team or credited (issue 23): its e-mail must be proven. 403
 * `email_unverified` otherwise (a PIN sign-in, or the code a sign-up mails, proves it).
 */
export async function requireProvenEmail(db: Db, userId: string): Promise<void> {
  if (!(await repo.emailVerifiedAt(db, userId))) {
    throw new AppError('email_unverified', 'Confirm your e-mail first: sign in with a PIN sent to it', { textKey: 'apiErrors.email_unverified' });
  }
}

/** Sign-in attempts allowed per address and window; LOGIN_LIMIT_PER_ADDRESS raises it where many people share one
 * address (an office behind one NAT, or the browser test suite signing in dozens of times from 127.0.0.1). */
const perAddressLimit = () => config().LOGIN_LIMIT_PER_ADDRESS ?? LOGIN_LIMIT_PER_ADDRESS;

function tooMany(windowStart: Date, why = 'Too many sign-in attempts.', textKey?: string) {
  const retry = Math.max(1, Math.ceil((windowStart.getTime() + LOGIN_LIMIT_WINDOW_S * 1000 - Date.now()) / 1000));
  return new AppError('rate_limited', `${why} Try again in ${Math.ceil(retry / 60)} minute(s).`, { textKey, vars: { minutes: Math.ceil(retry / 60) }, headers: { 'retry-after': String(retry) } });
}

/**
 * Password login, throttled with counters in the database (every app process shares them), each a fixed window of
 * LOGIN_LIMIT_WINDOW_S:
 *   - per address: every attempt counts (LOGIN_LIMIT_PER_ADDRESS);
 *   - per account and address: LOGIN_LIMIT_PER_ACCOUNT failures lock that address out of that account, so guessing
 *     wrong on purpose elsewhere never locks the owner out at home;
 *   - per account from everywhere: LOGIN_LIMIT_PER_ACCOUNT_GLOBAL failures (only a distributed attack gets there)
 *     pause password sign-in to the account; the PIN by mail still works.
 * Attempts are counted before the password is checked (racing guesses count too); a success takes its own attempt
 * back and clears the address's failures.
 */
export async function login(db: Db, input: LoginInput, ip: string): Promise<SessionUser> {
  const perAddress = await repo.hitRateLimit(db, `login:ip:${ip}`, LOGIN_LIMIT_WINDOW_S);
  if (perAddress.count > perAddressLimit()) throw tooMany(perAddress.windowStart);
  const pairKey = `login:account-ip:${input.email}|${ip}`;
  const pair = await repo.hitRateLimit(db, pairKey, LOGIN_LIMIT_WINDOW_S);
  if (pair.count > LOGIN_LIMIT_PER_ACCOUNT) throw tooMany(pair.windowStart);
  // Only attempts an address was still allowed reach the account's own counter: one address adds at most 5 to it.
  const accountKey = `login:account:${input.email}`;
  const everywhere = await repo.hitRateLimit(db, accountKey, LOGIN_LIMIT_WINDOW_S);
  if (everywhere.count > LOGIN_LIMIT_PER_ACCOUNT_GLOBAL) {
    throw tooMany(everywhere.windowStart, 'Too many failed sign-ins to this account from many places: sign in with a PIN sent by e-mail.', 'apiErrors.rate_limited_use_pin');
  }

  const user = await repo.findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !ok) throw new AppError('invalid_credentials', 'The e-mail or the password is not correct');
  await repo.clearRateLimit(db, pairKey);
  await repo.undoRateLimitHit(db, accountKey);
  // A sign-up's password works once the code it mailed proved the e-mail (only who chose it knows it is right).
  if (!user.email_verified_at && user.signup_tracking !== null) {
    throw new AppError('email_unverified', 'Confirm your e-mail first with the code we sent to it', { textKey: 'emailProof.errConfirmFirst' });
  }
  return { id: user.id, email: user.email, name: user.name, profile_id: user.profile_id, user_level: user.user_level };
}

/**
 * Sends a 6-digit sign-in PIN valid for 5 minutes. Answers the same whether or not the account exists (the limits
 * count the e-mail either way). Limited per address and per e-mail from all addresses (PIN_LIMIT_PER_ACCOUNT): no
 * mail bombing, and few PINs to guess; when the e-mail's limit is reached the last PIN sent stays valid.
 */
export async function requestPin(db: Db, email: string, ip: string, locale: string | null = null): Promise<void> {
  const perAddress = await repo.hitRateLimit(db, `pin:ip:${ip}`, LOGIN_LIMIT_WINDOW_S);
  if (perAddress.count > perAddressLimit()) throw tooMany(perAddress.windowStart);
  const perAccount = await repo.hitRateLimit(db, `pin:account:${email}`, LOGIN_LIMIT_WINDOW_S);
  if (perAccount.count > PIN_LIMIT_PER_ACCOUNT) throw tooMany(perAccount.windowStart, 'Too many PINs were requested for this e-mail: use the last one sent.', 'apiErrors.rate_limited_pins');
  const user = await repo.findUserByEmail(db, email);
  if (!user) return;
  const pin = await issuePin(db, email, 'signin', PIN_TTL_MS);
  // In the account's saved language, else the language of the page that asked (src/domain/mail).
  await mailPin(db, email, pin, Math.round(PIN_TTL_MS / 60_000), { locale });
}

/** Tries per PIN, right or wrong: past them the PIN is void (the right one fails too) until a new one is sent. */
export const PIN_MAX_ATTEMPTS = 5;

/**
 * Signs in with a mailed PIN, which proves the e-mail. Each try takes one of the PIN's PIN_MAX_ATTEMPTS before the
 * comparison (an atomic update: concurrent guesses from any number of processes count one each).
 */
export async function verifyPin(db: Db, email: string, pin: string, now = new Date()): Promise<SessionUser> {
  const invalid = () => new AppError('pin_invalid', 'The PIN is not valid');
  const row = await repo.latestOpenPin(db, email);
  if (!row || row.attempts >= PIN_MAX_ATTEMPTS) throw invalid();
  if (row.expires_at.getTime() <= now.getTime()) throw new AppError('pin_expired', 'The PIN has expired, ask for a new one');
  if (!(await repo.claimPinAttempt(db, row.id, PIN_MAX_ATTEMPTS))) throw invalid();
  const expected = Buffer.from(row.pin_hash, 'hex');
  const given = Buffer.from(sha256(`${email}:${pin}`), 'hex');
  if (!timingSafeEqual(expected, given)) throw invalid();
  if (!(await repo.consumePin(db, row.id))) throw invalid();
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw invalid();
  if (!user.email_verified_at) await emailProven(db, user, row.purpose === 'signup');
  return { id: user.id, email: user.email, name: user.name, profile_id: user.profile_id, user_level: user.user_level };
}

/**
 * The first proof of an account's e-mail: recorded once; a sign-up awaiting it joins the promoter's network it came
 * through (never before: an unproven sign-up counts as nobody's referral). Proven with a sign-in PIN instead of the
 * sign-up's own code, the password chosen at that sign-up (possibly by someone else) is dropped.
 */
async function emailProven(db: Db, user: { id: string; profile_id: string; signup_tracking: Record<string, string | null> | null }, withSignupCode: boolean) {
  if (!(await repo.markEmailVerified(db, user.id, !withSignupCode))) return;
  const t = user.signup_tracking;
  if (!t) return;
  await joinReferralTree(db, user.profile_id, { referral: t.referral, campaign: t.campaign, click_id: t.click_id, shopId: t.shopId, next: t.next })
    .catch((err) => console.error('[promoted] joining the referral tree failed', err));
}

export const shopsOfUser = repo.shopsOfUser;
export const userShopRows = repo.userShopRows;
export const shopsOf = repo.shopsOf;

/** Collaborator list item (seed 000 §3): a shop the user works on, linked by its own address. */
export interface Collaboration { id: string; store_name: string; store_photo: string | null; store_url: string }

/** One page of the user's collaborations (the user menu loads COLLABORATIONS_PAGE_SIZE at a time). */
export async function listCollaborations(db: Db, user: SessionUser, offset: number, limit: number): Promise<{ results: Collaboration[]; matches_estimated: number }> {
  const { rows, total } = await repo.listCollaborations(db, user.id, user.profile_id, offset, limit);
  return {
    // Stored addresses are checked again: a canonical_url that is not http(s) links to the shop's own path.
    results: rows.map((r) => ({ id: r.id, store_name: r.name, store_photo: safeSrc(r.photo), store_url: safeHref(r.canonical_url, LINK_RULES.web) ?? `/${r.slug}/` })),
    matches_estimated: total,
  };
}

