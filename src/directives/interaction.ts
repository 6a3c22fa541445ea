// client:interaction — hydrate an island on the visitor's first interaction with it, not before.
// The island's server HTML (e.g. the search button) is there from the start; its JavaScript (and React,
// when nothing else on the page needed it) is fetched when the pointer comes near or focus enters, and a
// click that arrives before hydration finishes is replayed on the same element afterwards. Letters typed while it
// loads after that click are handed to the island then (islands/shared/early-keys.ts), so a slow phone loses neither.
import type { ClientDirective } from 'astro';
import { EARLY_KEYS_ATTR, ISLAND_KEYS_EVENT, printable } from '../../islands/shared/early-keys.ts';

const interaction: ClientDirective = (load, opts, el) => {
  let hydrating: Promise<void> | null = null;
  let hydrated = false;
  let pending: HTMLElement | null = null;
  let keys = '';
  const onKey = (e: KeyboardEvent) => { if (printable(e)) keys += e.key; };
  const start = () => (hydrating ??= load().then((hydrate) => hydrate()).then(() => {
    hydrated = true;
    requestAnimationFrame(() => {
      pending?.click();
      document.removeEventListener('keydown', onKey, true);
      // Kept on the element too: the island may mount its listener after this frame.
      if (keys) { el.setAttribute(EARLY_KEYS_ATTR, keys); el.dispatchEvent(new CustomEvent(ISLAND_KEYS_EVENT)); }
      keys = '';
    });
  }));
  const warm = () => { void start(); };
  const onClick = (e: Event) => {
    if (hydrated) return;
    e.preventDefault();
    e.stopPropagation();
    // The click often lands on an icon inside the button (an SVG element, which has no .click()).
    const hit = e.target instanceof Element ? e.target : null;
    pending = (hit?.closest('button, a, input, select, textarea, summary, [role=button], [tabindex]') ?? null) as HTMLElement | null;
    // Only after a click on the island: what is typed next is meant for it (not typing elsewhere after a hover).
    document.addEventListener('keydown', onKey, true);
    void start();
  };
  // client:interaction="idle": also hydrate when the browser is idle (as client:idle), still replaying an early click.
  if (opts.value === 'idle') (globalThis.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 200)))(warm);
  el.addEventListener('pointerenter', warm, { once: true });
  el.addEventListener('focusin', warm, { once: true });
  el.addEventListener('touchstart', warm, { once: true, passive: true });
  el.addEventListener('click', onClick, { capture: true });
};

export default interaction;
