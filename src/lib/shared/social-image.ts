// The picture a shared link shows (og:image): for a stored image, its social card, a JPEG of a fixed size made by
// the server (src/lib/server/social-image.ts) from any stored original, SVG and WebP included, which link previews
// do not all read. Other addresses (an image on another site) are named as they are, without a size or type.
import { parseMediaUrl } from './image-sizes.ts';

/** The social card: 1200 x 630 (1.91:1, what Facebook, LinkedIn and X's large card show), JPEG. */
export const SOCIAL_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const;
/** Its name under /media/{id}/. */
export const SOCIAL_IMAGE_NAME = 'og.jpg';

export interface SocialImage { url: string; width?: number; height?: number; type?: string }

/** What og:image (and its width, height, type) should say for an image address. */
export function socialImage(src: string): SocialImage {
  const m = parseMediaUrl(src);
  if (!m) return { url: src };
  return { url: `/media/${m.id}/${SOCIAL_IMAGE_NAME}`, ...SOCIAL_IMAGE };
}
