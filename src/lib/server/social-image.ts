// Social cards (og:image): a stored image fitted, whole and never enlarged, in the middle of a white
// 1200 x 630 JPEG (src/lib/shared/social-image.ts). SVG originals are rasterised at the density that fits them.
import { ENCODE, loadSharp, MAX_DECODE_PIXELS, probeImage, withSlot } from './images.ts';
import { SOCIAL_IMAGE } from '../shared/social-image.ts';

/** Bump when the card's recipe changes, so caches (file names, ETags) move on. */
export const SOCIAL_RECIPE = 's1';

/** The card's JPEG bytes. Throws when the input cannot be decoded or is too large. */
export async function makeSocialImage(input: Uint8Array, contentType: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width: W, height: H } = SOCIAL_IMAGE;
  let density: number | undefined;
  if (contentType === 'image/svg+xml') {
    const size = probeImage(input);
    if (!size) throw new Error('unreadable SVG');
    density = Math.min(2400, Math.max(1, 72 * Math.min(W / size.width, H / size.height)));
  }
  return withSlot(async () => {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_DECODE_PIXELS, failOn: 'error', animated: false, density })
      .rotate()
      .resize({ width: W, height: H, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const left = Math.floor((W - info.width) / 2);
    const top = Math.floor((H - info.height) / 2);
    return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .extend({ left, right: W - info.width - left, top, bottom: H - info.height - top, background: '#ffffff' })
      .jpeg(ENCODE.jpeg)
      .toBuffer();
  });
}
