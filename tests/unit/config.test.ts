// The one config module (src/lib/server/config.ts): every variable validated at start, named when it is wrong.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from '../../src/lib/server/config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('configuration', () => {
  it('applies the defaults to an empty environment and keeps the result frozen', () => {
    const c = loadConfig({});
    expect([c.PORT, c.HOST, c.BASE_DOMAIN, c.DB_POOL_MAX, c.PAGE_CACHE_TTL_MS, c.SQL_COUNT, c.JOBS, c.DEMO_MODE]).toEqual([4321, 'localhost', 'localhost', 10, 30_000, 'off', true, undefined]);
    expect(Object.isFrozen(c)).toBe(true);
    expect(loadConfig({ PORT: ' 8080 ', DEMO_MODE: 'Off', THEMES_EXTRA_DIRS: 'a, b,,', PAGE_CACHE_TTL_MS: '0' })).toMatchObject({ PORT: 8080, DEMO_MODE: false, THEMES_EXTRA_DIRS: ['a', 'b'], PAGE_CACHE_TTL_MS: 0 });
  });

  it('refuses a bad value naming the variable, what it expects and what it got, every bad one at once', () => {
    let err: unknown;
    try { loadConfig({ PORT: 'abc', DEMO_MODE: 'maybe', DATABASE_URL: 'mysql://db', TRUST_PROXY: '10.0.0.0/99', SQL_COUNT: 'yes' }); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([
      'PORT must be a whole number from 1 to 65535, got "abc"',
      expect.stringMatching(/^TRUST_PROXY must be off, on, a hop count .*10\.0\.0\.0\/99/),
      expect.stringMatching(/^DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\/, got "mysql:\/\/db"/),
      expect.stringMatching(/^SQL_COUNT must be 1 .*got "yes"/),
      expect.stringMatching(/^DEMO_MODE must be one of 1, 0, true, false.*got "maybe"/),
    ]);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be a whole number from 1 to 65535, got "70000"/);
    expect(() => loadConfig({ BASE_DOMAIN: 'https://shop.example' })).toThrow(/BASE_DOMAIN must be a host name/);
  });

  it('.env.example lists every variable the schema reads', () => {
    const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(Object.keys(envSchema.shape).filter((k) => !listed.has(k))).toEqual([]);
  });

  it('npm start stops at once on an invalid value, naming it (exit 1, no stack trace)', () => {
    const r = spawnSync(process.execPath, ['scripts/start.mjs', '--serve-only'], {
      cwd: ROOT, encoding: 'utf8', timeout: 50_000, env: { ...process.env, PORT: 'abc', DATABASE_URL: '', JOBS: 'off' },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('PORT must be a whole number from 1 to 65535, got "abc"');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
