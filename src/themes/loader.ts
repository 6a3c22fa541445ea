// Finds, validates and resolves theme packs: folders of JSON, CSS and images under themes/ (and any folder
// listed in THEMES_EXTRA_DIRS). A pack that extends another inherits every key it leaves out.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { packFileSchema, packSchema, type Pack, type PackFile } from './schema.ts';
import { sectionType } from './sections.ts';
import { resolveSettings } from './settings.ts';
import { config, type Config } from '../lib/server/config.ts';

export interface LoadedPack { pack: Pack; css: string; dir: string }
export interface PackError { file: string; path: string; message: string }

export function themeDirs(env: Config = config()): string[] {
  const main = path.resolve(env.THEMES_DIR);
  const extra = env.THEMES_EXTRA_DIRS.map((d) => path.resolve(d));
  return [main, ...extra];
}

const jsonPath = (p: PropertyKey[]) => '$' + p.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('');
const issues = (file: string, err: z.ZodError): PackError[] => err.issues.map((i) => ({ file, path: jsonPath(i.path), message: i.message }));

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Objects merge key by key; arrays and scalars of the child replace the parent's. */
function deepMerge<T>(parent: T, child: unknown): T {
  if (!isObject(parent) || !isObject(child)) return (child === undefined ? parent : child) as T;
  const out: Record<string, unknown> = { ...parent };
  for (const [k, v] of Object.entries(child)) out[k] = k in out ? deepMerge(out[k], v) : v;
  return out as T;
}

interface RawPack { file: string; dir: string; data: PackFile }

export function loadPacks(dirs = themeDirs()): { packs: Map<string, LoadedPack>; errors: PackError[] } {
  const errors: PackError[] = [];
  const raw = new Map<string, RawPack>();
  for (const root of dirs) {
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root).sort()) {
      const dir = path.join(root, name);
      const file = path.join(dir, 'theme.json');
      if (!statSync(dir).isDirectory() || !existsSync(file)) continue;
      let json: unknown;
      try { json = JSON.parse(readFileSync(file, 'utf8')); } catch (e) {
        errors.push({ file, path: '$', message: `not valid JSON: ${(e as Error).message}` });
        continue;
      }
      const r = packFileSchema.safeParse(json);
      if (!r.success) { errors.push(...issues(file, r.error)); continue; }
      if (r.data.id !== name) errors.push({ file, path: '$.id', message: `the id "${r.data.id}" must equal the folder name "${name}"` });
      else if (raw.has(name)) errors.push({ file, path: '$.id', message: `a pack "${name}" already exists in ${raw.get(name)!.dir}` });
      else raw.set(name, { file, dir, data: r.data });
    }
  }

  const packs = new Map<string, LoadedPack>();
  const resolving = new Set<string>();
  const resolve = (id: string): { merged: Record<string, unknown>; css: string[] } | null => {
    const p = raw.get(id);
    if (!p) return null;
    if (resolving.has(id)) { errors.push({ file: p.file, path: '$.extends', message: `extends cycle through "${id}"` }); return null; }
    resolving.add(id);
    let base: { merged: Record<string, unknown>; css: string[] } = { merged: {}, css: [] };
    if (p.data.extends) {
      const parent = resolve(p.data.extends);
      if (!parent) errors.push({ file: p.file, path: '$.extends', message: `extends unknown pack "${p.data.extends}"` });
      else base = parent;
    }
    resolving.delete(id);
    const css = [...base.css];
    if (p.data.stylesheet) {
      const cssFile = path.join(p.dir, p.data.stylesheet);
      if (existsSync(cssFile)) css.push(readFileSync(cssFile, 'utf8'));
      else errors.push({ file: p.file, path: '$.stylesheet', message: `file ${p.data.stylesheet} not found in the pack folder` });
    }
    return { merged: deepMerge(base.merged, { ...p.data, extends: p.data.extends }), css };
  };

  for (const [id, p] of raw) {
    const res = resolve(id);
    if (!res) continue;
    const r = packSchema.safeParse(res.merged);
    if (!r.success) { errors.push(...issues(p.file, r.error).map((e) => ({ ...e, message: `${e.message} (after extends)` }))); continue; }
    const before = errors.length;
    checkReferences(p.file, r.data, errors);
    if (errors.length === before) packs.set(id, { pack: r.data, css: res.css.join('\n'), dir: p.dir });
  }
  return { packs, errors };
}

