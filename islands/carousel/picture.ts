// The <source>s of a slide's <picture> (pure, shared by the server render and the hydrated island): the mobile
// image under 700 px, the desktop image above. Raster /media images also get AVIF and WebP variants at a few
// widths; other addresses (SVG, external URLs) are offered as they are.
import { candidateWidths, parseMediaUrl, variantSrcset } from '../../src/lib/shared/image-sizes.ts';
import type { SlideView } from '../../src/lib/shared/slides.ts';
import { HEADER_CAROUSEL_MOBILE_QUERY } from './constants.ts';

export interface SlideSource { media?: string; type?: string; srcSet: string; sizes?: string; width: number; height: number }

/** Mobile slide images are 1000 x 450 (seed 000 §9 carousel sizes). */
export const MOBILE_SLIDE = { width: 1000, height: 450 } as const;

function variants(src: string, media: string | undefined, widths: number[], sizes: string, width: number, height: number): SlideSource[] {
  const m = parseMediaUrl(src);
  if (m?.kind !== 'raster') return [{ media, srcSet: src, width, height }];
  const ws = candidateWidths(width, widths);
  return [
    { media, type: 'image/avif', srcSet: variantSrcset(m.id, 'avif', ws), sizes, width, height },
    { media, type: 'image/webp', srcSet: variantSrcset(m.id, 'webp', ws), sizes, width, height },
  ];
}

/** Sources in the order the browser must try them; the <img> itself carries the desktop original. */
export function slideSources(s: SlideView, width: number, height: number): SlideSource[] {
  const twoColumns = width < 2000;
  return [
    ...variants(s.mobile, HEADER_CAROUSEL_MOBILE_QUERY, [420, 750, 1000], '100vw', MOBILE_SLIDE.width, MOBILE_SLIDE.height),
    ...(parseMediaUrl(s.desktop)?.kind === 'raster'
      ? variants(s.desktop, undefined, twoColumns ? [600, 900, 1100, 1600, 2200] : [800, 1200, 1600, 2000, 3200],
        twoColumns ? '(min-width: 761px) 55vw, 100vw' : '100vw', width, height)
      : []),
  ];
}
