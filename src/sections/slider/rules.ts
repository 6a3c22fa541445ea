// Storefront sliders (seed 000 §9): the constants and the pure rules both slider sections and their tests use.
// Imports nothing server-side: the autoplay script reads the same numbers.

/** Catalogue slider: one slide a step every 6 s. */
export const CATALOGUE_SLIDER_AUTOPLAY_MS = 6000;
/** Product slider: one slide a step every 4 s. */
export const PRODUCT_SLIDER_AUTOPLAY_MS = 4000;
/** Product slider slides per view: 5 on desktop, 4.5 on a tablet, 1.5 on a phone. */
export const PRODUCT_SLIDER_PER_VIEW = { desktop: 5, tablet: 4.5, phone: 1.5 } as const;
/** Below this many products the product slider is a plain grid (nothing to slide through). */
export const PRODUCT_SLIDER_GRID_BELOW = 6;
/** Upper bounds of the 'shown' settings. */
export const PRODUCT_SLIDER_MAX = 30;
export const CATALOGUE_SLIDER_MAX = 12;

export type SliderLayout = 'slider' | 'grid';

/** The product slider's layout for a number of products: a grid when fewer than 6 (seed 000 §9). */
export function productSliderLayout(count: number): SliderLayout {
  return count < PRODUCT_SLIDER_GRID_BELOW ? 'grid' : 'slider';
}

/** Whether the autoplay script is rendered: only when the shop turned autoplay on and there is something to slide. */
export function wantsAutoplay(setting: unknown, layout: SliderLayout, count: number): boolean {
  return setting === true && layout === 'slider' && count > 1;
}

/** A 'shown' setting clamped to its range (a hand-edited theme may hold anything). */
export function clampLimit(value: unknown, min: number, max: number, fallback: number): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) && n > 0 ? Math.min(max, Math.max(min, n)) : fallback;
}

/** Where the product slider takes its products from: the shop's own, or a catalogue's (by id, as the builder stores it, or slug). */
export function productSource(source: unknown, catalogue: unknown): { kind: 'shop' } | { kind: 'catalogue'; ref: string } {
  const ref = typeof catalogue === 'string' ? catalogue.trim() : '';
  // A catalogue source without a catalogue (not chosen yet, or deleted since) shows nothing rather than other products.
  return source === 'catalogue' ? { kind: 'catalogue', ref } : { kind: 'shop' };
}
