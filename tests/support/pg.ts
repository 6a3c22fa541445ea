// Fresh PostgreSQL databases on the TEST_DATABASE_URL server, one per suite, dropped afterwards.
import pg from 'pg';

/** `template`: the clause that copies a prepared database (tests/support/seeded.ts), '' for an empty one. */
export async function createFreshDatabase(baseUrl: string, prefix: string, template = ''): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
