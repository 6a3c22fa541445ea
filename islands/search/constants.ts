// The search overlay's numbers, named as the spec names them (seed 000 §9: "Search input focus delay 1 s.
// Search debounce 400 ms."; §2: the overlay focuses its input after 1 second). Kept beside the island because
// src/lib/shared/constants.ts does not carry them yet.

/** Search debounce: one request per 400 ms pause in typing (seed 000 §9). */
export const SEARCH_DEBOUNCE_MS = 400;
/** Search input focus delay: the input is focused 1 s after the overlay opens (seed 000 §2, §9). */
export const SEARCH_INPUT_FOCUS_DELAY_MS = 1000;
/** Results the overlay asks for; the rest are behind the 'see all' link. */
export const SEARCH_OVERLAY_LIMIT = 5;
