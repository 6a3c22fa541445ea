// The builder's preview: the storefront's draft (?preview=draft) in a frame as wide as a phone (390 px), a tablet
// (820 px) or a desktop (1280 px). A frame wider than the space is drawn at its real width and scaled down, so the
// page's media queries see the device's width and responsive settings show as on that device.
import { forwardRef, useEffect, useRef, useState } from 'react';
import type { Breakpoint } from '../../src/themes/schema.ts';
import { useLabels } from './labels.ts';
import { useThemeLabels } from './theme-labels.ts';

export const DEVICE_WIDTHS: Record<Breakpoint, number> = { phone: 390, tablet: 820, desktop: 1280 };

interface Props { device: Breakpoint; onDevice: (d: Breakpoint) => void; src: string; frameKey: string }

export const PreviewPane = forwardRef<HTMLIFrameElement, Props>(function PreviewPane({ device, onDevice, src, frameKey }, frame) {
  const L = useLabels();
  const T = useThemeLabels();
  const wrap = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ w: 0, h: 0 });
  useEffect(() => {
    const el = wrap.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([e]) => { if (e) setBox({ w: e.contentRect.width, h: e.contentRect.height }); });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const width = DEVICE_WIDTHS[device];
  // The frame's 1px border on each side counts in the space it takes.
  const outer = width + 2;
  const scale = box.w > 0 && box.w < outer ? box.w / outer : 1;
  const names: Record<Breakpoint, string> = { phone: L.phone, tablet: T.tablet, desktop: L.desktop };
  return (
    <section className="bf-preview" aria-label={L.preview}>
      <div className="bf-preview-bar">
        <div role="group" aria-label={L.width}>
          {(['phone', 'tablet', 'desktop'] as const).map((d) => (
            <button key={d} type="button" className="bf-btn bf-small" data-device={d} aria-pressed={device === d} onClick={() => onDevice(d)}>{names[d]}</button>
          ))}
        </div>
        <a className="bf-small-link" href={src} target="_blank" rel="noopener">{L.openTab} ↗</a>
      </div>
      <div ref={wrap} className={`bf-frame-wrap bf-${device}`}>
        <iframe ref={frame} key={frameKey} title={L.previewFrame} src={src} data-device={device}
          style={scale < 1 ? {
            width, height: box.h / scale - 2, transform: `scale(${scale})`, transformOrigin: 'top left',
            // Negative margins give the scaled frame its drawn size in the layout.
            marginRight: outer * (scale - 1), marginBottom: box.h - box.h / scale,
          } : { width }} />
      </div>
    </section>
  );
});
