// Vitest global setup for the integration projects: one server per project, its address provided to tests.
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext { baseUrl: string; serverDatabaseUrl: string | null }
}

export default async function setup(project: TestProject) {
  const kind = (project.config.env?.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';
  // SQL_COUNT: a request with x-sql-count learns how many SQL statements it cost (tests/integration/render-cost.test.ts).
  // PAYOUTS_REVIEW: cash-outs wait for the operator's queue (tests/integration/operator-payouts.test.ts); no test on
  // this server expects a cash-out paid by the sandbox provider by itself (the e2e wallet spec does, on its own server).
  const server = await startServer({ db: kind, env: { SQL_COUNT: '1', PAYOUTS_REVIEW: '1' } });
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverDatabaseUrl', server.databaseUrl);
  return () => server.stop();
}
