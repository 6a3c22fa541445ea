// The header carousel (seed 000 §2, §9): server markup (React on the server) brought to life by attach.ts:
// every slide with its link and target, the first image eager and sized in the server HTML, bullets and
// prev/next labelled, autoplay every 5000 ms unless reduced motion.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type Swiper from 'swiper';
import HeaderCarousel, { slideName, slideWord, type HeaderCarouselProps } from '../../islands/carousel/HeaderCarousel.tsx';
import { attachCarousel } from '../../islands/carousel/attach.ts';
import { HEADER_CAROUSEL_AUTOPLAY_MS, SHOP_HEADER_CAROUSEL_AUTOPLAY_MS } from '../../islands/carousel/constants.ts';
import type { SlideView } from '../../src/lib/shared/slides.ts';

const slides: SlideView[] = [
  { key: 'a', desktop: '/media/a.svg', mobile: '/media/a-m.svg', href: '/demo-03/productos/sup/p1', target: '_self' },
  { key: 'b', desktop: '/media/b.svg', mobile: '/media/b-m.svg', href: 'https://example.com/promo', target: '_blank' },
  { key: 'c', desktop: '/media/c.svg', mobile: '/media/c-m.svg', href: null, target: '_self' },
];
const labels = { prev: 'Anterior', next: 'Siguiente', slide: 'Diapositiva {{n}}' };
const el = (node: Element) => node.closest('.swiper') as HTMLElement & { swiper?: Swiper };

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'), media: query, onchange: null,
    addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false,
  }));
}

/** Server markup, then the script, as on the page. */
function mount(props: HeaderCarouselProps) {
  const r = render(<HeaderCarousel {...props} />);
  attachCarousel(r.container.querySelector('.hc') as HTMLElement);
  return r;
}

afterEach(() => { cleanup(); vi.unstubAllGlobals(); vi.restoreAllMocks(); vi.useRealTimers(); });

