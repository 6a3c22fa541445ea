// Which errors mean 'the database cannot be reached right now' (503 + Retry-After) rather than a bug (500):
// src/lib/server/db-errors.ts, and the HTTP server's timeouts read from the environment (src/lib/server/timeouts.ts).
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/lib/server/db-errors.ts';
import { errorResponse } from '../../src/lib/server/http.ts';
import * as timeouts from '../../src/lib/server/timeouts.ts';
import { loadConfig, type Env } from '../../src/lib/server/config.ts';

const httpTimeouts = (env: Env) => timeouts.httpTimeouts(loadConfig(env));
import { getT } from '../../src/lib/i18n/index.ts';

const err = (props: Record<string, unknown>, message = 'x') => Object.assign(new Error(message), props);

describe('database unavailable', () => {
  it('recognises refused and cut connections, shutdowns and pool timeouts, also wrapped by drizzle', () => {
    expect(isDatabaseUnavailable(err({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([err({ code: 'ECONNREFUSED' }), err({ code: 'ECONNREFUSED' })]))).toBe(true);
    for (const code of ['57P01', '57P03', '08006', '08001', '53300', '3D000']) expect(isDatabaseUnavailable(err({ code })), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(err({ code: '55000' }, 'database "x" is not currently accepting connections'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: err({ code: '57P01' }) }))).toBe(true);
  });

  it('leaves bugs and bad queries alone', () => {
    for (const e of [new Error('boom'), err({ code: '23505' }), err({ code: '42P01' }), err({ code: '55000' }, 'object not in prerequisite state'), null, 'text']) {
      expect(isDatabaseUnavailable(e)).toBe(false);
    }
  });

  it('is answered 503 database_unavailable with Retry-After, in the request language', async () => {
    const r = errorResponse(err({ code: 'ECONNREFUSED' }), getT('en'));
    expect(r.status).toBe(503);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await r.json()).error).toEqual({ code: 'database_unavailable', message: expect.stringMatching(/database is briefly unavailable/) });
  });
});

describe('HTTP timeouts', () => {
  it('keep-alive outlasts a 60 s balancer and the headers timeout outlasts keep-alive by default', () => {
    const t = httpTimeouts({});
    expect(t.keepAliveTimeout).toBe(65_000);
    expect(t.headersTimeout).toBeGreaterThan(t.keepAliveTimeout);
    expect(t.requestTimeout).toBeGreaterThanOrEqual(t.headersTimeout);
    expect(t.idleTimeout).toBeGreaterThan(t.keepAliveTimeout);
  });

  it('reads each from the environment and refuses nonsense', () => {
    const t = httpTimeouts({ HTTP_HEADERS_TIMEOUT_MS: '800', HTTP_REQUEST_TIMEOUT_MS: '1500', HTTP_KEEP_ALIVE_TIMEOUT_MS: '500', HTTP_IDLE_TIMEOUT_MS: '3000' });
    expect(t).toMatchObject({ headersTimeout: 800, requestTimeout: 1500, keepAliveTimeout: 500, idleTimeout: 3000 });
    expect(t.checkInterval).toBeLessThanOrEqual(200);
    expect(() => httpTimeouts({ HTTP_KEEP_ALIVE_TIMEOUT_MS: 'soon' })).toThrow(/HTTP_KEEP_ALIVE_TIMEOUT_MS/);
    expect(() => httpTimeouts({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow(/not be longer/);
  });
});
