// Demo mode: one switch for what makes the demo work out of the box and would be a hole in production.
//
//   DEMO_MODE=1         turns on the defaults of both below, and lets payments use the public demo webhook secret
//   DEV_OUTBOX=1|0      /dev/outbox shows every mail kept, sign-in PINs included (anyone could sign in as anyone)
//   PAYMENTS_SANDBOX=1|0  the sandbox payment providers and their approve / 3-D Secure pages (no sign-in needed)
//   SHIPPING_SANDBOX=1|0  the built-in couriers advance shipped parcels by themselves (and deliver their orders)
//
// Unset, DEMO_MODE is on only under `astro dev` and the tests (NODE_ENV development or test): a production server
// gets none of it unless the operator asks. `npm start` (scripts/start.mjs) decides it before serving
// (defaultDemoMode): on with the embedded PGlite demo database while the server listens on a loopback address
// only (HOST localhost, 127.x, ::1), off with DATABASE_URL or on any other HOST (0.0.0.0 is every interface: the
// outbox would hand sign-in PINs to anyone who can reach it), and prints what it turned on. Demo mode also decides
// whether an empty database gets the demo data (accounts with the published password, scripts/prepare-db.mjs).
//
// Each function takes the parsed configuration (src/lib/server/config.ts), this process's by default; a test passes
// loadConfig({ ... }).
import { config, type Config } from './config.ts';

export { envFlag } from './config.ts';

export function demoMode(env: Config = config()): boolean {
  return env.DEMO_MODE ?? (env.NODE_ENV === 'development' || env.NODE_ENV === 'test');
}

/** Whether HOST names this machine's loopback interface only: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string | undefined): boolean {
  const h = (host ?? 'localhost').trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h);
}

/** `npm start`'s default when DEMO_MODE is unset: the PGlite demo database, reachable from this machine only. */
export function defaultDemoMode(env: Config = config()): boolean {
  return !env.DATABASE_URL && isLoopbackHost(env.HOST);
}

/**
 * What `npm start` says when DEMO_MODE is unset and the default turned the demo off on PGlite (`env` as given to
 * the process, before the default is applied); null when there is nothing to explain.
 */
export function demoDefaultNotice(env: Config = config()): string | null {
  if (env.DEMO_MODE !== undefined || env.DATABASE_URL || isLoopbackHost(env.HOST)) return null;
  return `Demo mode is off: HOST=${env.HOST} is not a loopback address, and the demo's mail outbox would show sign-in PINs to anyone who reaches it. DEMO_MODE=1 turns it on anyway.`;
}

/**
 * Cash-outs wait for the platform operator (issue 25): PAYOUTS_REVIEW=1 keeps each requested payout in the
 * operator's queue (/apps/operador/retiros) until it is approved (marked paid with the transfer's reference) or
 * rejected (the money goes back to the wallet). Unset: on outside demo mode; off in demo mode, where the sandbox
 * provider settles a cash-out at once (the demo and its tests show a cash-out paid on the next page).
 */
export function payoutReview(env: Config = config()): boolean {
  return env.PAYOUTS_REVIEW ?? !demoMode(env);
}

export function outboxEnabled(env: Config = config()): boolean {
  return env.DEV_OUTBOX ?? demoMode(env);
}

export function sandboxPaymentsEnabled(env: Config = config()): boolean {
  return env.PAYMENTS_SANDBOX ?? demoMode(env);
}

/** The built-in couriers move shipped parcels by themselves (label, pick-up, transit, delivery): demo only. */
export function sandboxShippingEnabled(env: Config = config()): boolean {
  return env.SHIPPING_SANDBOX ?? demoMode(env);
}

/** What the start script prints: a banner when something of the demo is on, warnings for what cannot work. */
export function startupNotices(env: Config = config(), origin = ''): { banner: string[]; warnings: string[] } {
  const banner: string[] = [];
  const warnings: string[] = [];
  const demo = demoMode(env);
  if (outboxEnabled(env)) {
    banner.push(`Mail outbox ON: ${origin}/dev/outbox shows every mail, sign-in PINs included: anyone can sign in as anyone.`);
  }
  if (sandboxPaymentsEnabled(env)) {
    banner.push('Sandbox payments ON: test cards, and approve / 3-D Secure pages anyone can answer; no real money moves.');
  }
  if (sandboxShippingEnabled(env)) {
    banner.push('Sandbox courier ON: shipped parcels advance by themselves to delivered, which delivers their orders.');
  }
  if (!env.PAYMENTS_WEBHOOK_SECRET && (demo || sandboxPaymentsEnabled(env))) {
    banner.push('PAYMENTS_WEBHOOK_SECRET is not set: webhooks are checked against the public demo secret.');
  }
  if (banner.length) {
    banner.unshift(demo ? 'DEMO MODE: not for a public server (DEMO_MODE=0 turns all of this off).' : 'Demo features are on:');
  }
  if (!env.SMTP_URL && !outboxEnabled(env)) {
    warnings.push('SMTP_URL is not set: mail (sign-in PINs) is kept in the database but delivered to no one; PIN sign-in cannot work. Passwords still sign in.');
  }
  if (!sandboxPaymentsEnabled(env)) {
    warnings.push(env.PAYMENTS_WEBHOOK_SECRET || demo
      ? 'PAYMENTS_SANDBOX is off: checkout offers cash on delivery and deposits only (no real payment provider is built in).'
      : 'PAYMENTS_WEBHOOK_SECRET is not set: payments through a provider are refused (payments_not_configured) and webhooks answer 503; cash on delivery and deposits still work.');
  }
  return { banner, warnings };
}