describe('HeaderCarousel', () => {
  it('renders every slide with its link and target, the mobile image under 700 px', () => {
    const { container } = render(<HeaderCarousel slides={slides} width={3200} height={982} labels={labels} />);
    const slideEls = Array.from(container.querySelectorAll('.swiper-slide:not(.swiper-slide-duplicate)'))
      .sort((x, y) => Number(x.getAttribute('data-swiper-slide-index')) - Number(y.getAttribute('data-swiper-slide-index')));
    expect(slideEls).toHaveLength(3);
    const a = slideEls.map((s) => s.querySelector('a'));
    expect(a[0]!.getAttribute('href')).toBe('/demo-03/productos/sup/p1');
    expect(a[0]!.getAttribute('target')).toBe('_self');
    expect(a[1]!.getAttribute('href')).toBe('https://example.com/promo');
    expect(a[1]!.getAttribute('target')).toBe('_blank');
    expect(a[1]!.getAttribute('rel')).toBe('noopener');
    expect(a[2]).toBeNull(); // no link for a slide without an action
    const source = slideEls[1]!.querySelector('source')!;
    expect(source.getAttribute('media')).toBe('(max-width: 700px)');
    expect(source.getAttribute('srcset')).toBe('/media/b-m.svg');
    expect(slideEls[1]!.querySelector('img')!.getAttribute('src')).toBe('/media/b.svg');
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Diapositiva \d$/ })).toHaveLength(3);
  });

  it('server HTML: the first image eager, high priority, sized; the others lazy; the script attaches to it', () => {
    const html = renderToString(<HeaderCarousel slides={slides} width={1100} height={982} labels={labels} />);
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    const imgs = Array.from(host.querySelectorAll('img'));
    expect(imgs).toHaveLength(3);
    expect(imgs[0]!.getAttribute('loading')).toBe('eager');
    expect(imgs[0]!.getAttribute('fetchpriority')).toBe('high');
    expect(imgs[0]!.getAttribute('width')).toBe('1100');
    expect(imgs[0]!.getAttribute('height')).toBe('982');
    expect(imgs.slice(1).map((i) => i.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
    expect(imgs.slice(1).every((i) => !i.hasAttribute('fetchpriority'))).toBe(true);
    expect(host.querySelector('.hc-dot[aria-current=true]')!.getAttribute('aria-label')).toBe('Diapositiva 1');

    const consoleError = vi.spyOn(console, 'error');
    try {
      attachCarousel(host.querySelector('.hc') as HTMLElement);
      expect(consoleError).not.toHaveBeenCalled();
      expect(el(host.querySelector('.swiper-wrapper')!).classList.contains('swiper-initialized')).toBe(true);
      expect(host.querySelectorAll('.swiper-slide:not(.swiper-slide-duplicate) img')[0]!.getAttribute('loading')).toBe('eager');
    } finally {
      host.remove();
    }
  });

  it('autoplays every 5000 ms and the bullets follow; prev/next move it', async () => {
    mockReducedMotion(false);
    // jsdom lays nothing out: give the carousel a size so Swiper can compute its slide grid.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(250);
    vi.useFakeTimers();
    const { container } = mount({ slides, width: 3200, height: 982, labels });
    const swiper = el(container.querySelector('.swiper-wrapper')!).swiper!;
    expect(swiper.autoplay.running).toBe(true);
    expect(swiper.params.speed).toBe(500);
    expect(swiper.params.effect).toBe('fade');
    const current = () => container.querySelector('.hc-dot[aria-current=true]')!.getAttribute('aria-label');
    expect(current()).toBe('Diapositiva 1');
    // jsdom runs no CSS transitions: end the 500 ms fade by hand, as the browser would.
    const endFade = () => act(() => {
      for (const t of [swiper.wrapperEl, ...swiper.slides]) t.dispatchEvent(new Event('transitionend', { bubbles: true }));
    });
    await act(async () => { await vi.advanceTimersByTimeAsync(HEADER_CAROUSEL_AUTOPLAY_MS - 10); });
    expect(current()).toBe('Diapositiva 1');
    await act(async () => { await vi.advanceTimersByTimeAsync(20); });
    expect(current()).toBe('Diapositiva 2');
    endFade();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(current()).toBe('Diapositiva 3');
    endFade();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(current()).toBe('Diapositiva 1'); // loops
    endFade();
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(current()).toBe('Diapositiva 3');
    endFade();
    fireEvent.click(screen.getByRole('button', { name: 'Diapositiva 2' }));
    await act(async () => { await vi.advanceTimersByTimeAsync(20); }); // Swiper slides to a bullet on the next frame
    expect(current()).toBe('Diapositiva 2');
  });

  it('beside the shop header (two columns) it waits 7000 ms and fades over 4000 ms', async () => {
    mockReducedMotion(false);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(250);
    vi.useFakeTimers();
    const { container } = mount({ slides, width: 1100, height: 982, labels, timing: 'shop-header' });
    const swiper = el(container.querySelector('.swiper-wrapper')!).swiper!;
    expect(swiper.params.speed).toBe(4000);
    const current = () => container.querySelector('.hc-dot[aria-current=true]')!.getAttribute('aria-label');
    await act(async () => { await vi.advanceTimersByTimeAsync(HEADER_CAROUSEL_AUTOPLAY_MS + 100); });
    expect(current()).toBe('Diapositiva 1');
    await act(async () => { await vi.advanceTimersByTimeAsync(SHOP_HEADER_CAROUSEL_AUTOPLAY_MS - HEADER_CAROUSEL_AUTOPLAY_MS); });
    expect(current()).toBe('Diapositiva 2');
  });

  it('attached late (the script comes shortly before the first step), the first step still comes at 5000 ms after the page showed', async () => {
    mockReducedMotion(false);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(250);
    vi.useFakeTimers();
    const r = render(<HeaderCarousel slides={slides} width={3200} height={982} labels={labels} />);
    const swiper = attachCarousel(r.container.querySelector('.hc') as HTMLElement, 3000);
    const current = () => r.container.querySelector('.hc-dot[aria-current=true]')!.getAttribute('aria-label');
    await act(async () => { await vi.advanceTimersByTimeAsync(1990); });
    expect(current()).toBe('Diapositiva 1');
    await act(async () => { await vi.advanceTimersByTimeAsync(20); });
    expect(current()).toBe('Diapositiva 2');
    // Later steps wait the full delay; the first slide's shorter wait is gone.
    act(() => { for (const t of [swiper.wrapperEl, ...swiper.slides]) t.dispatchEvent(new Event('transitionend', { bubbles: true })); });
    expect(r.container.querySelector('[data-swiper-autoplay]')).toBeNull();
    await act(async () => { await vi.advanceTimersByTimeAsync(HEADER_CAROUSEL_AUTOPLAY_MS - 10); });
    expect(current()).toBe('Diapositiva 2');
    await act(async () => { await vi.advanceTimersByTimeAsync(20); });
    expect(current()).toBe('Diapositiva 3');
  });

  it('names bullets from the slide label with or without a {{n}} placeholder', () => {
    expect(slideName('Diapositiva {{n}}', 2, 3)).toBe('Diapositiva 2');
    expect(slideName('Slide {{index}} of {{count}}', 2, 3)).toBe('Slide 2 of 3');
    expect(slideName('Slide', 2, 3)).toBe('Slide 2');
    expect(slideWord('Diapositiva {{n}}')).toBe('Diapositiva');
  });

  it('does not autoplay when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    const { container } = mount({ slides, width: 3200, height: 982, labels });
    expect(el(container.querySelector('.swiper-wrapper')!).swiper!.autoplay.running).toBe(false);
  });

  it('stops while focus is inside and starts again when it leaves', () => {
    mockReducedMotion(false);
    const { container } = mount({ slides, width: 3200, height: 982, labels });
    const swiper = el(container.querySelector('.swiper-wrapper')!).swiper!;
    const next = screen.getByRole('button', { name: 'Siguiente' });
    fireEvent.focusIn(next);
    expect(swiper.autoplay.running).toBe(false);
    fireEvent.focusOut(next, { relatedTarget: document.body });
    expect(swiper.autoplay.running).toBe(true);
  });

  it('without Swiper\'s A11y module: a polite live region only while still; focus in a hidden slide shows it', async () => {
    mockReducedMotion(false);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(250);
    const { container } = mount({ slides, width: 3200, height: 982, labels });
    const wrapper = container.querySelector('.swiper-wrapper')!;
    const swiper = el(wrapper).swiper!;
    expect(wrapper.getAttribute('aria-live')).toBe('off');
    const current = () => container.querySelector('.hc-dot[aria-current=true]')!.getAttribute('aria-label');
    expect(current()).toBe('Diapositiva 1');
    const link = container.querySelector<HTMLAnchorElement>('.swiper-slide[data-swiper-slide-index="1"] a')!;
    fireEvent.focusIn(link);
    expect(swiper.autoplay.running).toBe(false);
    expect(wrapper.getAttribute('aria-live')).toBe('polite');
    await vi.waitFor(() => expect(current()).toBe('Diapositiva 2'));
    expect(link.closest('.swiper-slide')!.classList.contains('swiper-slide-active')).toBe(true);
  });

  it('offers a pause button when given pause/play labels', () => {
    mockReducedMotion(false);
    const { container } = mount({ slides, width: 3200, height: 982, labels: { ...labels, pause: 'Pausar', play: 'Reproducir' } });
    const swiper = el(container.querySelector('.swiper-wrapper')!).swiper!;
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(swiper.autoplay.running).toBe(false);
    fireEvent.focusOut(screen.getByRole('button', { name: 'Reproducir' }), { relatedTarget: document.body });
    expect(swiper.autoplay.running).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Reproducir' }));
    expect(swiper.autoplay.running).toBe(true);
  });
});
