// The sliders' autoplay (seed 000 §9), loaded only on pages where a slider has autoplay on (SliderAutoplay.astro).
// Moves each [data-autoplay-ms] track one slide along its scroll-snap row, back to the start after the last one.
// Waits while the pointer is over the slider or focus is inside it, while the tab or the slider is out of view,
// and never moves for visitors who ask for reduced motion.
const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

function step(track: HTMLElement): void {
  const first = track.firstElementChild as HTMLElement | null;
  if (!first) return;
  const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
  const end = track.scrollWidth - track.clientWidth;
  if (end <= 1) return;
  if (track.scrollLeft >= end - 2) track.scrollTo({ left: 0, behavior: 'smooth' });
  else track.scrollBy({ left: first.getBoundingClientRect().width + gap, behavior: 'smooth' });
}

export function startAutoplay(root: ParentNode = document): void {
  for (const track of root.querySelectorAll<HTMLElement>('[data-autoplay-ms]')) {
    if (track.dataset.autoplayStarted) continue;
    track.dataset.autoplayStarted = '1';
    const ms = Number(track.dataset.autoplayMs);
    if (!Number.isFinite(ms) || ms < 1000) continue;
    const holder = track.closest<HTMLElement>('[data-slider]') ?? track;
    let hovered = false;
    let focused = false;
    let inView = true;
    holder.addEventListener('pointerenter', () => { hovered = true; });
    holder.addEventListener('pointerleave', () => { hovered = false; });
    holder.addEventListener('focusin', () => { focused = true; });
    holder.addEventListener('focusout', (e) => { focused = holder.contains(e.relatedTarget as Node | null); });
    if ('IntersectionObserver' in window) {
      new IntersectionObserver((entries) => { inView = entries.some((e) => e.isIntersecting); }).observe(track);
    }
    setInterval(() => {
      if (hovered || focused || !inView || document.hidden || reducedMotion()) return;
      step(track);
    }, ms);
  }
}
