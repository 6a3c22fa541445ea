// Pure rules of opening a store (issue 14). Levels of seed 000 §3: ul0 registered, ul1 entrepreneur without a
// store, ul2 entrepreneur with a store (ul3: the platform's operator). Store types of seed 000 §1/§6: a person's
// role is franchise when they are a dropshipping supplier, affinity when their profile is an affinity one,
// otherwise affiliate; affiliate is open to every entrepreneur.
import { RESERVED_SLUGS, SLUG_PATTERN } from '../../lib/shared/reserved-slugs.ts';
import type { UserLevel } from '../../lib/shared/constants.ts';
import { slugify } from '../../lib/shared/slug.ts';
import type { SlugProblem } from './schema.ts';

export type StoreType = 'affiliate' | 'affinity' | 'franchise';

/** What is wrong with an address (already lower-cased and trimmed), before looking at the database. */
export function slugProblem(slug: string): SlugProblem | null {
  if (RESERVED_SLUGS.has(slug)) return 'slug_reserved';
  if (!SLUG_PATTERN.test(slug) || slug.endsWith('-') || slug.includes('--')) return 'slug_invalid';
  return null;
}

/** 'Café de Altura' -> 'cafe-de-altura': a suggestion for the address, from the store's name. */
export function slugFromName(name: string): string {
  return slugify(name, 40);
}

export function allowedStoreTypes(who: { mainType: string; isSupplier: boolean }): StoreType[] {
  const out: StoreType[] = ['affiliate'];
  if (who.mainType === 'affinity') out.push('affinity');
  if (who.isSupplier) out.push('franchise');
  return out;
}

/**
 * Who may open a free store: level one only (seed 001 §2, §6). Someone who already owns a store is told where
 * it is, whatever their level; ul0 is offered to become an entrepreneur first.
 */
export type OpenStanding = 'anonymous' | 'registered' | 'entrepreneur' | 'has_store' | 'other_level';
export function openStanding(level: UserLevel | null | undefined, signedIn: boolean, ownsShop: boolean): OpenStanding {
  if (!signedIn) return 'anonymous';
  if (ownsShop) return 'has_store';
  if (level === 'ul1') return 'entrepreneur';
  if (level === 'ul0') return 'registered';
  return 'other_level';
}
