// The one place that reads the environment (issue 24). Every variable the server understands is declared here, with
// its default and what it must look like, and validated with zod on first use: `npm start` / `npm run serve`
// (scripts/start.mjs) call config() before anything else, so a bad value stops the start with a message naming the
// variable and what it expects (`PORT must be a whole number from 1 to 65535, got "abc"`) instead of a NaN later.
// `.env.example` at the repository's root lists them all. ESLint refuses `process.env` anywhere else in src/.
//
// config() is read once per process and cached (frozen). Functions whose behaviour depends on a variable take the
// parsed config as a parameter that defaults to config(), so a test passes `loadConfig({ ... })` instead of
// changing process.env; a test that does change process.env calls resetConfig() after it.
import { z } from 'zod';
import { parseTrustProxy, type ProxyTrust } from './trust-proxy.ts';

/** The raw environment: names to strings (process.env, or what a test makes up). */
export type Env = Record<string, string | undefined>;

/** '1'/'true'/'yes'/'on' -> true, '0'/'false'/'no'/'off' -> false, unset or empty -> null (the default applies). */
export function envFlag(value: string | undefined): boolean | null {
  const v = value?.trim().toLowerCase();
  if (!v) return null;
  return v === '1' || v === 'true' || v === 'yes' || v === 'on';
}

const FLAG_WORDS = ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'];
const got = (raw: string | undefined) => `got "${raw}"`;
const blank = (raw: string | undefined) => !raw?.trim();

/** An on/off switch: undefined when unset (the caller's default applies). */
const flag = () => z.string().optional().transform((raw, ctx): boolean | undefined => {
  if (blank(raw)) return undefined;
  if (!FLAG_WORDS.includes(raw!.trim().toLowerCase())) {
    ctx.addIssue({ code: 'custom', message: `must be one of ${FLAG_WORDS.join(', ')}, ${got(raw)}` });
    return z.NEVER;
  }
  return envFlag(raw)!;
});

/** A whole number of at least `min` (at most `max`), `fallback` when unset (undefined: the caller's default applies). */
function whole<F extends number | undefined>(fallback: F, min: number, max = Number.MAX_SAFE_INTEGER, unit = '') {
  return z.string().optional().transform((raw, ctx): number | F => {
    if (blank(raw)) return fallback;
    const v = raw!.trim();
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
      ctx.addIssue({ code: 'custom', message: `must be a whole number ${range}${unit}, ${got(raw)}` });
      return z.NEVER;
    }
    return Number(v);
  });
}
const ms = (fallback: number, min = 0) => whole(fallback, min, undefined, ' (milliseconds)');
const optionalMs = (min = 1) => whole(undefined, min, undefined, ' (milliseconds)');

/** Free text: trimmed, undefined when unset or empty. */
const text = () => z.string().optional().transform((raw) => (blank(raw) ? undefined : raw!.trim()));
const textOr = (fallback: string) => z.string().optional().transform((raw) => (blank(raw) ? fallback : raw!.trim()));

