// Couriers' webhooks: the same signature scheme as payments (x-signature "t=...,v1=hex", HMAC-SHA256 of
// "t.body"), with the shipping secret. Without SHIPPING_WEBHOOK_SECRET only a demo server (or one with the
// sandbox courier on) answers, with the public demo secret; otherwise couriers are refused with 503.
import type { Db } from '../../db/client.ts';
import { demoMode, sandboxShippingEnabled } from '../../lib/server/modes.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { DEMO_WEBHOOK_SECRET, verify } from '../payments/index.ts';
import { courierEvent } from './schema.ts';
import { recordCourierEvent } from './service.ts';
import { config, type Config } from '../../lib/server/config.ts';

export function shippingWebhookSecret(env: Config = config()): string {
  if (env.SHIPPING_WEBHOOK_SECRET) return env.SHIPPING_WEBHOOK_SECRET;
  if (demoMode(env) || sandboxShippingEnabled(env)) return DEMO_WEBHOOK_SECRET;
  throw new AppError('couriers_not_configured', 'Courier webhooks are not configured on this server (SHIPPING_WEBHOOK_SECRET is not set)');
}

export async function receiveCourierWebhook(db: Db, courier: string, raw: string, signature: string | null) {
  const v = verify(raw, signature, shippingWebhookSecret());
  if (!v.ok) throw new AppError('invalid_signature', `The webhook signature is ${v.reason}`);
  let body: unknown;
  try { body = JSON.parse(raw); } catch { throw new AppError('malformed_json', 'The request body is not valid JSON'); }
  const event = courierEvent.parse(body);
  return recordCourierEvent(db, courier, event);
}
