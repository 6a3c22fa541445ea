// `npm start` outside demo mode (here: PostgreSQL without DEMO_MODE, the production default; on PGlite DEMO_MODE=0)
// on an empty database seeds nothing of the demo: no demo accounts with the published password, no demo shops. It
// says how to create the first operator account, and `npm run operator` does (password from stdin, no default).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { runScript, startServer, type RunningServer } from '../support/server.ts';

const kind = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';

describe('npm start on an empty database outside demo mode', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // DEMO_MODE unset: npm start decides (off with DATABASE_URL). PGlite on 127.0.0.1 would be demo: say 0 there.
    server = await startServer({ db: kind, empty: true, env: { DEMO_MODE: kind === 'postgres' ? '' : '0' } });
  });
  afterAll(async () => { await server?.stop(); });

  it('seeds no demo account or shop, and says how to create the first operator', async () => {
    expect(server.output()).not.toMatch(/Demo logins|demo-password-1/);
    expect(server.output()).toMatch(/No platform operator account yet[\s\S]*npm run operator -- --email/);
    const c = new Client(server.baseUrl);
    for (const email of ['operador@demo.test', 'admin03@demo.test']) {
      const r = await c.post('/api/auth/login', { email, password: 'demo-password-1' });
      expect(r.status, email).toBe(401);
      expect(r.json().error.code).toBe('invalid_credentials');
    }
    expect((await c.get('/demo-03/')).status).toBe(404);
  });

  it.runIf(kind === 'postgres')('npm run operator creates the operator account with the password given on stdin', async () => {
    const env = { ...(process.env as Record<string, string>), DATABASE_URL: server.databaseUrl! };
    const out = await runScript('scripts/operator.ts', env, ['--email', 'first-operator@example.test', '--name', 'Olga'], 'a-long-secret-password\n');
    expect(out).toMatch(/first-operator@example\.test created as platform operator/);
    const c = new Client(server.baseUrl);
    await c.login('first-operator@example.test', 'a-long-secret-password');
    expect((await c.get('/api/me')).json().user).toMatchObject({ email: 'first-operator@example.test', user_level: 'ul3' });
    // A short password is refused; an existing account is promoted without touching its password.
    await expect(runScript('scripts/operator.ts', env, ['--email', 'other@example.test'], 'short\n')).rejects.toThrow(/10 to 200 characters/);
  });
});
