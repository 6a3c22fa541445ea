// `npm start`: build when stale, migrate, seed an empty database, then serve (PORT, HOST). `npm run serve`: serve only.
// First: a bad environment variable stops the start here, named, before anything else loads.
import './check-config.mjs';
import { fileURLToPath } from 'node:url';
import { ENTRY, buildIfStale } from './build-if-stale.mjs';
import { serve } from './serve.mjs';
import { prepareDatabase } from './prepare-db.mjs';
import { loadPacks, missingPackLines, startupPackReport } from '../src/themes/loader.ts';
import { themePackUses } from '../src/domain/shops/index.ts';
import { DEMO_PASSWORD, DEMO_SHOP_SLUGS, DEMO_USERS } from '../src/db/seed/demo.ts';
import { DEMO_TICKET_STAFF } from '../src/db/seed/tickets.ts';
import { defaultDemoMode, demoDefaultNotice, demoMode, startupNotices } from '../src/lib/server/modes.ts';
import { config, loadConfig, resetConfig } from '../src/lib/server/config.ts';
import { hasOperator } from '../src/domain/accounts/operator.ts';

// Packs are found from the project, not from wherever the process manager started us (a relative 'themes' made
// every page a 500 when the working directory was elsewhere).
process.env.THEMES_DIR ??= fileURLToPath(new URL('../themes', import.meta.url));
process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
process.env.NODE_ENV ??= 'production';
// Demo mode (src/lib/server/modes.ts: the demo data, mail outbox, sandbox payments, the public demo webhook secret)
// is on with the embedded PGlite demo database on a loopback HOST, and off with DATABASE_URL or on any other HOST,
// unless DEMO_MODE says otherwise.
const given = loadConfig(process.env);
const demoNotice = demoDefaultNotice(given);
if (!process.env.DEMO_MODE?.trim()) process.env.DEMO_MODE = defaultDemoMode(given) ? '1' : '0';
// The modules loaded so far may have read the configuration before the defaults above: read it again.
resetConfig();
const env = config();
const demo = demoMode(env);

// Packs are data, read from disk now and by the server at its first page (a new or changed pack needs a restart):
// a broken pack is refused with its errors (file and JSON path) and the other packs serve; only a broken or missing
// "basic", every shop's fallback, stops the start.
const packCheck = loadPacks();
const packReport = startupPackReport(packCheck);
if (packReport.lines.length) console.error(packReport.lines.join('\n'));
if (packReport.fatal) process.exit(1);
// `--serve-only` (npm run serve): production processes behind a load balancer; the build and the migrations ran
// once before them (npm run build, npm run db:migrate), not in each process at the same time.
const serveOnly = process.argv.includes('--serve-only');
let operatorMissing = false;
if (!serveOnly) {
  buildIfStale();
  const handle = await prepareDatabase({ seed: demo });
  operatorMissing = !demo && !(await hasOperator(handle.db));
  // A pack deleted (or refused) while shops use it: say which shops fall back to "basic".
  for (const line of missingPackLines(await themePackUses(handle.db), packCheck.packs.keys())) console.warn(`[themes] ${line}`);
}

const port = env.PORT;
const base = env.BASE_DOMAIN;
const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
if (!serveOnly && demo) {
  console.log('\nDemo shops:');
  for (const slug of DEMO_SHOP_SLUGS) console.log(`  http://${slug}.${base}:${port}/    (or http://${shown}:${port}/${slug}/)`);
  console.log(`\nDemo logins (password "${DEMO_PASSWORD}"):`);
  for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(28)} ${u.role ?? ''}`);
  console.log(`  ${DEMO_TICKET_STAFF.email.padEnd(28)} qrreader on ${DEMO_TICKET_STAFF.shop} (validates tickets)`);
}

// Loud on purpose: what the demo turns on must never go unnoticed on a public server.
const { banner, warnings } = startupNotices(env, `http://${shown}:${port}`);
if (banner.length) {
  const rule = '!'.repeat(100);
  console.warn(`\n${rule}\n${banner.map((l, i) => `!!  ${i ? `- ${l}` : l}`).join('\n')}\n${rule}`);
}
if (demoNotice) warnings.unshift(demoNotice);
for (const w of warnings) console.warn(`[warning] ${w}`);
if (operatorMissing) {
  console.log('\nNo platform operator account yet. Create the first one (asks for its password, or reads it from stdin):');
  console.log('  npm run operator -- --email you@example.com [--name "Your Name"]');
  if (!env.DATABASE_URL) console.log('  (PGlite: stop this server first; one process at a time opens its data directory)');
}
console.log('');

await serve(ENTRY);
