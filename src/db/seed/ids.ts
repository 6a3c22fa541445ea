// Deterministic ids and randomness for the seeds: the same key always gives the same uuid,
// the same seed always gives the same sequence, so every seeding run writes identical rows.
import { createHash } from 'node:crypto';

const NAMESPACE = 'tiendas-seed/v1:';

/** A v5-style uuid (sha1 of a namespaced key, version and variant bits set), e.g. seedUuid('shop:demo-03'). */
export function seedUuid(key: string): string {
  const h = createHash('sha1').update(NAMESPACE + key).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** 32-bit FNV-1a of a string: turns a text key into a PRNG seed. */
export function hashSeed(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The small helpers a seed needs on top of a uniform [0, 1) source. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32: tiny, fast, good enough for demo data. Seed with a number or a text key. */
export function mulberry32(seed: number | string): Rng {
  let a = (typeof seed === 'string' ? hashSeed(seed) : seed) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}

/** URL-safe slug: lower case, accents removed, words joined by '-' (the app's one slugify). */
export { slugify } from '../../lib/shared/slug.ts';

/** A fixed instant plus an offset, so created_at/updated_at are the same on every run. */
export const SEED_EPOCH = Date.UTC(2026, 0, 5, 15, 0, 0);
export function seedDate(offsetMinutes: number): Date {
  return new Date(SEED_EPOCH + offsetMinutes * 60_000);
}
