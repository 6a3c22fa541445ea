// Keystrokes before an island runs (issue 27: on a slow phone the first letter typed in the search overlay was lost).
// client:interaction (src/directives/interaction.ts) keeps the letters typed between the first interaction and
// hydration and hands them to the island as this event on its <astro-island> once the click has been replayed; an
// island that takes typing listens for it. Shared by the directive and the islands: no imports, a few bytes.
export const ISLAND_KEYS_EVENT = 'island:keys';
/** The letters themselves, on the <astro-island> until the island takes them (it may mount after the event). */
export const EARLY_KEYS_ATTR = 'data-early-keys';

/** Takes (and clears) the letters typed before the island under `from` ran. */
export function takeEarlyKeys(from: Element | null): string {
  const island = from?.closest('astro-island');
  const keys = island?.getAttribute(EARLY_KEYS_ATTR) ?? '';
  island?.removeAttribute(EARLY_KEYS_ATTR);
  return keys;
}

/** A key that types one character (no shortcut). */
export const printable = (e: KeyboardEvent) => e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
