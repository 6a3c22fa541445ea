// Starts the built server (`scripts/start.mjs`: migrate + demo seed + serve) on a free port and a fresh database:
// a copy of the run's seeded template when there is one (tests/support/seeded.ts), so the start finds nothing to do.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createFreshDatabase } from './pg.ts';
import { clonePgliteTemplate, postgresTemplateClause } from './seeded.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Runs one of the project's scripts (node, `args`) with `env`, `input` on its stdin; rejects when it fails. */
export async function runScript(script: string, env: Record<string, string>, args: string[] = [], input = ''): Promise<string> {
  const child = spawn(process.execPath, [path.join(ROOT, script), ...args], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  child.stdin!.end(input);
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`${script} exited ${code}:\n${output}`);
  return output;
}

export interface RunningServer {
  baseUrl: string; port: number; databaseUrl: string | null; output: () => string; stop: () => Promise<void>;
  /** PGlite: the server's data folder (DATA_DIR). */
  dataDir: string | null;
  /** The server process's id (benches read its CPU time). */
  pid: number;
  /** The process's exit code once it has exited (null while it runs). */
  exitCode: () => number | null;
  /** Sends a signal without waiting (stop() sends SIGTERM, waits and drops the database). */
  signal: (sig: NodeJS.Signals) => void;
  exited: Promise<number | null>;
}

/**
 * `databaseUrl` (PostgreSQL): run on that existing database (another process's, to test several processes on one
 * database) instead of a fresh one; it is left in place on stop.
 */
export async function startServer(opts: {
  db: 'pglite' | 'postgres'; env?: Record<string, string>; databaseUrl?: string; args?: string[];
  /** Runs before the server starts, with its environment (DATA_DIR or DATABASE_URL): to seed its database. */
  prepare?: (env: Record<string, string>) => Promise<void> | void;
  /** An empty database, not a copy of the run's seeded template (what `npm start` finds on a new machine). */
  empty?: boolean;
  /** PGlite: serve this existing data folder (another server's, stopped), left in place on stop. */
  dataDir?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port), HOST: '127.0.0.1', BASE_DOMAIN: 'localhost', TRUST_PROXY: '1', NODE_ENV: 'production',
    // The demo's outbox, sandbox payments and demo webhook secret, also on PostgreSQL (tests turn it off with DEMO_MODE=0).
    DEMO_MODE: '1', ASTRO_TELEMETRY_DISABLED: '1',
    // The example pack of tests/fixtures is found beside the real ones (a pack is a folder of JSON and CSS).
    THEMES_EXTRA_DIRS: path.join(ROOT, 'tests/fixtures/themes'), ...opts.env,
  };
  delete env.DATABASE_URL;
  let cleanupDb = async () => {};
  let databaseUrl: string | null = null;
  if (opts.db === 'postgres' && opts.databaseUrl) {
    env.DATABASE_URL = databaseUrl = opts.databaseUrl;
  } else if (opts.db === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const fresh = await createFreshDatabase(base, 'tiendas_http', opts.empty ? undefined : postgresTemplateClause());
    env.DATABASE_URL = databaseUrl = fresh.url;
    cleanupDb = fresh.drop;
  } else if (opts.dataDir) {
    env.DATA_DIR = opts.dataDir;
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tiendas-data-'));
    if (!opts.empty) clonePgliteTemplate(dir);
    env.DATA_DIR = dir;
    cleanupDb = async () => rmSync(dir, { recursive: true, force: true });
  }
  if (opts.prepare) {
    try { await opts.prepare(env); } catch (err) { await cleanupDb(); throw err; }
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), ...(opts.args ?? [])], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const r = await fetch(`${baseUrl}/api/openapi.json`);
      if (r.ok) break;
    } catch { /* not up yet */ }
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`server did not start:\n${output}`); }
    await new Promise((r) => setTimeout(r, 250));
  }
  const exited = new Promise<number | null>((r) => { if (child.exitCode !== null) r(child.exitCode); else child.once('exit', (code) => r(code)); });
  return {
    baseUrl, port, databaseUrl, dataDir: databaseUrl ? null : env.DATA_DIR ?? null, pid: child.pid!, output: () => output, exitCode: () => child.exitCode, signal: (sig) => { child.kill(sig); }, exited,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => { if (child.exitCode !== null) r(null); else child.once('exit', r); setTimeout(r, 5000); });
      await cleanupDb();
    },
  };
}