const url = (protocols: string[]) => z.string().optional().transform((raw, ctx) => {
  if (blank(raw)) return undefined;
  let ok = false;
  try { ok = protocols.includes(new URL(raw!.trim()).protocol); } catch { /* not a URL */ }
  if (!ok) {
    ctx.addIssue({ code: 'custom', message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}, ${got(raw)}` });
    return z.NEVER;
  }
  return raw!.trim();
});

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export const envSchema = z.object({
  // The server
  NODE_ENV: text(),
  HOST: textOr('localhost'),
  PORT: whole(4321, 1, 65_535),
  BASE_DOMAIN: z.string().optional().transform((raw, ctx) => {
    if (blank(raw)) return 'localhost';
    if (!HOSTNAME.test(raw!.trim())) {
      ctx.addIssue({ code: 'custom', message: `must be a host name such as tiendas.example (no scheme, port or path), ${got(raw)}` });
      return z.NEVER;
    }
    return raw!.trim().toLowerCase();
  }),
  SHOP_SUBDOMAINS: flag(),
  TRUST_PROXY: z.string().optional().transform((raw, ctx): ProxyTrust => {
    try { return parseTrustProxy(raw); } catch (err) {
      ctx.addIssue({ code: 'custom', message: `must be off, on, a hop count or a list of addresses / CIDR ranges (${(err as Error).message})` });
      return z.NEVER;
    }
  }),
  COOKIE_SECURE: flag(),
  SERVER_CERT_PATH: text(),
  SERVER_KEY_PATH: text(),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: optionalMs(),
  HTTP_HEADERS_TIMEOUT_MS: optionalMs(),
  HTTP_REQUEST_TIMEOUT_MS: optionalMs(),
  HTTP_IDLE_TIMEOUT_MS: optionalMs(),
  SHUTDOWN_TIMEOUT_MS: ms(10_000, 1),
  HEALTH_DB_TIMEOUT_MS: ms(2_000, 1),
  // The database
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  DATA_DIR: text(),
  // PGlite's buffer pool. PostgreSQL's default (128 MB) is most of the embedded engine's memory; the demo database is
  // 60 MB on disk and its files stay in the OS's cache, so 32 MB keeps the hot pages at a fraction of the memory.
  PGLITE_SHARED_BUFFERS_MB: whole(32, 1, 4096, ' (megabytes)'),
  MIGRATIONS_DIR: textOr('src/db/migrations'),
  DB_POOL_MAX: whole(10, 1),
  DB_CONNECT_TIMEOUT_MS: ms(10_000),
  SQL_COUNT: z.string().optional().transform((raw, ctx): 'off' | 'count' | 'log' => {
    const v = raw?.trim().toLowerCase();
    if (!v || v === '0' || v === 'off') return 'off';
    if (v === '1') return 'count';
    if (v === 'log') return 'log';
    ctx.addIssue({ code: 'custom', message: `must be 1 (count statements), log (count and print them) or 0, ${got(raw)}` });
    return z.NEVER;
  }),
  // Demo mode and its parts (src/lib/server/modes.ts)
  DEMO_MODE: flag(),
  DEV_OUTBOX: flag(),
  PAYMENTS_SANDBOX: flag(),
  SHIPPING_SANDBOX: flag(),
  PAYOUTS_REVIEW: flag(),
  PAYMENTS_WEBHOOK_SECRET: text(),
  SHIPPING_WEBHOOK_SECRET: text(),
  // Stripe plays `str_card` when both its secret key and its webhook signing secret are set (src/domain/payments/stripe.ts)
  STRIPE_SECRET_KEY: text(),
  STRIPE_WEBHOOK_SECRET: text(),
  /** Stripe.js's key for the pay step's card field (pk_...). */
  STRIPE_PUBLISHABLE_KEY: text(),
  /** Another address for Stripe's API (a local server that answers as Stripe's test API does); unset: api.stripe.com. */
  STRIPE_API_BASE: url(['http:', 'https:']),
  /** How long one call to Stripe may take before it counts as timed out (the payment then stays pending). */
  STRIPE_TIMEOUT_MS: ms(20_000, 100),
  // Conekta plays `conekta_card`, `openpay_store` (cash at OXXO and other stores) and `openpay_bank` (SPEI) when its
  // private key and its webhook key are both set (src/domain/payments/conekta.ts)
  /** Conekta's private API key (key_...). */
  CONEKTA_PRIVATE_KEY: text(),
  /** The RSA public key (PEM; `\n` for line breaks is accepted) of the account's webhook key: checks each webhook's `digest`. */
  CONEKTA_WEBHOOK_KEY: text(),
  /** The public key (key_...) the pay step gives Conekta's card component to make a card token in the browser. */
  CONEKTA_PUBLIC_KEY: text(),
  /** Another address for Conekta's API (a local server that answers as its test API does); unset: api.conekta.io. */
  CONEKTA_API_BASE: url(['http:', 'https:']),
  /** How long one call to Conekta may take before it counts as timed out (the payment then stays pending). */
  CONEKTA_TIMEOUT_MS: ms(20_000, 100),
  // Mail
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: textOr('no-reply@tiendas.local'),
  /** The platform's public address, for links in mail sent by jobs (away from any request). */
  PUBLIC_URL: url(['http:', 'https:']),
  /** The name on mail not tied to a shop. */
  MAIL_BRAND: textOr('Tiendas'),
  // Caches
  PAGE_CACHE_TTL_MS: ms(30_000),
  PAGE_CACHE_STOCK_REFRESH_MS: ms(500),
  PAGE_CACHE_STALE_MS: ms(60_000),
  PAGE_CACHE_MAX_BYTES: whole(64 * 1024 * 1024, 0),
  SHOP_CACHE_TTL_MS: ms(60_000),
  SHOP_CACHE_MAX_ENTRIES: whole(5_000, 0),
  MEDIA_CACHE_DIR: text(),
  MEDIA_INDEX_TTL_MS: ms(30_000),
  // Theme packs
  THEMES_DIR: textOr('themes'),
  THEMES_EXTRA_DIRS: z.string().optional().transform((raw) => (raw ?? '').split(',').map((d) => d.trim()).filter(Boolean)),
  // Background jobs and limits
  JOBS: z.string().optional().transform((raw, ctx): boolean => {
    const v = raw?.trim().toLowerCase();
    if (!v || v === 'on' || v === '1' || v === 'true') return true;
    if (v === 'off' || v === '0' || v === 'false') return false;
    ctx.addIssue({ code: 'custom', message: `must be on or off, ${got(raw)}` });
    return z.NEVER;
  }),
  RESERVATION_SWEEPER: flag(),
  HEARTBEAT: flag(),
  SANDBOX_COURIER_STEP_MS: optionalMs(),
  LOGIN_LIMIT_PER_ADDRESS: whole(undefined, 1),
  CHECKOUT_LIMIT_PER_ADDRESS: whole(undefined, 1),
  CHECKOUT_LIMIT_PER_SHOPPER: whole(undefined, 1),
});

export type Config = Readonly<z.output<typeof envSchema>>;

/** Every invalid variable, one line each: `PORT must be a whole number from 1 to 65535, got "abc"`. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}\n(.env.example lists every variable and what it expects)`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses and validates an environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: Env): Config {
  const r = envSchema.safeParse(env);
  if (!r.success) throw new ConfigError(r.error.issues.map((i) => `${String(i.path[0] ?? '?')} ${i.message}`));
  return Object.freeze(r.data);
}

let cached: Config | undefined;

/** This process's configuration: process.env, validated on the first call and then kept. */
export function config(): Config {
  return (cached ??= loadConfig(process.env));
}

/** Forgets the kept configuration: the start script after it fills in defaults, and tests that change process.env. */
export function resetConfig(): void {
  cached = undefined;
}
