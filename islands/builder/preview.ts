// The storefront address that previews each page type (the server renders the draft for ?preview=draft).
import type { ThemeApi } from './api.ts';

export type PreviewPaths = Record<string, string>;

export const STATIC_PATHS: PreviewPaths = { home: '/', catalogue_list: '/catalogos', search: '/productos' };

/** Fills in the catalogue and product pages from the shop's first catalogue and first product. */
export async function samplePaths(api: ThemeApi): Promise<PreviewPaths> {
  const out: PreviewPaths = { ...STATIC_PATHS, catalogue: '/catalogos', product: '/productos' };
  const [cats, prods] = await Promise.allSettled([api.catalogues(), api.firstProduct()]);
  if (cats.status === 'fulfilled' && cats.value.results[0]) out.catalogue = `/catalogos/${encodeURIComponent(cats.value.results[0].slug)}`;
  if (prods.status === 'fulfilled' && prods.value.results[0]) {
    const p = prods.value.results[0];
    out.product = `/productos/${encodeURIComponent(p.owner)}/${encodeURIComponent(p.id)}`;
  }
  return out;
}

export function previewUrl(base: string, path: string, nonce: number): string {
  const sep = path.includes('?') ? '&' : '?';
  return `${base}${path === '/' && base ? '/' : path}${sep}preview=draft&v=${nonce}`;
}
