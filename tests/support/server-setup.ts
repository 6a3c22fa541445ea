// Vitest global setup for the integration projects: the run's seeded template database (tests/support/seeded.ts),
// then one server per project on a copy of it, its address provided to tests. Servers the test files start
// themselves (startServer) copy the same template: the environment variable reaches the test workers.
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';
import { makePgliteTemplate, makePostgresTemplate, PG_MIGRATED_TEMPLATE_ENV, PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from './seeded.ts';

declare module 'vitest' {
  export interface ProvidedContext { baseUrl: string; serverDatabaseUrl: string | null }
}

export default async function setup(project: TestProject) {
  const kind = (project.config.env?.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';
  const started = Date.now();
  let disposeTemplate: () => unknown = () => {};
  if (kind === 'postgres' && process.env[PG_TEMPLATE_ENV] && process.env[PG_MIGRATED_TEMPLATE_ENV]) {
    // Made by `npm test` for the whole run (tests/support/run-templates.ts): it also removes them.
  } else if (kind === 'pglite' && process.env[PGLITE_TEMPLATE_ENV] && existsSync(process.env[PGLITE_TEMPLATE_ENV])) {
    // Likewise.
  } else if (kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const tpl = await makePostgresTemplate(base);
    process.env[PG_TEMPLATE_ENV] = tpl.name;
    const migrated = await makePostgresTemplate(base, { seed: false });
    process.env[PG_MIGRATED_TEMPLATE_ENV] = migrated.name;
    disposeTemplate = async () => { await tpl.dispose(); await migrated.dispose(); };
  } else {
    const tpl = makePgliteTemplate();
    process.env[PGLITE_TEMPLATE_ENV] = tpl.dir;
    disposeTemplate = tpl.dispose;
  }
  console.log(`[${project.name}] seeded template database ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // SQL_COUNT: a request with x-sql-count learns how many SQL statements it cost (tests/integration/render-cost.test.ts).
  // PAYOUTS_REVIEW: cash-outs wait for the operator's queue (tests/integration/operator-payouts.test.ts); no test on
  // this server expects a cash-out paid by the sandbox provider by itself (the e2e wallet spec does, on its own server).
  const server = await startServer({ db: kind, env: { SQL_COUNT: '1', PAYOUTS_REVIEW: '1' } });
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverDatabaseUrl', server.databaseUrl);
  return async () => { await server.stop(); await disposeTemplate(); };
}
