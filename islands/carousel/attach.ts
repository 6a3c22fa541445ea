// Brings a server-rendered header carousel (HeaderCarousel.tsx markup) to life with Swiper, without React:
// the carousel is the only script most storefront home pages need, so it ships as plain DOM code.
// Autoplay every 5000 ms with a cross-fade at speed 500, looping (seed 000 §2, §9); paused while hovered
// or focused; not started under prefers-reduced-motion; prev/next, bullets and an optional pause button.
import Swiper from 'swiper';
import { A11y, Autoplay, EffectFade } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/effect-fade';
import 'swiper/css/a11y';
import './carousel.css';
import { HEADER_CAROUSEL_AUTOPLAY_MS, HEADER_CAROUSEL_SPEED_MS } from './constants.ts';
import { PAUSE_ICON, PLAY_ICON, slideWord } from './labels.ts';

export function attachCarousel(root: HTMLElement): Swiper {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  let userPaused = reduced;
  const dots = Array.from(root.querySelectorAll<HTMLButtonElement>('.hc-dot'));
  const play = root.querySelector<HTMLButtonElement>('.hc-play');
  const setActive = (i: number) => dots.forEach((d, j) => (j === i ? d.setAttribute('aria-current', 'true') : d.removeAttribute('aria-current')));
  const swiper = new Swiper(root, {
    modules: [A11y, Autoplay, EffectFade],
    effect: 'fade',
    fadeEffect: { crossFade: true },
    speed: HEADER_CAROUSEL_SPEED_MS,
    loop: true,
    // Configured even under reduced motion (not started) so that the play button runs it at the spec's delay.
    autoplay: { enabled: !reduced, delay: HEADER_CAROUSEL_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false },
    a11y: {
      slideLabelMessage: '{{index}} / {{slidesLength}}',
      itemRoleDescriptionMessage: slideWord(root.dataset.labelSlide ?? ''),
      scrollOnFocus: true,
    },
    on: { realIndexChange: (s) => setActive(s.realIndex) },
  });
  const showPlaying = (playing: boolean) => {
    if (!play) return;
    play.setAttribute('aria-label', (playing ? play.dataset.labelPause : play.dataset.labelPlay) ?? '');
    play.querySelector('path')?.setAttribute('d', playing ? PAUSE_ICON : PLAY_ICON);
  };
  showPlaying(!reduced);
  root.querySelector('.hc-prev')?.addEventListener('click', () => swiper.slidePrev());
  root.querySelector('.hc-next')?.addEventListener('click', () => swiper.slideNext());
  dots.forEach((d, i) => d.addEventListener('click', () => swiper.slideToLoop(i)));
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
export function attachAll(doc: ParentNode = document) {
  return Array.from(doc.querySelectorAll<HTMLElement>('.hc:not(.swiper-initialized)')).map(attachCarousel);
}
