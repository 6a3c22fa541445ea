// client:interaction — hydrate an island on the visitor's first interaction with it, not before.
// The island's server HTML (e.g. the search button) is there from the start; its JavaScript (and React,
// when nothing else on the page needed it) is fetched when the pointer comes near or focus enters, and a
// click that arrives before hydration finishes is replayed on the same element afterwards.
import type { ClientDirective } from 'astro';

const interaction: ClientDirective = (load, _opts, el) => {
  let hydrating: Promise<void> | null = null;
  let hydrated = false;
  const start = () => (hydrating ??= load().then((hydrate) => hydrate()).then(() => { hydrated = true; }));
  const warm = () => { void start(); };
  const onClick = (e: Event) => {
    if (hydrated) return;
    e.preventDefault();
    e.stopPropagation();
    // The click often lands on an icon inside the button (an SVG element, which has no .click()).
    const hit = e.target instanceof Element ? e.target : null;
    const target = (hit?.closest('button, a, input, select, textarea, summary, [role=button], [tabindex]') ?? null) as HTMLElement | null;
    void start().then(() => requestAnimationFrame(() => target?.click()));
  };
  el.addEventListener('pointerenter', warm, { once: true });
  el.addEventListener('focusin', warm, { once: true });
  el.addEventListener('touchstart', warm, { once: true, passive: true });
  el.addEventListener('click', onClick, { capture: true });
};

export default interaction;
