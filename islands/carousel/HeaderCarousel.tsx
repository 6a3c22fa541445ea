// Header carousel island (seed 000 §2, §9): rendered only for more than one slide. Autoplay every 5000 ms with a
// cross-fade at speed 500, looping; paused while hovered or focused, not started at all when the visitor prefers
// reduced motion. Prev/next buttons and one bullet per slide are ours (real <button>s, rendered on the server),
// so the server HTML is exactly what the hydrated carousel shows: the first slide, with an eager
// high-priority image of known size, the controls beside it. Swiper (core + Autoplay, EffectFade, A11y)
// attaches in an effect.
import { useEffect, useRef, useState } from 'react';
import Swiper from 'swiper';
import { A11y, Autoplay, EffectFade } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/effect-fade';
import 'swiper/css/a11y';
import './carousel.css';
import type { SlideView } from '../../src/lib/shared/slides.ts';
import { HEADER_CAROUSEL_AUTOPLAY_MS, HEADER_CAROUSEL_SPEED_MS } from './constants.ts';
import { slideSources } from './picture.ts';

export interface CarouselLabels {
  prev: string;
  next: string;
  /** 'Diapositiva {{n}}' (or a bare 'Diapositiva'): names the bullets and links ('Diapositiva 2'); {{n}} or
   * {{index}} is the slide's number, {{count}} the number of slides. Without placeholders the number is appended. */
  slide: string;
  /** Optional: with both, a pause/play button is shown (WCAG 2.2.2). */
  pause?: string;
  play?: string;
}

export interface HeaderCarouselProps {
  slides: SlideView[];
  /** Desktop image size (3200 x 982 in one column, 1100 x 982 in two): the <img> width/height. */
  width: number;
  height: number;
  labels: CarouselLabels;
}

const CHEVRON = 'M9.3 5.3 7.9 6.7l5.3 5.3-5.3 5.3 1.4 1.4 6.7-6.7z';
const PAUSE = 'M7 5h3.5v14H7zm6.5 0H17v14h-3.5z';
const PLAY = 'M8 5v14l11-7z';
const Icon = ({ d, flip }: { d: string; flip?: boolean }) => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" style={flip ? { transform: 'scaleX(-1)' } : undefined}>
    <path d={d} fill="currentColor" />
  </svg>
);

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** 'Diapositiva {{n}}', 2, 3 -> 'Diapositiva 2' */
export function slideName(label: string, index: number, count: number): string {
  return /\{\{\s*\w+\s*\}\}/.test(label)
    ? label.replace(PLACEHOLDER, (_, k: string) => String(k === 'count' || k === 'total' ? count : index))
    : `${label} ${index}`;
}

/** 'Diapositiva {{n}}' -> 'Diapositiva' (the slides' role description). */
export const slideWord = (label: string) => label.replace(PLACEHOLDER, '').replace(/\s+/g, ' ').trim();

export default function HeaderCarousel({ slides, width, height, labels }: HeaderCarouselProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const swiperRef = useRef<Swiper | null>(null);
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(true);
  const userPaused = useRef(false);
  const n = slides.length;

  useEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    userPaused.current = reduced;
    const swiper = new Swiper(el, {
      modules: [A11y, Autoplay, EffectFade],
      effect: 'fade',
      fadeEffect: { crossFade: true },
      speed: HEADER_CAROUSEL_SPEED_MS,
      loop: true,
      // Configured even under reduced motion (not started) so that the play button runs it at the spec's delay.
      autoplay: { enabled: !reduced, delay: HEADER_CAROUSEL_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false },
      a11y: {
        slideLabelMessage: '{{index}} / {{slidesLength}}',
        itemRoleDescriptionMessage: slideWord(labels.slide),
        scrollOnFocus: true,
      },
      on: { realIndexChange: (s) => setActive(s.realIndex) },
    });
    swiperRef.current = swiper;
    setPlaying(!reduced);
    // Pause while focus is inside (hover is Swiper's pauseOnMouseEnter); resume when it leaves, unless paused.
    const onFocusIn = () => { if (swiper.autoplay.running) swiper.autoplay.stop(); };
    const onFocusOut = (e: FocusEvent) => {
      if (!el.contains(e.relatedTarget as Node | null) && !userPaused.current && !swiper.autoplay.running) swiper.autoplay.start();
    };
    el.addEventListener('focusin', onFocusIn);
    el.addEventListener('focusout', onFocusOut);
    return () => {
      el.removeEventListener('focusin', onFocusIn);
      el.removeEventListener('focusout', onFocusOut);
      swiper.destroy(true, true);
      swiperRef.current = null;
    };
  }, [labels.slide]);

  const togglePlay = () => {
    const s = swiperRef.current;
    if (!s) return;
    userPaused.current = !userPaused.current;
    setPlaying(!userPaused.current);
    if (userPaused.current) s.autoplay.stop();
    else s.autoplay.start();
  };

  return (
    <div ref={rootRef} className="swiper hc">
      <div className="swiper-wrapper">
        {slides.map((s, i) => {
          const picture = (
            <picture>
              {slideSources(s, width, height).map((src, j) => (
                <source key={j} media={src.media} type={src.type} srcSet={src.srcSet} sizes={src.sizes} width={src.width} height={src.height} />
              ))}
              <img src={s.desktop} alt="" width={width} height={height} loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined} decoding={i === 0 ? undefined : 'async'} />
            </picture>
          );
          return (
            <div key={s.key} className="swiper-slide" role="group" aria-roledescription={slideWord(labels.slide)}
              aria-label={`${i + 1} / ${n}`}>
              {s.href ? (
                <a href={s.href} target={s.target} rel={s.target === '_blank' ? 'noopener' : undefined} aria-label={slideName(labels.slide, i + 1, n)}>
                  {picture}
                </a>
              ) : picture}
            </div>
          );
        })}
      </div>
      <div className="hc-bar">
        <button type="button" className="hc-nav hc-prev" aria-label={labels.prev} onClick={() => swiperRef.current?.slidePrev()}>
          <Icon d={CHEVRON} flip />
        </button>
        <div className="hc-dots">
          {labels.pause && labels.play && (
            <button type="button" className="hc-play" aria-label={playing ? labels.pause : labels.play} onClick={togglePlay}>
              <Icon d={playing ? PAUSE : PLAY} />
            </button>
          )}
          {slides.map((s, i) => (
            <button key={s.key} type="button" className="hc-dot" aria-label={slideName(labels.slide, i + 1, n)}
              aria-current={i === active ? 'true' : undefined} onClick={() => swiperRef.current?.slideToLoop(i)} />
          ))}
        </div>
        <button type="button" className="hc-nav hc-next" aria-label={labels.next} onClick={() => swiperRef.current?.slideNext()}>
          <Icon d={CHEVRON} />
        </button>
      </div>
    </div>
  );
}
