// The media file cache: stored images (originals, variants, social cards) as files on local disk, so that an image
// is read from the database once per machine rather than on every request. Files are named by content (the
// original's SHA-256 plus the recipe of what was made from it), written once to a temporary name and renamed into
// place (atomic on one file system), so any number of processes may share a directory: two writers of one name
// write identical bytes, and a reader sees a whole file or none. The database stays the authority on what exists:
// a file is only served for a media row that is there (see the index below and the /media routes).
//
// MEDIA_CACHE_DIR chooses the directory (default: media-cache under DATA_DIR when set, else under the system's
// temporary directory); MEDIA_CACHE_DIR=off turns the cache off (every image is read from the database).
// Nothing here imports the database: the server's fast path (scripts/serve.mjs) uses the index before the app runs.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { config, type Config } from './config.ts';

/** The cache directory, or null when the cache is off. */
export function mediaCacheDir(env: Config = config()): string | null {
  const set = env.MEDIA_CACHE_DIR;
  if (set === 'off') return null;
  if (set) return path.resolve(set);
  return path.resolve(env.DATA_DIR ? path.join(env.DATA_DIR, 'media-cache') : path.join(os.tmpdir(), 'tiendas-media-cache'));
}

const NAME = /^[0-9a-f]{32,64}(-[a-z0-9]{1,12})*\.(avif|webp|jpeg|jpg|png|gif|svg)$/;

/** Where a cache file lives: {dir}/{first two characters}/{name}. Throws for a name this module never makes. */
export function mediaCachePath(dir: string, name: string): string {
  if (!NAME.test(name)) throw new Error(`not a media cache name: ${name}`);
  return path.join(dir, name.slice(0, 2), name);
}

/** A cached file's bytes, or null when it is not cached (or the cache is off). */
export async function readCachedMedia(name: string): Promise<Buffer | null> {
  const dir = mediaCacheDir();
  if (!dir) return null;
  try {
    return await readFile(mediaCachePath(dir, name));
  } catch {
    return null;
  }
}

/**
 * Keeps bytes under a name (written to a temporary file, then renamed into place) and answers the file's path, or
 * null when the cache is off or the disk refused (the caller serves the bytes it has either way).
 */
export async function writeCachedMedia(name: string, bytes: Uint8Array): Promise<string | null> {
  const dir = mediaCacheDir();
  if (!dir) return null;
  let tmp = '';
  try {
    const file = mediaCachePath(dir, name);
    tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(tmp, bytes, { flag: 'wx' });
    await rename(tmp, file);
    return file;
  } catch (err) {
    console.warn(`[media-cache] cannot keep ${name}: ${(err as Error).message}`);
    if (tmp) await unlink(tmp).catch(() => {});
    return null;
  }
}

// ---------- the index: which /media address is which cached file ----------

/**
 * What the fast path needs to answer a /media address from disk without the database. An entry is trusted for
 * MEDIA_INDEX_TTL_MS (default 30 s) after the app last checked the row: a deleted image stops being served by
 * other processes within that time (this process forgets it at once, forgetMedia).
 */
export interface IndexedMedia { file: string; contentType: string; etag: string; size: number; at: number }
export const MEDIA_INDEX_TTL_MS = config().MEDIA_INDEX_TTL_MS;
const MAX_ENTRIES = 20_000;
const KEY = Symbol.for('tiendas.mediaIndex');
const index = (): Map<string, IndexedMedia> => ((globalThis as { [KEY]?: Map<string, IndexedMedia> })[KEY] ??= new Map());

/** Records that `urlPath` is served from `file` (called by the /media routes after checking the row). */
export function indexMedia(urlPath: string, entry: Omit<IndexedMedia, 'at'>): void {
  if (MEDIA_INDEX_TTL_MS <= 0) return;
  const m = index();
  m.delete(urlPath);
  if (m.size >= MAX_ENTRIES) m.delete(m.keys().next().value!);
  m.set(urlPath, { ...entry, at: Date.now() });
}

/** The index entry for an address, while fresh. */
export function indexedMedia(urlPath: string, now = Date.now()): IndexedMedia | null {
  const e = index().get(urlPath);
  if (!e) return null;
  if (now - e.at > MEDIA_INDEX_TTL_MS) { index().delete(urlPath); return null; }
  return e;
}

/** Forgets every address of these images (after they are deleted). */
export function forgetMedia(ids: readonly string[]): void {
  if (!ids.length) return;
  const prefixes = ids.map((id) => `/media/${id.toLowerCase()}`);
  for (const k of index().keys()) if (prefixes.some((p) => k.startsWith(p))) index().delete(k);
}
