// Builds the server when dist/ is missing or older than any source file.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
export const OUT_DIR = path.resolve(ROOT, process.env.ASTRO_OUT_DIR ?? 'dist');
export const ENTRY = path.join(OUT_DIR, 'server/entry.mjs');
const INPUTS = ['src', 'public', 'themes', 'islands', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

export function isBuildStale() {
  if (!existsSync(ENTRY)) return true;
  const built = statSync(ENTRY).mtimeMs;
  return INPUTS.some((i) => newest(path.join(ROOT, i)) > built);
}

export function buildIfStale({ log = console.log } = {}) {
  if (!isBuildStale()) return false;
  log('[build] sources changed since the last build: running astro build');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`astro build failed (${r.status})`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildIfStale();
