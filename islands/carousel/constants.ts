// The header carousel's numbers, named as the spec names them (seed 000 §9: "Carousels: header autoplay
// 5000 ms, speed 500; ... shop header carousel speed 4000 ms with autoplay 7000 ms"; §2: more than one slide
// autoplays with a fade, one slide is static, none hides it). The one-column carousel is the header carousel; the
// two-column one shares the shop's header (its text beside the slides), so it is the shop header carousel.
// Kept beside the island because src/lib/shared/constants.ts does not carry them yet.

/** Header carousel autoplay delay (seed 000 §9). */
export const HEADER_CAROUSEL_AUTOPLAY_MS = 5000;
/** Header carousel transition (fade) speed (seed 000 §9). */
export const HEADER_CAROUSEL_SPEED_MS = 500;
/** Shop header carousel (two columns, beside the shop's header text) autoplay delay (seed 000 §9). */
export const SHOP_HEADER_CAROUSEL_AUTOPLAY_MS = 7000;
/** Shop header carousel transition (fade) speed (seed 000 §9). */
export const SHOP_HEADER_CAROUSEL_SPEED_MS = 4000;
/** A carousel's timings, from the mode the server chose (`data-timing` on its .hc root: HeaderCarousel.tsx). */
export function carouselTiming(root: HTMLElement): { delay: number; speed: number } {
  return root.dataset.timing === 'shop-header'
    ? { delay: SHOP_HEADER_CAROUSEL_AUTOPLAY_MS, speed: SHOP_HEADER_CAROUSEL_SPEED_MS }
    : { delay: HEADER_CAROUSEL_AUTOPLAY_MS, speed: HEADER_CAROUSEL_SPEED_MS };
}
/** The carousel's script is fetched this long before its first autoplay step (when nothing brought it sooner). */
export const CAROUSEL_SCRIPT_LEAD_MS = 2000;
/** Below this viewport width the slide's mobile image is shown (the static single slide uses the same query). */
export const HEADER_CAROUSEL_MOBILE_QUERY = '(max-width: 700px)';
