// Header carousel markup (seed 000 §2, §9), rendered on the server only (no client directive: React is not
// shipped for it). Prev/next buttons and one bullet per slide are real <button>s in the server HTML: the first
// slide, with an eager high-priority image of known size, the controls beside it. ./attach.ts brings it to life
// with Swiper as a plain script.
import type { SlideText, SlideView } from '../../src/lib/shared/slides.ts';
import { CHEVRON_ICON, PAUSE_ICON, slideName, slideWord } from './labels.ts';
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
  /** 'shop-header': the two-column carousel beside the shop's header (7000 / 4000 ms); else the header carousel's. */
  timing?: 'header' | 'shop-header';
}

const Icon = ({ d, flip }: { d: string; flip?: boolean }) => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" style={flip ? { transform: 'scaleX(-1)' } : undefined}>
    <path d={d} fill="currentColor" />
  </svg>
);

export { slideName, slideWord };

/** The admin's pencil in the slide's corner (inline: admin-only markup; as src/components/store/edit-in-place.ts). */
const PENCIL_CSS = {
  display: 'inline-grid', placeItems: 'center', width: 44, height: 44, boxSizing: 'border-box', borderRadius: 999, background: '#fff',
  color: '#1f5fd1', border: '2px solid #1f5fd1', boxShadow: '0 1px 4px rgba(0,0,0,.3)', position: 'absolute', top: '.4rem', right: '.4rem', zIndex: 6,
} as const;
const PENCIL_ICON = 'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z';

/** A slide's words as HTML, placed per breakpoint by classes (over the picture, below it, hidden). */
export function SlideWords({ text }: { text: SlideText }) {
  return (
    <div className={`slide-text d-${text.desktop} p-${text.phone}`}>
      {text.title && <p className="slide-title">{text.title}</p>}
      {text.subtitle && <p className="slide-sub">{text.subtitle}</p>}
      {text.button && <a className="btn slide-btn" href={text.button.href}>{text.button.label}</a>}
    </div>
  );
}

export default function HeaderCarousel({ slides, width, height, labels, timing = 'header' }: HeaderCarouselProps) {
  const n = slides.length;

  return (
    <div className="swiper hc" data-label-slide={labels.slide} data-timing={timing}>
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
            <div key={s.key} className={s.text ? 'swiper-slide has-text' : 'swiper-slide'} role="group" aria-roledescription={slideWord(labels.slide)}
              aria-label={`${i + 1} / ${n}`} {...(s.edit ? { 'data-edit-panel': 'carousel', 'data-edit-item': s.edit.item } : {})}>
              {s.edit?.href && (
                // A shop admin's pencil to this slide's editor (issue 27); never in shoppers' pages.
                <a className="edit-pencil" data-admin-action="" href={s.edit.href} aria-label={s.edit.label} title={s.edit.label} style={PENCIL_CSS}>
                  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d={PENCIL_ICON} /></svg>
                </a>
              )}
              {s.href ? (
                <a href={s.href} target={s.target} rel={s.target === '_blank' ? 'noopener' : undefined} aria-label={slideName(labels.slide, i + 1, n)}>
                  {picture}
                </a>
              ) : picture}
              {s.text && <SlideWords text={s.text} />}
            </div>
          );
        })}
      </div>
      <div className="hc-bar">
        <button type="button" className="hc-nav hc-prev" aria-label={labels.prev} >
          <Icon d={CHEVRON_ICON} flip />
        </button>
        <div className="hc-dots">
          {labels.pause && labels.play && (
            <button type="button" className="hc-play" aria-label={labels.pause} data-label-pause={labels.pause} data-label-play={labels.play}>
              <Icon d={PAUSE_ICON} />
            </button>
          )}
          {slides.map((s, i) => (
            <button key={s.key} type="button" className="hc-dot" aria-label={slideName(labels.slide, i + 1, n)}
              aria-current={i === 0 ? 'true' : undefined} />
          ))}
        </div>
        <button type="button" className="hc-nav hc-next" aria-label={labels.next} >
          <Icon d={CHEVRON_ICON} />
        </button>
      </div>
    </div>
  );
}
