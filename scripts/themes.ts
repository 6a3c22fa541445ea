// `npm run themes:check` validates every pack (clear errors with file and JSON path, exit 1 when any);
// `npm run themes:schema` regenerates theme.schema.json from src/themes/schema.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatPackErrors, loadPacks, themeDirs } from '../src/themes/loader.ts';
import { themeJsonSchemaText } from '../src/themes/json-schema.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCHEMA_FILE = path.join(ROOT, 'theme.schema.json');
const cmd = process.argv[2] ?? 'check';

if (cmd === 'schema') {
  writeFileSync(SCHEMA_FILE, themeJsonSchemaText());
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
} else {
  const dirs = [...themeDirs(), ...process.argv.slice(3).map((d) => path.resolve(d))];
  const { packs, errors } = loadPacks(dirs);
  let stale = false;
  try { stale = readFileSync(SCHEMA_FILE, 'utf8') !== themeJsonSchemaText(); } catch { stale = true; }
  for (const [id, p] of packs) console.log(`ok  ${id.padEnd(8)} ${p.pack.name} (${path.relative(process.cwd(), p.dir)})`);
  if (stale) console.error('theme.schema.json is stale: run npm run themes:schema');
  if (errors.length) console.error(`\n${errors.length} problem(s):\n${formatPackErrors(errors)}`);
  process.exit(errors.length || stale ? 1 : 0);
}
