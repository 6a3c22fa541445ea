// Pure helpers of the search overlay: the API address it calls and the storefront links it renders.
// Routes (seed 000 §2): {shop}/productos|servicios|experiencias is the search results page, whose filter
// query carries the text wrapped in double quotes with a trailing asterisk; {shop}/{type path}/{owner}/{id}
// is an item's detail page.
import type { SearchType } from '../../src/domain/search/schema.ts';

export const SEARCH_TYPES: readonly SearchType[] = ['product', 'service', 'experience'];

export const TYPE_PATHS: Record<SearchType, string> = { product: 'productos', service: 'servicios', experience: 'experiencias' };

/** GET {apiBase}/api/shops/{slug}/search?type=&text=&limit= */
export function searchUrl(apiBase: string, slug: string, type: SearchType, text: string, limit: number): string {
  const q = new URLSearchParams({ type, text, limit: String(limit) });
  return `${apiBase}/api/shops/${encodeURIComponent(slug)}/search?${q}`;
}

/** An item's detail page: {base}/{productos|servicios|experiencias}/{owner}/{id}. */
export function resultHref(base: string, r: { type: SearchType; owner: string; id: string }): string {
  return `${base}/${TYPE_PATHS[r.type] ?? TYPE_PATHS.product}/${encodeURIComponent(r.owner)}/${encodeURIComponent(r.id)}`;
}

/** The results page: {base}/{type path}?filter=%22{text}%22* (the text in double quotes, then an asterisk). */
export function seeAllHref(base: string, type: SearchType, text: string): string {
  return `${base}/${TYPE_PATHS[type]}?filter=${encodeURIComponent(`"${text}"`)}*`;
}
