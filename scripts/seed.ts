// npm run seed [-- --products N] [--shop SLUG]
// Opens the database (DATABASE_URL, else PGlite under DATA_DIR), applies the migrations, inserts the demo
// data when there are no shops yet, and with --products N adds N deterministic extra items to a shop.
import { parseArgs } from 'node:util';
import { configFromEnv, openDb } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../src/db/seed/demo.ts';
import { LARGE_CATALOGUE_SLUG, seedLargeCatalogue } from '../src/db/seed/large.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    shop: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log('usage: node scripts/seed.ts [--products N] [--shop SLUG]\n'
    + '  migrates, seeds the demo data into an empty database, and with --products N adds N extra items\n'
    + `  to SLUG (default demo-03) and its catalogue "${LARGE_CATALOGUE_SLUG}".`);
  process.exit(0);
}

let count: number | null = null;
if (values.products !== undefined) {
  count = Number(values.products.replace(/_/g, ''));
  if (!Number.isInteger(count) || count < 0) {
    console.error(`--products expects a non-negative integer, got "${values.products}"`);
    process.exit(2);
  }
}

const config = configFromEnv();
const handle = await openDb(config);
try {
  console.log(`database: ${config.url ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`}`);
  let t = performance.now();
  await migrate(handle);
  console.log(`migrations applied (${Math.round(performance.now() - t)} ms)`);

  t = performance.now();
  const { seeded } = await seedDemo(handle);
  if (seeded) {
    console.log(`demo data inserted (${Math.round(performance.now() - t)} ms). Logins, password "${DEMO_PASSWORD}":`);
    for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(30)} ${u.user_level}  ${u.role}`);
  } else {
    console.log('demo data skipped: the database already has shops');
  }

  if (count !== null) {
    const r = await seedLargeCatalogue(handle, count, values.shop ? { shopSlug: values.shop } : {});
    console.log(`large catalogue: ${r.inserted} of ${r.requested} items inserted into ${r.shopSlug} / ${LARGE_CATALOGUE_SLUG} (${r.ms} ms)`);
    // Planner statistics for the grown tables, so the first searches do not plan for a tiny catalogue; and VACUUM,
    // as after any bulk load: it sets the new rows' visibility hints and empties the GIN indexes' pending lists
    // (without it the first searches read 1,000 rows at 50 us each and scan the pending trigram list). PostgreSQL's
    // autovacuum would do it a little later; PGlite has no autovacuum at all.
    await handle.exec('VACUUM ANALYZE');
  }
} finally {
  await handle.close();
}