/** Templates may only use section types the engine knows, the pack offers and the page allows. */
function checkReferences(file: string, pack: Pack, errors: PackError[]) {
  for (const [type, cfg] of Object.entries(pack.sections)) {
    const def = sectionType(type);
    if (!def) { errors.push({ file, path: `$.sections.${type}`, message: `unknown section type "${type}"` }); continue; }
    const r = resolveSettings(def, {}, cfg.defaults);
    for (const k of r.unknown) errors.push({ file, path: `$.sections.${type}.defaults.${k}`, message: `section "${type}" has no setting "${k}"` });
    for (const [k, m] of Object.entries(r.invalid)) errors.push({ file, path: `$.sections.${type}.defaults.${k}`, message: m });
  }
  for (const [page, tpl] of Object.entries(pack.templates)) {
    const ids = new Set<string>();
    tpl!.sections.forEach((s, i) => {
      const at = `$.templates.${page}.sections[${i}]`;
      const def = sectionType(s.type);
      if (!def) return errors.push({ file, path: `${at}.type`, message: `unknown section type "${s.type}"` });
      if (!pack.sections[s.type]) errors.push({ file, path: `${at}.type`, message: `the pack does not offer section "${s.type}" (add it to "sections")` });
      if (!def.enabledOn.includes(page as never)) errors.push({ file, path: `${at}.type`, message: `section "${s.type}" cannot be used on page "${page}"` });
      if (ids.has(s.id)) errors.push({ file, path: `${at}.id`, message: `duplicate section id "${s.id}"` });
      ids.add(s.id);
      const r = resolveSettings(def, {}, s.settings);
      for (const k of r.unknown) errors.push({ file, path: `${at}.settings.${k}`, message: `section "${s.type}" has no setting "${k}"` });
      for (const [k, m] of Object.entries(r.invalid)) errors.push({ file, path: `${at}.settings.${k}`, message: m });
    });
  }
  if (!pack.templates.home) errors.push({ file, path: '$.templates.home', message: 'every pack needs a home template' });
}

// Packs are configuration read from disk once per process (at its first page or at `npm start`'s check); a
// restart picks up a new, changed or deleted pack (docs/theme-packs.md says so to designers).
let cache: ReturnType<typeof loadPacks> | undefined;

export function packs() {
  cache ??= loadPacks();
  if (!cache.packs.has('basic')) throw new Error(`theme pack "basic" (every shop's fallback) is missing or invalid:\n${formatPackErrors(cache.errors)}`);
  return cache.packs;
}

/** The pack ids (folder names) that have errors: each is refused while the others serve. */
export function refusedPackIds(errors: PackError[]): string[] {
  return [...new Set(errors.map((e) => path.basename(path.dirname(e.file))))].sort();
}

/**
 * What `npm start` makes of the packs: a broken pack is refused with its errors (file and JSON path) and every
 * other pack serves; only a missing or broken "basic", the fallback of every shop, stops the start.
 */
export function startupPackReport(r: ReturnType<typeof loadPacks>): { fatal: boolean; lines: string[] } {
  const lines: string[] = [];
  const fatal = !r.packs.has('basic');
  if (fatal) lines.push('Theme pack "basic" is missing or invalid: it is every shop\'s fallback, the server cannot start.');
  for (const id of refusedPackIds(r.errors)) {
    if (id === 'basic') continue;
    lines.push(`Theme pack "${id}" refused (its shops are served with "basic"; the other packs serve):`);
    const own = r.errors.filter((e) => path.basename(path.dirname(e.file)) === id);
    lines.push(...formatPackErrors(own).split('\n').map((l) => `  ${l}`));
  }
  if (fatal) lines.push(...formatPackErrors(r.errors.filter((e) => path.basename(path.dirname(e.file)) === 'basic')).split('\n').map((l) => `  ${l}`));
  return { fatal, lines };
}

/** Shops whose pack is not among `known`, by pack: what the start-up report and the first page of each log. */
export function missingPackLines(uses: { pack: string; shop: string }[], known: Iterable<string>): string[] {
  const have = new Set(known);
  const byPack = new Map<string, string[]>();
  for (const u of uses) if (!have.has(u.pack)) byPack.set(u.pack, [...(byPack.get(u.pack) ?? []), u.shop]);
  return [...byPack].sort(([a], [b]) => a.localeCompare(b)).map(([pack, shops]) =>
    `Theme pack "${pack}" is missing or refused: ${[...new Set(shops)].sort().join(', ')} served with "basic" until it is back (restart after adding it).`);
}

const warned = new Set<string>();

/** The pack `id`, else "basic"; a missing pack is logged once per pack and shop (never silently replaced). */
export function getPack(id: string, shop?: string): LoadedPack {
  const all = packs();
  const found = all.get(id);
  if (found) return found;
  const key = `${id}\u0000${shop ?? ''}`;
  if (!warned.has(key)) {
    warned.add(key);
    console.warn(`[themes] ${missingPackLines([{ pack: id, shop: shop ?? '(a shop)' }], all.keys())[0]}`);
  }
  return all.get('basic')!;
}

export function formatPackErrors(errors: PackError[]) {
  return errors.map((e) => `${path.relative(process.cwd(), e.file)} ${e.path}: ${e.message}`).join('\n');
}
