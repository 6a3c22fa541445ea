// Image sizes of the spec (seed 000 §9, seed 001 §9), the widths the server will render variants at, and the
// pure helpers that turn a /media address into variant addresses and srcsets. Browser-safe: the Img component
// and islands build the same URLs as the server parses.

type Box = { readonly width: number; readonly height: number };

/** Display sizes in CSS pixels, named as the spec names them. */
export const IMAGE_SIZES = {
  /** Logo: 35 px high; 35 wide when square, 100 wide when rectangular. */
  logo: { height: 35, width: 35, rectangularWidth: 100 },
  /** Shop photo: 150 x 150; 300 wide when rectangular. */
  shopPhoto: { width: 150, height: 150, rectangularWidth: 300 },
  /** Upload hints shown to admins: 1000 x 1000, or 1000 x 400 for rectangular logos. */
  uploadHint: { square: { width: 1000, height: 1000 }, rectangular: { width: 1000, height: 400 } },
  /** Header (hero) images per device. */
  hero: {
    desktop: { width: 1600, height: 900 },
    tabletLandscape: { width: 1200, height: 800 },
    tabletPortrait: { width: 900, height: 1024 },
    phoneLandscape: { width: 750, height: 400 },
    phonePortrait: { width: 420, height: 910 },
  },
  /** Slide images: 1100 x 800 in two columns, 2000 x 600 in one column. */
  slide: { twoColumns: { width: 1100, height: 800 }, oneColumn: { width: 2000, height: 600 } },
  /** Carousel: desktop 3200 x 982, two-column variant 1100 x 982, mobile 1000 x 450. */
  carousel: {
    desktop: { width: 3200, height: 982 },
    twoColumns: { width: 1100, height: 982 },
    mobile: { width: 1000, height: 450 },
  },
  /** Banners on the storefront (and their upload hints): desktop 2000 x 600, mobile 1000 x 450. */
  banner: { desktop: { width: 2000, height: 600 }, mobile: { width: 1000, height: 450 } },
  /** Banner list thumbnail. */
  bannerThumbnail: { width: 120, height: 40 },
  /** Catalogue thumbnails: 48 px (square). */
  catalogueThumbnail: { width: 48, height: 48 },
  /** Product image on the product page. */
  product: { width: 350, height: 419 },
  /** Product / service card image. */
  card: { width: 400, height: 300 },
  /** Cart thumbnails: 70 px high; 50 wide on mobile, 70 on desktop. */
  cartThumbnail: { height: 70, mobileWidth: 50, desktopWidth: 70 },
  /** Blog main image (recommended upload, jpg/jpeg). */
  blogMain: { width: 1000, height: 600 },
} as const satisfies Record<string, Box | Record<string, number | Box>>;

/**
 * The only widths the server renders variants at (so nobody can make it render arbitrary sizes): the spec's
 * sizes, their 2x for dense screens, and a few steps between for fluid layouts.
 */
export const VARIANT_WIDTHS = [
  48, 70, 96, 100, 120, 140, 150, 200, 240, 300, 350, 400, 420, 600, 700, 750, 800, 900, 1000, 1100, 1200,
  1600, 2000, 2200, 3200,
] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** Formats a variant can be produced in; jpeg is only a fallback for jpeg originals. */
export const VARIANT_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg',
};

/** Extensions of /media originals, by what they are. Raster ones get variants; svg and gif are served as they are. */
export const RASTER_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const PLAIN_EXTENSIONS = ['svg', 'gif'] as const;

const VARIANT_WIDTH_SET: ReadonlySet<number> = new Set(VARIANT_WIDTHS);
export const isVariantWidth = (w: number): w is VariantWidth => VARIANT_WIDTH_SET.has(w);

/** The smallest allowed width at least `w` (the largest allowed width when `w` is beyond them all). */
export function snapVariantWidth(w: number): VariantWidth {
  for (const v of VARIANT_WIDTHS) if (v >= w) return v;
  return VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
// An optional `?v=` version suffix (photo-version.ts) still names the same media; its variants need none.
const MEDIA_URL = new RegExp(`^/media/(${UUID})\\.([a-z0-9]+)(?:\\?v=[0-9a-z]{8})?$`, 'i');

export interface MediaUrl {
  id: string;
  /** Lower-case extension of the address ('jpg', 'png', 'svg' ...). */
  ext: string;
  kind: 'raster' | 'plain';
}

/** Reads a `/media/{id}.{ext}` address (a path, with at most a `?v=` version; other queries and hosts are not media addresses). */
export function parseMediaUrl(src: string): MediaUrl | null {
  const m = MEDIA_URL.exec(src);
  if (!m) return null;
  const ext = m[2]!.toLowerCase();
  const kind = (RASTER_EXTENSIONS as readonly string[]).includes(ext) ? 'raster'
    : (PLAIN_EXTENSIONS as readonly string[]).includes(ext) ? 'plain' : null;
  return kind ? { id: m[1]!.toLowerCase(), ext, kind } : null;
}

/** `/media/{id}/w{width}.{format}` */
export function variantUrl(id: string, width: VariantWidth, format: VariantFormat): string {
  return `/media/${id}/w${width}.${format}`;
}

/**
 * Candidate widths for an image shown `width` CSS pixels wide: the caller's list snapped to allowed widths, or
 * by default 1x, 1.5x and 2x (1x and 2x for small images), plus half width for fluid layouts on phones.
 */
export function candidateWidths(width: number, widths?: readonly number[]): VariantWidth[] {
  const wanted = widths?.length ? widths : width <= 150 ? [width, width * 2] : [width / 2, width, width * 1.5, width * 2];
  return [...new Set(wanted.filter((w) => w > 0).map((w) => snapVariantWidth(Math.round(w))))].sort((a, b) => a - b);
}

export function variantSrcset(id: string, format: VariantFormat, widths: readonly VariantWidth[]): string {
  return widths.map((w) => `${variantUrl(id, w, format)} ${w}w`).join(', ');
}

/** Default `sizes`: the image's own width, or the whole viewport when the viewport is narrower. */
export const defaultSizes = (width: number) => `(min-width: ${width}px) ${width}px, 100vw`;
