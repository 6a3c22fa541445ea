// Brings a server-rendered header carousel (HeaderCarousel.tsx markup) to life with Swiper, without React:
// the carousel is the only script most storefront home pages need, so it ships as plain DOM code.
// Autoplay every 5000 ms with a cross-fade at speed 500 (the two-column shop header carousel: 7000 ms, speed 4000),
// looping (seed 000 §2, §9); paused while hovered
// or focused; not started under prefers-reduced-motion; prev/next, bullets and an optional pause button.
// Only Swiper's core and the two modules used (the barrel is tree-shaken); its A11y module is not loaded (7 KB):
// the server markup already names each slide (role group, roledescription, "n / total"), and the two things it
// added are done here: focus moving into a hidden slide brings that slide forward, and the slides are a polite
// live region only while the carousel is still. Swiper's CSS is not imported: carousel.css (loaded with the page by
// src/sections/HeaderCarousel.astro) has the rules used.
import Swiper from 'swiper/core';
import { Autoplay, EffectFade } from 'swiper/modules';
import { carouselTiming } from './constants.ts';
import { PAUSE_ICON, PLAY_ICON } from './labels.ts';

/**
 * `elapsedMs`: how long the page has been showing the first slide when this runs (the script is fetched shortly
 * before the first autoplay step, src/sections/HeaderCarousel.astro): the first step still comes at the delay after
 * the page appeared, not a full delay after this.
 */
export function attachCarousel(root: HTMLElement, elapsedMs = 0): Swiper {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const firstSlide = root.querySelector<HTMLElement>('.swiper-slide');
  const timing = carouselTiming(root);
  const firstWait = Math.max(500, timing.delay - elapsedMs);
  // Swiper reads a per-slide delay from data-swiper-autoplay; the first slide's is dropped after its first turn.
  if (firstSlide && elapsedMs > 0) firstSlide.dataset.swiperAutoplay = String(firstWait);
  const dropFirstWait = () => { if (firstSlide) delete firstSlide.dataset.swiperAutoplay; };
  let userPaused = reduced;
  const dots = Array.from(root.querySelectorAll<HTMLButtonElement>('.hc-dot'));
  const play = root.querySelector<HTMLButtonElement>('.hc-play');
  const wrapper = root.querySelector('.swiper-wrapper');
  const live = (v: 'off' | 'polite') => wrapper?.setAttribute('aria-live', v);
  const setActive = (i: number) => dots.forEach((d, j) => (j === i ? d.setAttribute('aria-current', 'true') : d.removeAttribute('aria-current')));
  const swiper = new Swiper(root, {
    modules: [Autoplay, EffectFade],
    effect: 'fade',
    fadeEffect: { crossFade: true },
    speed: timing.speed,
    loop: true,
    // Configured even under reduced motion (not started) so that the play button runs it at the spec's delay.
    autoplay: { enabled: !reduced, delay: timing.delay, pauseOnMouseEnter: true, disableOnInteraction: false },
    on: {
      realIndexChange: (s) => setActive(s.realIndex),
      autoplay: dropFirstWait,
      sliderMove: dropFirstWait,
      autoplayStart: () => live('off'),
      autoplayStop: () => live('polite'),
    },
  });
  live(swiper.autoplay.running ? 'off' : 'polite');
  // A keyboard user tabbing into a slide that is faded out: show that slide (Swiper's A11y scrollOnFocus).
  root.addEventListener('focusin', (e) => {
    const slide = (e.target as Element).closest?.<HTMLElement>('.swiper-slide');
    const index = Number(slide?.dataset.swiperSlideIndex);
    if (slide && !slide.classList.contains('swiper-slide-active') && Number.isInteger(index)) swiper.slideToLoop(index, 0);
  });
  const showPlaying = (playing: boolean) => {
    if (!play) return;
    play.setAttribute('aria-label', (playing ? play.dataset.labelPause : play.dataset.labelPlay) ?? '');
    play.querySelector('path')?.setAttribute('d', playing ? PAUSE_ICON : PLAY_ICON);
  };
  showPlaying(!reduced);
  root.querySelector('.hc-prev')?.addEventListener('click', () => { dropFirstWait(); swiper.slidePrev(); });
  root.querySelector('.hc-next')?.addEventListener('click', () => { dropFirstWait(); swiper.slideNext(); });
  dots.forEach((d, i) => d.addEventListener('click', () => { dropFirstWait(); swiper.slideToLoop(i); }));
  play?.addEventListener('click', () => {
    userPaused = !userPaused;
    showPlaying(!userPaused);
    if (userPaused) swiper.autoplay.stop(); else swiper.autoplay.start();
  });
  // Pause while focus is inside (hover is Swiper's pauseOnMouseEnter); resume when it leaves, unless paused.
  root.addEventListener('focusin', () => { if (swiper.autoplay.running) swiper.autoplay.stop(); });
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null) && !userPaused && !swiper.autoplay.running) swiper.autoplay.start();
  });
  return swiper;
}

/** Every header carousel on the page. */
export function attachAll(doc: ParentNode = document, elapsedMs = 0) {
  return Array.from(doc.querySelectorAll<HTMLElement>('.hc:not(.swiper-initialized)')).map((root) => attachCarousel(root, elapsedMs));
}
