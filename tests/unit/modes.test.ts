import { describe, expect, it } from 'vitest';
import * as modes from '../../src/lib/server/modes.ts';
import { envFlag, isLoopbackHost } from '../../src/lib/server/modes.ts';
import * as signature from '../../src/domain/payments/signature.ts';
import { DEMO_WEBHOOK_SECRET } from '../../src/domain/payments/signature.ts';
import { loadConfig, type Env } from '../../src/lib/server/config.ts';

// Each function reads the parsed configuration; these take an environment as a process would have it.
const demoMode = (env: Env) => modes.demoMode(loadConfig(env));
const defaultDemoMode = (env: Env) => modes.defaultDemoMode(loadConfig(env));
const demoDefaultNotice = (env: Env) => modes.demoDefaultNotice(loadConfig(env));
const outboxEnabled = (env: Env) => modes.outboxEnabled(loadConfig(env));
const sandboxPaymentsEnabled = (env: Env) => modes.sandboxPaymentsEnabled(loadConfig(env));
const startupNotices = (env: Env, origin?: string) => modes.startupNotices(loadConfig(env), origin);
const configuredWebhookSecret = (env: Env) => signature.configuredWebhookSecret(loadConfig(env));
const webhookSecret = (env: Env) => signature.webhookSecret(loadConfig(env));

const prod = { NODE_ENV: 'production' };

describe('demo mode and what it turns on', () => {
  it('is off on a production server unless asked, on under astro dev and the tests', () => {
    expect(demoMode(prod)).toBe(false);
    expect(demoMode({})).toBe(false);
    expect(demoMode({ NODE_ENV: 'development' })).toBe(true);
    expect(demoMode({ NODE_ENV: 'test' })).toBe(true);
    expect(demoMode({ ...prod, DEMO_MODE: '1' })).toBe(true);
    expect(demoMode({ NODE_ENV: 'development', DEMO_MODE: '0' })).toBe(false);
    expect([envFlag('true'), envFlag(' on '), envFlag('0'), envFlag('no'), envFlag(''), envFlag(undefined)]).toEqual([true, true, false, false, null, null]);
  });

  it('turns on the outbox and sandbox payments by default; each can be set on its own', () => {
    expect([outboxEnabled(prod), sandboxPaymentsEnabled(prod)]).toEqual([false, false]);
    expect([outboxEnabled({ ...prod, DEMO_MODE: '1' }), sandboxPaymentsEnabled({ ...prod, DEMO_MODE: '1' })]).toEqual([true, true]);
    expect([outboxEnabled({ ...prod, DEMO_MODE: '1', DEV_OUTBOX: '0' }), sandboxPaymentsEnabled({ ...prod, DEMO_MODE: '1', DEV_OUTBOX: '0' })]).toEqual([false, true]);
    expect([outboxEnabled({ ...prod, DEV_OUTBOX: '1' }), sandboxPaymentsEnabled({ ...prod, PAYMENTS_SANDBOX: '1' })]).toEqual([true, true]);
  });

  it('uses the public demo webhook secret only in demo mode or with sandbox payments; otherwise refuses', () => {
    expect(configuredWebhookSecret({ ...prod, PAYMENTS_WEBHOOK_SECRET: 's3cret' })).toBe('s3cret');
    expect(configuredWebhookSecret({ ...prod, DEMO_MODE: '1' })).toBe(DEMO_WEBHOOK_SECRET);
    expect(configuredWebhookSecret({ ...prod, PAYMENTS_SANDBOX: '1' })).toBe(DEMO_WEBHOOK_SECRET);
    expect(configuredWebhookSecret(prod)).toBeNull();
    expect(() => webhookSecret(prod)).toThrow(expect.objectContaining({ code: 'payments_not_configured', status: 503 }));
  });

  it('prints a banner naming each demo feature that is on, and warnings for what cannot work', () => {
    const demo = startupNotices({ ...prod, DEMO_MODE: '1' }, 'http://localhost:4321');
    expect(demo.banner[0]).toMatch(/DEMO MODE.*DEMO_MODE=0/);
    expect(demo.banner.join('\n')).toMatch(/http:\/\/localhost:4321\/dev\/outbox.*anyone can sign in as anyone/);
    expect(demo.banner.join('\n')).toMatch(/Sandbox payments ON/);
    expect(demo.banner.join('\n')).toMatch(/public demo secret/);
    expect(demo.warnings).toEqual([]);
    const bare = startupNotices(prod);
    expect(bare.banner).toEqual([]);
    expect(bare.warnings.join('\n')).toMatch(/SMTP_URL is not set.*PIN sign-in cannot work/);
    expect(bare.warnings.join('\n')).toMatch(/PAYMENTS_WEBHOOK_SECRET is not set/);
    const configured = startupNotices({ ...prod, SMTP_URL: 'smtp://mail', PAYMENTS_WEBHOOK_SECRET: 'x' });
    expect(configured.banner).toEqual([]);
    expect(configured.warnings).toEqual([expect.stringMatching(/PAYMENTS_SANDBOX is off/)]);
    // One feature asked for on a production server is still announced.
    expect(startupNotices({ ...prod, DEV_OUTBOX: '1', SMTP_URL: 'smtp://mail' }).banner[0]).toMatch(/Demo features are on/);
  });

  it("npm start's default: on with PGlite on a loopback HOST only; DATABASE_URL or any other HOST needs DEMO_MODE=1", () => {
    for (const host of [undefined, 'localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), String(host)).toBe(true);
      expect(defaultDemoMode({ HOST: host }), String(host)).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.5', 'shop.example', '128.0.0.1', '127.0.0.1.example']) {
      expect(isLoopbackHost(host), host).toBe(false);
      expect(defaultDemoMode({ HOST: host }), host).toBe(false);
    }
    expect(defaultDemoMode({ HOST: 'localhost', DATABASE_URL: 'postgres://db/app' })).toBe(false);
    // Off by default on every interface, and npm start says why and how to turn it on.
    expect(demoDefaultNotice({ HOST: '0.0.0.0' })).toMatch(/HOST=0\.0\.0\.0 is not a loopback address.*DEMO_MODE=1/);
    expect(demoDefaultNotice({ HOST: '0.0.0.0', DEMO_MODE: '1' })).toBeNull();
    expect(demoDefaultNotice({ HOST: 'localhost' })).toBeNull();
    expect(demoDefaultNotice({ HOST: '0.0.0.0', DATABASE_URL: 'postgres://db/app' })).toBeNull();
    // Asked for on every interface: on, with the banner.
    const asked = { ...prod, HOST: '0.0.0.0', DEMO_MODE: '1' };
    expect(demoMode(asked)).toBe(true);
    expect(startupNotices(asked).banner[0]).toMatch(/DEMO MODE/);
  });
});
