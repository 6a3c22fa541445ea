// A chart of values per day, week or month (issue 25): uPlot, drawn on a canvas once the island is near the screen.
// Only admin pages (shop dashboard, supplier workspace, wallet, operator console) render it, so uPlot's code and
// style ship with those pages only. The numbers are also in the table the page prints beside it (the chart is an
// image with a label for screen readers; the table is what they read). Texts arrive translated as props.
import 'uplot/dist/uPlot.min.css';
import './chart.css';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { formatBucket, formatTick, formatValue, type ChartUnit, type ValueFormat } from './format.ts';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
  /** money: minor units of `currency`; count: a whole number. The second format met gets the right-hand axis. */
  format: ValueFormat;
  type?: 'line' | 'bars';
}

export interface ChartProps {
  /** The first day of each bucket, YYYY-MM-DD. */
  buckets: string[];
  unit: ChartUnit;
  series: ChartSeries[];
  locale: string;
  currency?: string;
  /** What the chart shows, for screen readers (the table beside it has the numbers). */
  label: string;
  /** The name of the buckets in the hover legend ("Periodo"). */
  xLabel: string;
  height?: number;
}

export default function Chart({ buckets, unit, series, locale, currency = 'MXN', label, xLabel, height = 240 }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    let gone = false;
    const observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height }));
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      const formats = [...new Set(series.map((s) => s.format))];
      const scaleOf = (f: ValueFormat) => (formats.indexOf(f) === 0 ? 'y' : 'y2');
      // Buckets are calendar days: placed at UTC midnight and read in UTC (tzDate), so no browser time zone moves a tick.
      const xs = buckets.map((b) => Date.parse(`${b}T00:00:00Z`) / 1000);
      const bars = UPlot.paths.bars!({ size: [0.6, 48], align: 0 });
      const opts: uPlot.Options = {
        width: el.clientWidth || 600, height,
        tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] }, y2: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
        axes: [
          { values: (_u, ticks) => ticks.map((t) => formatBucket(new Date(t * 1000).toISOString().slice(0, 10), unit, locale)), stroke: '#52606d', grid: { show: false } },
          { scale: 'y', values: (_u, ticks) => ticks.map((v) => formatTick(v, formats[0]!, locale, currency)), stroke: '#52606d', size: 64, grid: { stroke: '#e4e7eb' } },
          ...(formats.length > 1 ? [{ scale: 'y2', side: 1, values: (_u: uPlot, ticks: number[]) => ticks.map((v) => formatTick(v, formats[1]!, locale, currency)), stroke: '#52606d', size: 48, grid: { show: false } } as uPlot.Axis] : []),
        ],
        series: [
          { label: xLabel, value: (_u, v) => (v === null ? '–' : formatBucket(new Date(v * 1000).toISOString().slice(0, 10), unit, locale, true)) },
          ...series.map((s): uPlot.Series => ({
            label: s.label, scale: scaleOf(s.format), stroke: s.color, width: s.type === 'bars' ? 0 : 2,
            fill: s.type === 'bars' ? s.color : undefined, paths: s.type === 'bars' ? bars : undefined,
            points: { show: s.type !== 'bars' && buckets.length <= 45 },
            value: (_u, v) => formatValue(v, s.format, locale, currency),
          })),
        ],
        cursor: { drag: { x: false, y: false } },
        legend: { live: true },
      };
      plot = new UPlot(opts, [xs, ...series.map((s) => s.values)], el);
      el.dataset.chartReady = 'true';
      observer.observe(el);
    });
    return () => { gone = true; observer.disconnect(); plot?.destroy(); };
  }, [buckets, unit, series, locale, currency, xLabel, height]);
  return <div className="chart-box" ref={box} role="img" aria-label={label} style={{ minHeight: height }} />;
}
