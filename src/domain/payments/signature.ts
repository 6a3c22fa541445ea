// Webhook signatures: HMAC-SHA256 over "{timestamp}.{raw body}", sent as `x-signature: t={unix seconds},v1={hex}`
// (the shape Stripe uses). Compared in constant time; timestamps outside the tolerance are refused so a
// captured request cannot be replayed later (a replay inside the window is harmless: the inbox dedups events).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { demoMode, sandboxPaymentsEnabled } from '../../lib/server/modes.ts';
import { WEBHOOK_TOLERANCE_S } from '../../lib/shared/constants.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { config, type Config } from '../../lib/server/config.ts';

export const SIGNATURE_HEADER = 'x-signature';
/**
 * The demo's webhook secret, public on purpose: it is used only in demo mode or with the sandbox providers on,
 * where the sandbox pages settle any payment without a secret anyway, and it lets anyone try the webhooks.
 */
export const DEMO_WEBHOOK_SECRET = 'tiendas-demo-webhook-secret';

let warned = false;

/** PAYMENTS_WEBHOOK_SECRET; the demo secret in demo mode or with sandbox payments on; otherwise null. */
export function configuredWebhookSecret(env: Config = config()): string | null {
  if (env.PAYMENTS_WEBHOOK_SECRET) return env.PAYMENTS_WEBHOOK_SECRET;
  if (!demoMode(env) && !sandboxPaymentsEnabled(env)) return null;
  if (env.NODE_ENV === 'production' && !warned) {
    warned = true;
    console.warn('[payments] PAYMENTS_WEBHOOK_SECRET is not set: using the public demo secret (demo mode / sandbox payments only)');
  }
  return DEMO_WEBHOOK_SECRET;
}

/** The secret webhooks are signed with; a production server without one refuses (503 payments_not_configured). */
export function webhookSecret(env: Config = config()): string {
  const secret = configuredWebhookSecret(env);
  if (!secret) throw new AppError('payments_not_configured', 'Payments are not configured on this server (PAYMENTS_WEBHOOK_SECRET is not set)');
  return secret;
}

export function sign(rawBody: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

export function verify(rawBody: string, header: string | null | undefined, secret: string, now = Math.floor(Date.now() / 1000)): VerifyResult {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = new Map<string, string[]>();
  for (const piece of header.split(',')) {
    const i = piece.indexOf('=');
    if (i <= 0) continue;
    const k = piece.slice(0, i).trim();
    (parts.get(k) ?? parts.set(k, []).get(k)!).push(piece.slice(i + 1).trim());
  }
  const t = Number(parts.get('t')?.[0]);
  const candidates = parts.get('v1') ?? [];
  if (!Number.isInteger(t) || !candidates.length) return { ok: false, reason: 'malformed' };
  if (Math.abs(now - t) > WEBHOOK_TOLERANCE_S) return { ok: false, reason: 'stale' };
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  // Several v1 values are allowed (secret rotation); each is compared in constant time.
  let match = false;
  for (const c of candidates) {
    if (!/^[0-9a-f]{64}$/i.test(c)) continue;
    const given = Buffer.from(c, 'hex');
    if (given.length === expected.length && timingSafeEqual(given, expected)) match = true;
  }
  return match ? { ok: true, timestamp: t } : { ok: false, reason: 'mismatch' };
}
