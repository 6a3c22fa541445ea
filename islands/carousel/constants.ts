// The header carousel's numbers, named as the spec names them (seed 000 §9: "Carousels: header autoplay
// 5000 ms, speed 500"; §2: more than one slide autoplays with a fade, one slide is static, none hides it).
// Kept beside the island because src/lib/shared/constants.ts does not carry them yet.

/** Header carousel autoplay delay (seed 000 §9). */
export const HEADER_CAROUSEL_AUTOPLAY_MS = 5000;
/** Header carousel transition (fade) speed (seed 000 §9). */
export const HEADER_CAROUSEL_SPEED_MS = 500;
/** Below this viewport width the slide's mobile image is shown (the static single slide uses the same query). */
export const HEADER_CAROUSEL_MOBILE_QUERY = '(max-width: 700px)';
